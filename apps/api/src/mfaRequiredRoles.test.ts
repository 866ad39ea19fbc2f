/**
 * REQ-auth-mfa-roles: MFA_REQUIRED_ROLES adds roles to those that need a second factor on every API call
 * (doctor, admin, manage:users), read with the REQ-access role (a nurse's dashboard is a patient's); a name
 * that is no role stops the start.
 */
import { MFA_REQUIRED_MESSAGE } from '@sentinel/domain';
import { SettingsError } from '@sentinel/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { mfaRequiredRolesFrom, settingsFromEnv } from './config';
import { startTestServer, type TestServer } from './testkit';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const me = async (app: TestServer['app'], token: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('roles set to require a second factor (MFA_REQUIRED_ROLES)', () => {
  it('refuses a nurse signed in with a password only once nurse is set, on every call', async () => {
    server = await startTestServer({ mfaRequiredRoles: ['nurse'] });
    const passwordOnly = await server.tokenFor('nora', { amr: ['pwd'] });
    expect(await me(server.app, passwordOnly)).toEqual({
      status: 401,
      body: { error: 'mfa_required', message: MFA_REQUIRED_MESSAGE },
    });
    const records = await server.app.inject({
      method: 'GET',
      url: '/api/records',
      headers: { authorization: `Bearer ${passwordOnly}` },
    });
    expect(records.statusCode).toBe(401);
    expect((await me(server.app, await server.tokenFor('nora', { amr: ['pwd', 'otp'] }))).status).toBe(200);
  });

  it('lets the same nurse in with a password when the setting is unset, and asks nothing more of a patient', async () => {
    server = await startTestServer();
    expect((await me(server.app, await server.tokenFor('nora', { amr: ['pwd'] }))).status).toBe(200);
    await server.close();
    server = await startTestServer({ mfaRequiredRoles: ['nurse'] });
    expect((await me(server.app, await server.tokenFor('jane', { amr: ['pwd'] }))).status).toBe(200);
  });

  it('keeps the fixed roles: a doctor still needs the second factor when only nurse is set', async () => {
    server = await startTestServer({ mfaRequiredRoles: ['nurse'] });
    expect((await me(server.app, await server.tokenFor('alice', { amr: ['pwd'] }))).status).toBe(401);
  });
});

describe('the MFA_REQUIRED_ROLES setting', () => {
  it('is read with the other settings, comma-separated, in any case; unset means none', () => {
    expect(settingsFromEnv({ MFA_REQUIRED_ROLES: 'nurse, Patient,lab-tech' }).mfaRequiredRoles).toEqual([
      'nurse',
      'patient',
      'lab_tech',
    ]);
    expect(settingsFromEnv({}).mfaRequiredRoles).toEqual([]);
    expect(settingsFromEnv({ MFA_REQUIRED_ROLES: ' ' }).mfaRequiredRoles).toEqual([]);
  });

  it('stops the start with a clear message for a name that is no role', () => {
    expect(() => mfaRequiredRolesFrom({ MFA_REQUIRED_ROLES: 'nurse,nurses' })).toThrow(SettingsError);
    expect(() => settingsFromEnv({ MFA_REQUIRED_ROLES: 'nurse,nurses' })).toThrow(
      'MFA_REQUIRED_ROLES names "nurses", which is not a role; use a comma-separated list of patient, doctor, ' +
        'admin, nurse, pharmacist, lab_tech, dietitian.',
    );
  });
});
