/**
 * The API's IdentityAdmin over the `auth0` ManagementClient, against the embedded identity provider (apps/idp)
 * on http://localhost: the SDK's own `fetch` option bridges its https URLs, the API client's credentials from
 * the provider's secret file, and the Management API v2 subset the provider serves (REQ-users-sign-in).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIdp, type RunningIdp } from '@sentinel/idp';
import { IdentityAdminError, type IdentityAdmin } from '@sentinel/service';
import { PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeFetch, createIdentityAdmin, signInOfAuth0User } from './identityAdmin';
import { TEST_AUDIENCE } from './testkit';

const NOW = new Date();
const HOUR = 3_600_000;

let idp: RunningIdp;
let dataDir: string;
let admin: IdentityAdmin;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-api-identity-'));
  idp = await startIdp(
    {
      port: 0,
      host: 'localhost',
      portalOrigin: 'http://localhost:5173',
      extraRedirectUris: [],
      apiAudience: TEST_AUDIENCE,
      dataDir,
    },
    { accounts: PERSONA_LIST, silent: true },
  );
  admin = createIdentityAdmin({
    url: idp.issuer,
    clientId: 'sentinel-api',
    clientSecret: { file: path.join(dataDir, 'api-client.json') },
  });
}, 60_000);

afterAll(async () => {
  await idp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newPerson = (email: string) => ({
  email,
  name: 'Hana Ito',
  role: 'doctor' as const,
  department: 'Cardiology',
  specializations: ['cardiology'],
});

describe('the IdentityAdmin on the embedded provider', () => {
  it('creates an invited account with its role, department and specializations', async () => {
    const { userId } = await admin.createUser(newPerson('hana.ito@example.com'));
    expect(userId).toMatch(/^auth0\|[0-9a-f]{24}$/);
    const account = await idp.directory.find(userId);
    expect(account).toMatchObject({
      email: 'hana.ito@example.com',
      role: 'doctor',
      roles: ['Doctor'],
      department: 'Cardiology',
      specializations: ['cardiology'],
      state: 'invited',
    });
    // No invitation yet: nothing lets them in until one is sent.
    expect(await admin.signInOf(userId, NOW)).toStrictEqual({
      state: 'invitation-expired',
      secondFactors: [],
    });
  });

  it('refuses a second account for a taken e-mail as a conflict', async () => {
    await expect(admin.createUser(newPerson(PERSONAS.jane.email))).rejects.toMatchObject({
      name: 'IdentityAdminError',
      kind: 'conflict',
    });
  });

  it('invites with a 72-hour link to the invitation page, recorded on the account', async () => {
    const { userId } = await admin.createUser(newPerson('nia.nurse@example.com'));
    const { link, expiresAt } = await admin.inviteUser(userId, NOW);
    expect(link.startsWith(`${idp.issuer}invitation?ticket=`)).toBe(true);
    expect(expiresAt).toBe(new Date(NOW.getTime() + 72 * HOUR).toISOString());
    expect(await admin.signInOf(userId, NOW)).toStrictEqual({
      state: 'invited',
      secondFactors: [],
      invitationExpires: expiresAt,
    });
    const later = new Date(NOW.getTime() + 73 * HOUR);
    expect((await admin.signInOf(userId, later))?.state).toBe('invitation-expired');
  });

  it('lists every account’s state in one listing: personas active, TOTP where enrolled', async () => {
    const states = await admin.signInStates(NOW);
    expect(states.get(PERSONAS.alice.sub)).toMatchObject({ state: 'active', secondFactors: ['totp'] });
    expect(states.get(PERSONAS.jane.sub)).toMatchObject({ state: 'active', secondFactors: [] });
    expect(states.size).toBeGreaterThanOrEqual(PERSONA_LIST.length);
  });

  it('blocks and unblocks, changes the role, and deletes', async () => {
    const { userId } = await admin.createUser(newPerson('omar.ortiz@example.com'));
    await admin.updateUser(userId, { blocked: true });
    expect((await idp.directory.find(userId))?.blocked).toBe(true);
    await admin.updateUser(userId, { blocked: false, role: 'nurse', department: 'Ward 3' });
    expect(await idp.directory.find(userId)).toMatchObject({
      blocked: false,
      role: 'nurse',
      roles: ['Nurse'],
      department: 'Ward 3',
    });
    await admin.deleteUser(userId);
    expect(await idp.directory.find(userId)).toBeUndefined();
    await expect(admin.deleteUser(userId)).rejects.toMatchObject({ kind: 'not-found' });
    expect(await admin.signInOf(userId, NOW)).toBeUndefined();
  });

  it('resets a second factor: the TOTP enrolment is gone', async () => {
    expect((await idp.directory.find(PERSONAS.ben.sub))?.totpEnrolled).toBe(true);
    await admin.resetSecondFactor(PERSONAS.ben.sub);
    expect((await idp.directory.find(PERSONAS.ben.sub))?.totpEnrolled).toBe(false);
    expect((await admin.signInOf(PERSONAS.ben.sub, NOW))?.secondFactors).toEqual([]);
  });

  it('sees a passkey as the second factor "passkey", and a reset removes it with the app', async () => {
    const sub = PERSONAS.alice.sub;
    await idp.directory.addPasskey(sub, {
      id: 'alice-passkey',
      publicKey: 'pQECAyYgASFYIGZha2U',
      counter: 0,
      transports: ['internal'],
      name: 'Passkey',
    });
    expect((await admin.signInOf(sub, NOW))?.secondFactors).toEqual(['totp', 'passkey']);
    expect((await admin.signInStates(NOW)).get(sub)?.secondFactors).toEqual(['totp', 'passkey']);
    await admin.resetSecondFactor(sub);
    expect(await idp.directory.passkeys(sub)).toEqual([]);
    expect((await admin.signInOf(sub, NOW))?.secondFactors).toEqual([]);
  });

  it('says the provider is unavailable when its secret cannot be read or it does not answer', async () => {
    const noSecret = createIdentityAdmin({
      url: idp.issuer,
      clientId: 'sentinel-api',
      clientSecret: { file: path.join(dataDir, 'missing.json') },
    });
    await expect(noSecret.signInStates(NOW)).rejects.toMatchObject({ kind: 'unavailable' });
    const nobody = createIdentityAdmin({
      url: 'http://127.0.0.1:9/',
      clientId: 'sentinel-api',
      clientSecret: { value: 'secret' },
      timeoutSeconds: 2,
    });
    const refused = await nobody.signInStates(NOW).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdentityAdminError);
    expect(refused).toMatchObject({ kind: 'unavailable' });
  });

  it('refuses a wrong client secret as unavailable, naming the status', async () => {
    const wrong = createIdentityAdmin({
      url: idp.issuer,
      clientId: 'sentinel-api',
      clientSecret: { value: 'wrong' },
    });
    await expect(wrong.signInStates(NOW)).rejects.toMatchObject({ kind: 'unavailable', message: /401/ });
  });
});

describe('the parts that need no provider', () => {
  it('bridges the SDK’s https URLs to an http provider, under its path, and leaves a real tenant alone', async () => {
    const seen: string[] = [];
    const record: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response('{}');
    };
    await bridgeFetch(new URL('http://localhost:4000/'), record)?.('https://localhost:4000/api/v2/users');
    await bridgeFetch(new URL('http://host.test/idp/'), record)?.('https://host.test/oauth/token');
    expect(seen).toEqual(['http://localhost:4000/api/v2/users', 'http://host.test/idp/oauth/token']);
    expect(bridgeFetch(new URL('https://tenant.eu.auth0.com/'), record)).toBeUndefined();
  });

  it('derives the sign-in state from an Auth0 user object', () => {
    const expires = new Date(NOW.getTime() + HOUR).toISOString();
    const invited = { logins_count: 0, app_metadata: { invitation: { expires_at: expires } } };
    expect(signInOfAuth0User(invited, NOW)).toStrictEqual({
      state: 'invited',
      secondFactors: [],
      invitationExpires: expires,
    });
    expect(signInOfAuth0User(invited, new Date(NOW.getTime() + 2 * HOUR)).state).toBe('invitation-expired');
    expect(
      signInOfAuth0User(
        {
          last_password_reset: '2026-01-01T00:00:00.000Z',
          last_login: '2026-02-01T00:00:00.000Z',
          multifactor: ['google-authenticator', 'webauthn-roaming', 'sms'],
        },
        NOW,
      ),
    ).toStrictEqual({
      state: 'active',
      secondFactors: ['totp', 'passkey'],
      lastLogin: '2026-02-01T00:00:00.000Z',
    });
    expect(signInOfAuth0User({ logins_count: 3 }, NOW).state).toBe('active');
  });
});
