import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLAIM_NAMESPACE, permissionsForRole } from '@sentinel/domain';
import { PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { ManagementClient } from 'auth0';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEXTS } from '../pages';
import { startIdp, type RunningIdp } from '../server';
import { API_CLIENT_ID, PORTAL_CLIENT_ID, type IdpSettings } from '../settings';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL, REDIRECT_URI } from '../testClient';
import { DATABASE_CONNECTION, MANAGEMENT_SCOPES } from './scopes';

const API = 'https://api.sentinel-health.example';
const SECRET = 'management-test-secret-0123456789abcdef';
const STRONG = 'lantern-orbit-cobalt-93';
/** A passkey as the directory keeps it (public data only; the Management API never checks its key). */
const PASSKEY = {
  id: 'passkey-credential-id',
  publicKey: 'pQECAyYgASFYIGZha2U',
  counter: 0,
  transports: ['internal'],
  name: 'Passkey',
};

let dataDir: string;
let idp: RunningIdp;
let client: ManagementClient;

const settings = (): IdpSettings => ({
  port: 0,
  host: 'localhost',
  portalOrigin: PORTAL,
  extraRedirectUris: [],
  apiAudience: API,
  apiClientSecret: SECRET,
  dataDir,
});

/**
 * The SDK always builds https://{domain} URLs; the embedded provider listens on plain http on localhost. Its
 * own `fetch` option carries every call (token and API) there, as apps/api does.
 */
const overHttp: typeof fetch = (input, init) => {
  const url = (input instanceof Request ? input.url : String(input)).replace(/^https:\/\//, 'http://');
  return input instanceof Request ? fetch(new Request(url, input)) : fetch(url, init);
};

const audience = () => `${idp.issuer}api/v2/`;
const base = () => `${idp.url}/api/v2`;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-mgmt-'));
  idp = await startIdp(settings(), { accounts: PERSONA_LIST, silent: true });
  client = new ManagementClient({
    domain: `localhost:${idp.port}`,
    clientId: API_CLIENT_ID,
    clientSecret: SECRET,
    audience: audience(),
    fetch: overHttp,
    maxRetries: 0,
  });
});

afterEach(async () => {
  await idp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A client-credentials request as the SDK makes it (client_secret_post, Auth0's `audience`). */
async function clientCredentials(fields: Record<string, string> = {}) {
  return fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: API_CLIENT_ID,
      client_secret: SECRET,
      audience: audience(),
      ...fields,
    }),
  });
}

async function managementToken(fields: Record<string, string> = {}) {
  const res = await clientCredentials(fields);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(
  method: string,
  route: string,
  options: { token?: string; body?: unknown; raw?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base()}${route}`, {
    method,
    headers,
    ...(options.raw !== undefined ? { body: options.raw } : {}),
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

type Tokens = { access_token: string; refresh_token?: string };

/** Signs a person without a second factor in through the provider's pages, as the portal would. */
async function signIn(email: string, password: string) {
  const browser = new Browser(idp.url);
  const pkce = newPkce();
  const start = await browser.follow(authorizeUrl(pkce));
  const done = await browser.postForm(formAction(await start.res.text()), { email, password });
  return { browser, pkce, done };
}

async function signInTokens(email: string, password: string): Promise<Tokens> {
  const { pkce, done } = await signIn(email, password);
  const code = done.url.searchParams.get('code');
  expect(code, 'the sign-in came back with a code').toBeTruthy();
  const res = await fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code: code ?? '',
      code_verifier: pkce.verifier,
      redirect_uri: REDIRECT_URI,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

const refresh = (refreshToken: string) =>
  fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: refreshToken,
    }),
  });

/** What the provider's store holds for an account: sessions, grants, refresh tokens, codes. */
async function storedFor(sub: string) {
  const counts: Record<string, number> = {};
  for (const model of ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode']) {
    const file = path.join(dataDir, 'store', `${model}.json`);
    const table = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<
      string,
      { payload: { accountId?: string } }
    >;
    counts[model] = Object.values(table).filter((e) => e.payload.accountId === sub).length;
  }
  return counts;
}

const newUser = (email = 'maria.lopez@example.com') => ({
  connection: DATABASE_CONNECTION,
  email,
  name: 'Maria Lopez',
  given_name: 'Maria',
  family_name: 'Lopez',
});

describe('client credentials for the Management API', () => {
  it("gives the API's client an RS256 at+jwt for the Management API audience with every scope of its grant", async () => {
    const res = await clientCredentials();
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
      scope: string;
    };
    expect(body.token_type).toBe('Bearer');
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ iss: idp.issuer, aud: audience(), client_id: API_CLIENT_ID });
    expect(String(claims.scope).split(' ').sort()).toEqual([...MANAGEMENT_SCOPES].sort());
    expect(body.scope.split(' ').sort()).toEqual([...MANAGEMENT_SCOPES].sort());
  });

  it('gives only the scopes asked for when the request names some', async () => {
    const claims = decodeJwt(await managementToken({ scope: 'read:users' }));
    expect(claims.scope).toBe('read:users');
  });

  it("refuses client credentials for the user API's audience and for any client but the API's", async () => {
    const forApi = await clientCredentials({ audience: API });
    expect(forApi.status).toBe(400);
    expect(await forApi.json()).toMatchObject({ error: 'invalid_target' });

    const portal = await fetch(`${idp.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: PORTAL_CLIENT_ID,
        audience: audience(),
      }),
    });
    expect(portal.status).toBe(400);
    const refused: unknown = await portal.json();
    expect(refused).toMatchObject({
      error_description: 'requested grant type is not allowed for this client',
    });

    const wrongSecret = await clientCredentials({ client_secret: 'not-the-secret-of-the-api-client-000' });
    expect(wrongSecret.status).toBe(401);
  });

  it('never lets a sign-in ask for a token for the Management API', async () => {
    const browser = new Browser(idp.url);
    const { res, url } = await browser.follow(authorizeUrl(newPkce(), { audience: audience() }));
    // The error comes back to the portal, or as the provider's error page; never a sign-in form.
    const where = url.origin === PORTAL ? url.searchParams.get('error') : await res.text();
    expect(where).toContain('invalid_target');
  });
});

describe('users through the auth0 ManagementClient', () => {
  it('creates an invited user without a password, in Auth0 user shape', async () => {
    const before = Date.now();
    const created = await client.users.create(newUser());
    expect(created.user_id).toMatch(/^auth0\|[0-9a-f]{24}$/);
    expect(created).toMatchObject({
      email: 'maria.lopez@example.com',
      email_verified: false,
      name: 'Maria Lopez',
      given_name: 'Maria',
      family_name: 'Lopez',
      blocked: false,
      logins_count: 0,
      identities: [
        {
          connection: DATABASE_CONNECTION,
          provider: 'auth0',
          user_id: created.user_id?.slice('auth0|'.length),
          isSocial: false,
        },
      ],
    });
    expect(Date.parse(String(created.created_at))).toBeGreaterThanOrEqual(before - 1000);
    expect(created).not.toHaveProperty('last_password_reset');
    expect(created).not.toHaveProperty('last_login');
    expect((await idp.directory.find(String(created.user_id)))?.state).toBe('invited');
    // An invited account cannot sign in with any password.
    expect((await idp.directory.authenticate('maria.lopez@example.com', STRONG)).ok).toBe(false);
  });

  it('creates an active user when a password is given, which then signs in', async () => {
    const created = await client.users.create({
      ...newUser(),
      password: STRONG,
      app_metadata: { department: 'Cardiology' },
    });
    expect(created.email_verified).toBe(true);
    expect(created.last_password_reset).toBeTruthy();
    expect(created.app_metadata).toEqual({ department: 'Cardiology' });
    const account = await idp.directory.find(String(created.user_id));
    expect(account).toMatchObject({
      state: 'active',
      department: 'Cardiology',
      role: '',
      roles: [],
      permissions: [],
    });
    const check = await idp.directory.authenticate('maria.lopez@example.com', STRONG);
    expect(check.ok).toBe(true);
  });

  it('lists users a page at a time with totals, and finds one by e-mail in any case', async () => {
    const first = await client.users.list({ page: 0, per_page: 3, include_totals: true });
    expect(first.data).toHaveLength(3);
    expect(first.response).toMatchObject({ start: 0, limit: 3, length: 3, total: PERSONA_LIST.length });
    const emails = [...PERSONA_LIST.map((p) => p.email)].sort();
    expect(first.data.map((u) => u.email)).toEqual(emails.slice(0, 3));
    const last = await client.users.list({ page: 2, per_page: 3, include_totals: true });
    expect(last.data.map((u) => u.email)).toEqual(emails.slice(6, 9));

    const plain = await call('GET', '/users?per_page=2', { token: await managementToken() });
    expect(Array.isArray(plain.body)).toBe(true);

    const found = await client.users.listUsersByEmail({ email: PERSONAS.alice.email.toUpperCase() });
    expect(found.map((u) => u.user_id)).toEqual([PERSONAS.alice.sub]);
    expect(found[0]?.multifactor).toEqual(['google-authenticator']);
    expect(await client.users.listUsersByEmail({ email: 'nobody@example.com' })).toEqual([]);
  });

  it('gets one user; an unknown id is a 404', async () => {
    const alice = await client.users.get(PERSONAS.alice.sub);
    expect(alice).toMatchObject({
      user_id: PERSONAS.alice.sub,
      email: PERSONAS.alice.email,
      app_metadata: {
        department: PERSONAS.alice.department,
        specializations: [...PERSONAS.alice.specializations],
      },
    });
    await expect(client.users.get('auth0|000000000000000000000000')).rejects.toMatchObject({
      statusCode: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        message: 'The user does not exist.',
        errorCode: 'inexistent_user',
      },
    });
  });

  it('updates the name parts and e-mail, merges app_metadata per top-level key and sets a new password', async () => {
    const { user_id: id = '' } = await client.users.create({
      ...newUser(),
      app_metadata: {
        department: 'Cardiology',
        invitation: { sent_at: '2026-11-01T00:00:00.000Z' },
        note: 'x',
      },
    });
    const updated = await client.users.update(id, {
      given_name: 'María',
      family_name: 'López',
      name: 'María López',
      email: 'maria.lopez@clinic.example',
      app_metadata: {
        invitation: { sent_at: '2026-11-02T00:00:00.000Z' },
        note: null,
        specializations: ['Internal Medicine'],
      },
    });
    expect(updated).toMatchObject({ name: 'María López', given_name: 'María', family_name: 'López' });
    expect(updated.email).toBe('maria.lopez@clinic.example');
    expect(updated.app_metadata).toEqual({
      department: 'Cardiology',
      invitation: { sent_at: '2026-11-02T00:00:00.000Z' },
      specializations: ['Internal Medicine'],
    });
    expect(await idp.directory.find(id)).toMatchObject({
      specializations: ['internal-medicine'],
      department: 'Cardiology',
    });

    const withPassword = await client.users.update(id, { password: STRONG });
    expect(withPassword.last_password_reset).toBeTruthy();
    expect((await idp.directory.authenticate('maria.lopez@clinic.example', STRONG)).ok).toBe(true);
  });

  it('refuses an e-mail another user has, on create and on update (409)', async () => {
    await expect(client.users.create(newUser(PERSONAS.jane.email.toUpperCase()))).rejects.toMatchObject({
      statusCode: 409,
      body: { statusCode: 409, error: 'Conflict', errorCode: 'auth0_idp_error' },
    });
    const { user_id: id = '' } = await client.users.create({ ...newUser(), password: STRONG });
    await expect(
      client.users.update(id, { email: PERSONAS.jane.email, password: 'another-cobalt-lantern-7' }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    // Nothing of the refused change was kept, the password included.
    expect((await idp.directory.authenticate('maria.lopez@example.com', STRONG)).ok).toBe(true);
  });

  it('deletes a user; the id is unknown afterwards', async () => {
    const { user_id: id = '' } = await client.users.create(newUser());
    await client.users.delete(id);
    expect(await idp.directory.find(id)).toBeUndefined();
    await expect(client.users.delete(id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('roles through the auth0 ManagementClient', () => {
  it('lists one role per directory role, named as the roles claim names it', async () => {
    const roles = await client.roles.list({ per_page: 50 });
    expect(roles.data.map((r) => [r.id, r.name])).toEqual([
      ['rol_patient', 'Patient'],
      ['rol_doctor', 'Doctor'],
      ['rol_admin', 'Admin'],
      ['rol_nurse', 'Nurse'],
      ['rol_pharmacist', 'Pharmacist'],
      ['rol_lab_tech', 'Lab Tech'],
      ['rol_dietitian', 'Dietitian'],
    ]);
  });

  it("assigns a role: the directory role, the roles claim's name and the role's default permissions", async () => {
    const { user_id: id = '' } = await client.users.create(newUser());
    expect((await client.users.roles.list(id)).data).toEqual([]);
    await client.users.roles.assign(id, { roles: ['rol_doctor'] });
    expect(await idp.directory.find(id)).toMatchObject({
      role: 'doctor',
      roles: ['Doctor'],
      permissions: permissionsForRole('doctor'),
    });
    expect((await client.users.roles.list(id)).data.map((r) => r.id)).toEqual(['rol_doctor']);

    await client.users.roles.delete(id, { roles: ['rol_doctor'] });
    expect(await idp.directory.find(id)).toMatchObject({ role: '', roles: [], permissions: [] });
  });

  it('refuses an unknown role id (404) and more than one role at a time (400)', async () => {
    const { user_id: id = '' } = await client.users.create(newUser());
    await expect(client.users.roles.assign(id, { roles: ['rol_surgeon'] })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(client.users.roles.assign(id, { roles: ['rol_doctor', 'rol_admin'] })).rejects.toMatchObject(
      {
        statusCode: 400,
      },
    );
    await expect(
      client.users.roles.assign('auth0|000000000000000000000000', { roles: ['rol_nurse'] }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('password-change tickets through the auth0 ManagementClient', () => {
  it('gives an invitation link to a user who never set a password, valid for the lifetime asked', async () => {
    const { user_id: id = '' } = await client.users.create(newUser());
    const before = Date.now();
    const { ticket } = await client.tickets.changePassword({ user_id: id, ttl_sec: 259_200 });
    const url = new URL(String(ticket));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.url}/invitation`);
    const token = url.searchParams.get('ticket') ?? '';
    expect(await idp.directory.peekTicket(token, 'invitation')).toEqual({ sub: id });
    const info = await idp.directory.ticketInfo(id, 'invitation');
    const lifetime = Date.parse(String(info?.expiresAt)) - before;
    expect(lifetime).toBeGreaterThan(259_200_000 - 5000);
    expect(lifetime).toBeLessThanOrEqual(259_200_000 + 5000);
  });

  it('gives a reset link to a user who has a password, for 5 days by default', async () => {
    const before = Date.now();
    const { ticket } = await client.tickets.changePassword({ user_id: PERSONAS.jane.sub });
    const url = new URL(String(ticket));
    expect(url.pathname).toBe('/reset');
    expect(await idp.directory.peekTicket(url.searchParams.get('ticket') ?? '', 'reset')).toEqual({
      sub: PERSONAS.jane.sub,
    });
    const info = await idp.directory.ticketInfo(PERSONAS.jane.sub, 'reset');
    expect(Date.parse(String(info?.expiresAt)) - before).toBeGreaterThan(432_000_000 - 5000);
  });

  it('refuses an unknown user (404) and a lifetime past 30 days (400)', async () => {
    await expect(
      client.tickets.changePassword({ user_id: 'auth0|000000000000000000000000' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      client.tickets.changePassword({ user_id: PERSONAS.jane.sub, ttl_sec: 2_592_001 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { errorCode: 'invalid_body' },
    });
  });
});

describe("resetting a user's second factor through the auth0 ManagementClient", () => {
  it.each([
    [
      'users.authenticationMethods.deleteAll',
      (id: string) => client.users.authenticationMethods.deleteAll(id),
    ],
    ['users.authenticators.deleteAll', (id: string) => client.users.authenticators.deleteAll(id)],
    [
      'users.multifactor.deleteProvider',
      (id: string) => client.users.multifactor.deleteProvider(id, 'google-authenticator'),
    ],
  ])('%s removes the enrolled authenticator and its recovery codes', async (_name, reset) => {
    const sub = PERSONAS.alice.sub;
    await idp.directory.setRecoveryCodes(sub, ['abcdefghjk', 'mnpqrstuvw']);
    expect((await client.users.get(sub)).multifactor).toEqual(['google-authenticator']);
    await reset(sub);
    expect(await idp.directory.totpSecret(sub)).toBeUndefined();
    expect(await idp.directory.recoveryCodesLeft(sub)).toBe(0);
    expect(await idp.directory.useRecoveryCode(sub, 'abcdefghjk')).toEqual({ used: false });
    expect(await client.users.get(sub)).not.toHaveProperty('multifactor');
  });

  it('lists passkeys as webauthn-platform and webauthn-roaming; deleting one name keeps the other', async () => {
    const sub = PERSONAS.alice.sub;
    await idp.directory.addPasskey(sub, {
      ...PASSKEY,
      id: 'platform-key',
      transports: ['internal', 'hybrid'],
    });
    await idp.directory.addPasskey(sub, { ...PASSKEY, id: 'roaming-key', transports: ['usb'] });
    expect((await client.users.get(sub)).multifactor).toEqual([
      'google-authenticator',
      'webauthn-platform',
      'webauthn-roaming',
    ]);
    // The SDK types only duo and google-authenticator here; Auth0's REST path takes the passkey names too.
    const removed = await call('DELETE', `/users/${encodeURIComponent(sub)}/multifactor/webauthn-roaming`, {
      token: await managementToken(),
    });
    expect(removed.status).toBe(204);
    expect((await idp.directory.passkeys(sub)).map((p) => p.id)).toEqual(['platform-key']);
    expect(await idp.directory.totpSecret(sub)).toBeDefined();
    expect((await client.users.get(sub)).multifactor).toEqual(['google-authenticator', 'webauthn-platform']);
  });

  it.each([
    [
      'users.authenticationMethods.deleteAll',
      (id: string) => client.users.authenticationMethods.deleteAll(id),
    ],
    ['users.authenticators.deleteAll', (id: string) => client.users.authenticators.deleteAll(id)],
  ])('%s removes the passkeys too', async (_name, reset) => {
    const sub = PERSONAS.alice.sub;
    await idp.directory.addPasskey(sub, PASSKEY);
    await reset(sub);
    expect(await idp.directory.passkeys(sub)).toEqual([]);
    expect(await idp.directory.totpSecret(sub)).toBeUndefined();
    expect(await client.users.get(sub)).not.toHaveProperty('multifactor');
  });

  it('answers 404 for an unknown user', async () => {
    await expect(
      client.users.authenticationMethods.deleteAll('auth0|000000000000000000000000'),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('who may call the Management API', () => {
  it('answers 401 without a token, in Auth0 error shape with a Bearer challenge', async () => {
    const res = await call('GET', '/users');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Missing authentication',
      errorCode: 'missing_authentication',
    });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it("answers 401 to a signed-in user's own access token for the API", async () => {
    const tokens = await signInTokens(PERSONAS.jane.email, PERSONAS.jane.password);
    const res = await call('GET', '/users', { token: tokens.access_token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ errorCode: 'invalid_token' });
  });

  it('answers 403 insufficient_scope when the token lacks the scope of the route', async () => {
    const token = await managementToken({ scope: 'read:users' });
    expect((await call('GET', '/users', { token })).status).toBe(200);
    const res = await call('POST', '/users', { token, body: newUser() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Insufficient scope, expected any of: create:users',
      errorCode: 'insufficient_scope',
    });
    expect((await call('DELETE', `/users/${encodeURIComponent(PERSONAS.jane.sub)}`, { token })).status).toBe(
      403,
    );
    expect(await idp.directory.find(PERSONAS.jane.sub)).toBeDefined();
  });

  it('answers 404 for a path it does not serve', async () => {
    const res = await call('GET', '/clients', { token: await managementToken() });
    expect(res.status).toBe(404);
  });
});

describe('bad requests', () => {
  const cases: [string, string, string, unknown, RegExp][] = [
    [
      'a user without connection',
      'POST',
      '/users',
      { email: 'a@example.com' },
      /Missing required property: connection/,
    ],
    [
      'a user of another connection',
      'POST',
      '/users',
      { connection: 'google-oauth2', email: 'a@example.com' },
      /connection does not exist/,
    ],
    [
      'a user without e-mail',
      'POST',
      '/users',
      { connection: DATABASE_CONNECTION },
      /Missing required property: email/,
    ],
    [
      'a malformed e-mail',
      'POST',
      '/users',
      { connection: DATABASE_CONNECTION, email: 'not-an-email' },
      /format email/,
    ],
    [
      'a number as name',
      'POST',
      '/users',
      { connection: DATABASE_CONNECTION, email: 'a@example.com', name: 5 },
      /Expected type string but found type number' on property name/,
    ],
    [
      'a field Auth0 does not know',
      'POST',
      '/users',
      { ...newUser(), admin: true },
      /Additional properties not allowed: admin/,
    ],
    [
      'a common password',
      'POST',
      '/users',
      { ...newUser(), password: 'password1234' },
      /PasswordStrengthError/,
    ],
    [
      'a short password',
      'PATCH',
      `/users/${encodeURIComponent(PERSONAS.jane.sub)}`,
      { password: 'short' },
      /at least 12 characters/,
    ],
    [
      'blocked as text',
      'PATCH',
      `/users/${encodeURIComponent(PERSONAS.jane.sub)}`,
      { blocked: 'yes' },
      /on property blocked/,
    ],
    [
      'app_metadata as a list',
      'PATCH',
      `/users/${encodeURIComponent(PERSONAS.jane.sub)}`,
      { app_metadata: [] },
      /on property app_metadata/,
    ],
    [
      'roles missing',
      'POST',
      `/users/${encodeURIComponent(PERSONAS.jane.sub)}/roles`,
      {},
      /Missing required property: roles/,
    ],
    [
      'a ticket without user_id',
      'POST',
      '/tickets/password-change',
      { ttl_sec: 60 },
      /Missing required property: user_id/,
    ],
    [
      'a ticket lifetime as text',
      'POST',
      '/tickets/password-change',
      { user_id: PERSONAS.jane.sub, ttl_sec: '60' },
      /on property ttl_sec/,
    ],
  ];
  it.each(cases)(
    'refuses %s with 400 and a message naming the problem',
    async (_name, method, route, body, message) => {
      const res = await call(method, route, { token: await managementToken(), body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(String(res.body?.message)).toMatch(message);
    },
  );

  it('refuses a body that is not JSON and a page size past 100', async () => {
    const token = await managementToken();
    const broken = await call('POST', '/users', { token, raw: '{"email":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ message: 'Invalid request payload JSON format.' });
    const big = await call('GET', '/users?per_page=101', { token });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ errorCode: 'invalid_query_string' });
  });
});

describe('suspension, deletion and role changes take effect at the provider at once', () => {
  it("a blocked user's refresh token is refused and their sign-in answers the suspended message", async () => {
    const jane = PERSONAS.jane;
    const tokens = await signInTokens(jane.email, jane.password);
    expect(tokens.refresh_token).toBeTruthy();
    expect(Object.values(await storedFor(jane.sub)).some((n) => n > 0)).toBe(true);

    const blocked = await client.users.update(jane.sub, { blocked: true });
    expect(blocked.blocked).toBe(true);
    expect(await storedFor(jane.sub)).toEqual({
      Session: 0,
      Grant: 0,
      RefreshToken: 0,
      AuthorizationCode: 0,
    });

    const refreshed = await refresh(tokens.refresh_token ?? '');
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });

    const again = await signIn(jane.email, jane.password);
    expect(again.done.res.status).toBe(403);
    expect(await again.done.res.text()).toContain(TEXTS.accountBlocked);

    // Unblocked, the same password signs in again.
    await client.users.update(jane.sub, { blocked: false });
    expect((await signInTokens(jane.email, jane.password)).access_token).toBeTruthy();
  });

  it("a deleted user's sessions, grants and refresh tokens are gone from the provider", async () => {
    const john = PERSONAS.john;
    const tokens = await signInTokens(john.email, john.password);
    const held = await storedFor(john.sub);
    expect(held.Session).toBeGreaterThan(0);
    expect(held.RefreshToken).toBeGreaterThan(0);

    await client.users.delete(john.sub);
    expect(await storedFor(john.sub)).toEqual({
      Session: 0,
      Grant: 0,
      RefreshToken: 0,
      AuthorizationCode: 0,
    });
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(400);
    // Another user's sign-in is untouched.
    const jane = await signInTokens(PERSONAS.jane.email, PERSONAS.jane.password);
    expect((await refresh(jane.refresh_token ?? '')).status).toBe(200);
  });

  it('a role change ends the sign-in, and the next sign-in carries the new role', async () => {
    const jane = PERSONAS.jane;
    const tokens = await signInTokens(jane.email, jane.password);
    expect(decodeJwt(tokens.access_token)[`${CLAIM_NAMESPACE}roles`]).toEqual(['Patient']);

    await client.users.roles.assign(jane.sub, { roles: ['rol_nurse'] });
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(400);

    const next = decodeJwt((await signInTokens(jane.email, jane.password)).access_token);
    expect(next[`${CLAIM_NAMESPACE}roles`]).toEqual(['Nurse']);
    expect(next[`${CLAIM_NAMESPACE}permissions`]).toEqual(permissionsForRole('nurse'));
  });

  it('assigning the role a user already holds leaves their sign-in alone', async () => {
    const jane = PERSONAS.jane;
    const tokens = await signInTokens(jane.email, jane.password);
    await client.users.roles.assign(jane.sub, { roles: ['rol_patient'] });
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(200);
  });
});
