/**
 * A sign-in with a passkey is a sign-in with a second factor (REQ-auth-passkeys, REQ-auth-mfa-signin): the
 * identity provider records it in `amr` as `hwk` (a key held by the device) or `swk` (a synced passkey), and
 * the API lets a doctor or an admin in on it as it does on a TOTP code, while a password alone stays refused.
 */
import { MFA_REQUIRED_MESSAGE } from '@sentinel/domain';
import type { PersonaKey } from '@sentinel/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testkit';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

async function get(who: PersonaKey, url: string, amr: string[]) {
  const token = await server.tokenFor(who, { amr });
  const answer = await server.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  return { status: answer.statusCode, json: JSON.parse(answer.body) as unknown };
}

describe('a passkey as the second factor the API asks of doctors and admins', () => {
  it.each([
    ['alice', '/api/records'],
    ['sam', '/api/users'],
  ] as const)('%s reaches %s after password and passkey, device-bound or synced', async (who, url) => {
    expect((await get(who, url, ['pwd', 'hwk'])).status).toBe(200);
    expect((await get(who, url, ['pwd', 'swk'])).status).toBe(200);
  });

  it.each([
    ['alice', '/api/records'],
    ['sam', '/api/users'],
  ] as const)('%s with the password alone is still refused %s: 401 mfa_required', async (who, url) => {
    expect(await get(who, url, ['pwd'])).toEqual({
      status: 401,
      json: { error: 'mfa_required', message: MFA_REQUIRED_MESSAGE },
    });
  });
});
