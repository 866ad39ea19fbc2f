/**
 * PATCH and DELETE /api/users/:id keep someone able to manage users (REQ-sec; the domain's
 * `guardAdminChange`, as the mock API applies it): an admin cannot suspend, demote or delete their own account,
 * and a refused change is a 409 with the reason that leaves the directory as it was.
 */
import { ADMIN_GUARD_MESSAGES, permissionsForRole, type ManagedUser } from '@sentinel/domain';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testkit';

/** A second admin account, who can sign in (a token for its id) with a second factor. */
const ADA: ManagedUser = {
  id: 'auth0|sentinel-admin-000202',
  name: 'Ada Admin',
  email: 'ada.admin@example.com',
  role: 'admin',
  lastLogin: '2026-11-01T09:00:00.000Z',
  createdDate: '2026-01-05',
  status: 'active',
  department: 'Administration',
  specialization: '',
  phone: '+1 555-0122',
  permissions: permissionsForRole('admin'),
};

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const tokenOf = (who: PersonaKey | 'ada') =>
  who === 'ada' ? server.tokenFor({ sub: ADA.id }, { amr: ['pwd', 'otp'] }) : server.tokenFor(who);

async function change(who: PersonaKey | 'ada', id: string, body?: Record<string, unknown>) {
  const response = await server.app.inject({
    method: body ? 'PATCH' : 'DELETE',
    url: `/api/users/${encodeURIComponent(id)}`,
    headers: {
      authorization: `Bearer ${await tokenOf(who)}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? (JSON.parse(response.body) as unknown) : undefined,
  };
}

const accountOf = (id: string) => server.store.transaction((tx) => tx.getUser(id));

describe('an admin and their own account', () => {
  it('cannot suspend it: 409 with the reason, and the account stays active', async () => {
    expect(await change('sam', PERSONAS.sam.sub, { status: 'suspended' })).toEqual({
      status: 409,
      body: { error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfSuspend },
    });
    expect(await accountOf(PERSONAS.sam.sub)).toMatchObject({ status: 'active', role: 'admin' });
  });

  it('cannot change its role: 409, and it keeps the admin role and permissions', async () => {
    const before = await accountOf(PERSONAS.sam.sub);
    expect(await change('sam', PERSONAS.sam.sub, { role: 'patient' })).toEqual({
      status: 409,
      body: { error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfRole },
    });
    expect(await accountOf(PERSONAS.sam.sub)).toEqual(before);
  });

  it('cannot delete it: 409', async () => {
    expect(await change('sam', PERSONAS.sam.sub)).toEqual({
      status: 409,
      body: { error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfDelete },
    });
    expect(await accountOf(PERSONAS.sam.sub)).toBeDefined();
  });

  it('may still change its details', async () => {
    expect((await change('sam', PERSONAS.sam.sub, { phone: '+1 555-0199' })).status).toBe(200);
    expect(await accountOf(PERSONAS.sam.sub)).toMatchObject({ phone: '+1 555-0199', status: 'active' });
  });
});

describe('two admins', () => {
  it('each may suspend, demote or delete the other, never themselves', async () => {
    await server.store.transaction((tx) => tx.insertUser(ADA));
    expect((await change('ada', ADA.id, { status: 'suspended' })).status).toBe(409);
    expect((await change('ada', PERSONAS.sam.sub, { role: 'doctor' })).status).toBe(200);
    expect((await change('ada', PERSONAS.sam.sub, { status: 'suspended' })).status).toBe(200);
    // Ada is the last active admin now; she still cannot take herself away.
    expect((await change('ada', ADA.id, { role: 'doctor' })).status).toBe(409);
    expect((await change('ada', ADA.id)).status).toBe(409);
    expect(await accountOf(ADA.id)).toMatchObject({ role: 'admin', status: 'active' });
    expect((await change('ada', PERSONAS.sam.sub)).status).toBe(204);
  });
});
