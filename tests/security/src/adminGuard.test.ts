/**
 * Someone is always left to manage users (REQ-users-self; ASVS 4.1.3, 1.4.4; HIPAA 164.308(a)(4),
 * 164.312(a)(1)): through PATCH and DELETE /api/users/:id an admin cannot suspend, demote or delete their own
 * account, and no sequence of changes by the admins leaves the directory without an active admin. A refusal is a
 * 409 with the contract's body and a reason the user-management screen shows, and changes nothing.
 */
import { startTestServer, type TestServer } from '@sentinel/api/testkit';
import { ADMIN_GUARD_MESSAGES, permissionsForRole, type ManagedUser } from '@sentinel/domain';
import { FIXED_NOW, PERSONAS, seed } from '@sentinel/demo-data';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractError, send, type Answer } from './support';

const SAM = seed(FIXED_NOW).users.find((u) => u.id === PERSONAS.sam.sub) as ManagedUser;
/** A second admin, who signs in with a token for her account id and a second factor. */
const ADA: ManagedUser = {
  ...SAM,
  id: 'auth0|sentinel-admin-000202',
  name: 'Ada Admin',
  email: 'ada.admin@example.com',
  phone: '+1 555-0122',
};
type Admin = 'sam' | 'ada';
const ACCOUNTS: Record<Admin, ManagedUser> = { sam: SAM, ada: ADA };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Both admin accounts as seeded: active admins. */
async function resetAdmins() {
  await server.store.transaction(async (tx) => {
    for (const account of Object.values(ACCOUNTS)) {
      if (!(await tx.replaceUser(account))) await tx.insertUser(account);
    }
  });
}

async function as(who: Admin, method: 'GET' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  const token =
    who === 'sam'
      ? await server.tokenFor('sam')
      : await server.tokenFor({ sub: ADA.id }, { amr: ['pwd', 'otp'] });
  return send(server.app, { method, url, token, ...(body === undefined ? {} : { body }) });
}
const userUrl = (who: Admin) => `/api/users/${encodeURIComponent(ACCOUNTS[who].id)}`;

const directory = () => server.store.transaction((tx) => tx.listUsers());
const activeAdmins = async () =>
  (await directory()).filter((u) => u.role === 'admin' && u.status === 'active').map((u) => u.id);

function expectRefused(answer: Answer, message: string) {
  expect(answer.status, answer.text).toBe(409);
  expect(expectContractError(answer, 'conflict').message).toBe(message);
}

describe('an admin cannot take themselves away', () => {
  it.each([
    ['suspending their own account', { status: 'suspended' }, ADMIN_GUARD_MESSAGES.selfSuspend],
    ['demoting their own account', { role: 'patient' }, ADMIN_GUARD_MESSAGES.selfRole],
    [
      'a demotion sent with a detail',
      { role: 'doctor', phone: '+1 555-0100' },
      ADMIN_GUARD_MESSAGES.selfRole,
    ],
    [
      'a suspension sent with a detail',
      { status: 'suspended', phone: '+1 555-0100' },
      ADMIN_GUARD_MESSAGES.selfSuspend,
    ],
  ])('the only admin is refused %s, and nothing changes', async (_label, body, message) => {
    await resetAdmins();
    await server.store.transaction((tx) => tx.removeUser(ADA.id));
    const before = await directory();
    expectRefused(await as('sam', 'PATCH', userUrl('sam'), body), message);
    expect(await directory()).toEqual(before);
    // Still an admin at work: the directory answers.
    expect((await as('sam', 'GET', '/api/users')).status).toBe(200);
  });

  it('the only admin may not delete their own account', async () => {
    await resetAdmins();
    await server.store.transaction((tx) => tx.removeUser(ADA.id));
    expectRefused(await as('sam', 'DELETE', userUrl('sam')), ADMIN_GUARD_MESSAGES.selfDelete);
    expect(await activeAdmins()).toEqual([SAM.id]);
  });
});

describe('whatever the admins do to each other, an active admin remains', () => {
  const command = fc.record({
    actor: fc.constantFrom<Admin>('sam', 'ada'),
    target: fc.constantFrom<Admin>('sam', 'ada'),
    change: fc.constantFrom(
      { status: 'suspended' },
      { status: 'active' },
      { role: 'doctor' },
      { role: 'patient' },
      { role: 'admin' },
      'delete' as const,
    ),
  });

  it('after every accepted or refused change there is an active admin, and never by a change to oneself', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        await resetAdmins();
        for (const { actor, target, change } of commands) {
          const answer =
            change === 'delete'
              ? await as(actor, 'DELETE', userUrl(target))
              : await as(actor, 'PATCH', userUrl(target), change);
          // 401: the actor was suspended or deleted; 403: demoted; 404: the target was deleted.
          expect([200, 204, 401, 403, 404, 409], answer.text).toContain(answer.status);
          if (actor === target && answer.status !== 401 && answer.status !== 403) {
            // Their own account: only a change that keeps them an active admin goes through.
            const own = (await directory()).find((u) => u.id === ACCOUNTS[actor].id);
            expect(own).toMatchObject({ role: 'admin', status: 'active' });
          }
          expect((await activeAdmins()).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a role change by another admin brings that role’s permissions', async () => {
    await resetAdmins();
    expect((await as('ada', 'PATCH', userUrl('sam'), { role: 'doctor' })).status).toBe(200);
    expect((await directory()).find((u) => u.id === SAM.id)?.permissions).toEqual(
      permissionsForRole('doctor'),
    );
  });
});
