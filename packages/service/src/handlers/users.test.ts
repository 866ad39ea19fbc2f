/**
 * User management with the person at the identity provider (REQ-users-sign-in): the handlers over the memory
 * store and the in-memory provider, run by the route runner as every transport runs them.
 */
import {
  ADMIN_GUARD_MESSAGES,
  DUPLICATE_EMAIL_MESSAGE,
  fail,
  ok,
  permissionsForRole,
  type ManagedUser,
  type Result,
} from '@sentinel/domain';
import type { RouteName } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import type { VerifiedToken } from '../caller';
import { IDENTITY_TEXTS, IdentityAdminError, type IdentityAdmin, type Mailer } from '../identity';
import { createMemoryIdentityAdmin, createMemoryMailer, memoryUserId } from '../identityMemory';
import { runRoute, type Answer, type RouteImpl, type RunnerEnv } from '../runner';
import { openMemoryStore } from '../store/memory';
import type { Store, StoreTx } from '../store/types';
import { userRoutes } from './users';

const NOW = new Date('2026-07-01T09:00:00.000Z');
const HOUR = 3_600_000;

const user = (id: string, name: string, role: ManagedUser['role'], extra: Partial<ManagedUser> = {}) =>
  ({
    id,
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    role,
    lastLogin: '2026-06-30T08:00:00.000Z',
    createdDate: '2026-01-01',
    status: 'active',
    department: '',
    specialization: '',
    phone: '',
    permissions: permissionsForRole(role),
    ...extra,
  }) satisfies ManagedUser;

const ADMIN = user('auth0|admin-1', 'Sam Admin', 'admin');
const DOCTOR = user('auth0|doctor-1', 'Alice Doctor', 'doctor', { department: 'Cardiology' });
const PATIENT = user('auth0|patient-1', 'Jane Patient', 'patient');

/** Tokens are the subject itself, signed in with password and code. */
const verify = async (authorization: string | undefined): Promise<Result<VerifiedToken>> =>
  authorization ? ok({ sub: authorization, amr: ['pwd', 'otp'] }) : fail('unauthorized', 'Sign in.');

type Options = {
  /** The provider as the handlers see it (default: the in-memory one). */
  readonly identity?: (memory: IdentityAdmin) => IdentityAdmin;
  readonly mailer?: Mailer;
  /** The store the handlers write with after a provider call (default: the same store). */
  readonly writer?: (store: Store) => Store;
};

function setUp(options: Options = {}) {
  const store = openMemoryStore({
    seed: { users: [ADMIN, DOCTOR, PATIENT], appointments: [], records: [], prescriptions: [] },
  });
  const memory = createMemoryIdentityAdmin([ADMIN, DOCTOR, PATIENT]);
  const mailbox = createMemoryMailer();
  let clock = NOW;
  const env: RunnerEnv = { store, verify, now: () => clock };
  const routes = userRoutes({
    identity: options.identity?.(memory) ?? memory,
    mailer: options.mailer ?? mailbox,
    store: options.writer?.(store) ?? store,
  });
  const call = async (
    name: RouteName & keyof typeof routes,
    request: { as?: ManagedUser; id?: string; body?: unknown } = {},
  ): Promise<Answer & { json: unknown }> => {
    const answer = await runRoute(name, routes[name] as RouteImpl<typeof name>, env, {
      authorization: (request.as ?? ADMIN).id,
      accessToken: 'token',
      params: request.id === undefined ? {} : { id: request.id },
      query: {},
      contentType: request.body === undefined ? undefined : 'application/json',
      body: request.body === undefined ? '' : JSON.stringify(request.body),
    });
    // A list answer's body is already JSON text (the runner's list check writes it).
    const body = answer.kind === 'json' ? answer.body : undefined;
    return { ...answer, json: typeof body === 'string' ? (JSON.parse(body) as unknown) : body };
  };
  const stored = (id: string) => store.transaction((tx) => tx.getUser(id));
  const lastAudit = async () => (await store.transaction((tx) => tx.listAudit({ all: true }))).at(-1);
  return {
    call,
    memory,
    mailbox,
    stored,
    lastAudit,
    setClock: (at: Date) => {
      clock = at;
    },
  };
}

/** A provider whose every call fails as an unreachable one does. */
const unreachable = (): IdentityAdmin => {
  const down = async (): Promise<never> => {
    throw new TypeError('fetch failed');
  };
  return {
    createUser: down,
    inviteUser: down,
    updateUser: down,
    deleteUser: down,
    signInStates: down,
    signInOf: down,
    resetSecondFactor: down,
  };
};

const NEW_DOCTOR = {
  name: 'Hana Ito',
  email: 'Hana.Ito@Example.com',
  role: 'doctor',
  department: 'Cardiology',
  specialization: 'Cardiology, Internal Medicine',
};

describe('adding a user', () => {
  it('creates the person at the provider first, stores them under its subject, and mails the invitation', async () => {
    const { call, memory, mailbox, stored, lastAudit } = setUp();
    const answer = await call('createUser', { body: NEW_DOCTOR });

    expect(answer.status).toBe(201);
    const created = answer.json as ManagedUser;
    expect(created.id).toBe(memoryUserId(1));
    expect(created.signIn).toStrictEqual({
      state: 'invited',
      secondFactors: [],
      invitationExpires: new Date(NOW.getTime() + 72 * HOUR).toISOString(),
    });
    expect(await stored(memoryUserId(1))).toMatchObject({ email: 'hana.ito@example.com', role: 'doctor' });
    expect(memory.accounts.get(memoryUserId(1))).toMatchObject({
      email: 'hana.ito@example.com',
      role: 'doctor',
      department: 'Cardiology',
      specializations: ['cardiology', 'internal-medicine'],
      passwordSet: false,
    });

    const [mail] = mailbox.sent;
    const link = memory.accounts.get(memoryUserId(1))?.links[0];
    expect(mail?.to).toBe('hana.ito@example.com');
    expect(mail?.subject).toContain('Sam Admin');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('72 hours');
    expect(mail?.text).toMatch(/did not expect/);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(await lastAudit()).toMatchObject({
      resourceId: memoryUserId(1),
      outcome: 'allowed',
      reason: expect.stringContaining('invitation sent'),
    });
  });

  it('answers 409 when the provider already has the e-mail, and stores nothing', async () => {
    const { call, memory, mailbox, stored } = setUp();
    await memory.createUser({ ...NEW_DOCTOR, role: 'doctor', specializations: [] });
    const answer = await call('createUser', { body: NEW_DOCTOR });
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: DUPLICATE_EMAIL_MESSAGE });
    expect(await stored(memoryUserId(2))).toBeUndefined();
    expect(mailbox.sent).toEqual([]);
  });

  it('removes the account at the provider again when the user cannot be stored', async () => {
    const brokenInsert = (store: Store): Store => ({
      ...store,
      transaction: (work) =>
        store.transaction((tx) =>
          work(
            new Proxy(tx, {
              get: (target, key) =>
                key === 'insertUser'
                  ? async () => {
                      throw new Error('disk full');
                    }
                  : (Reflect.get(target, key) as unknown),
            }) as StoreTx,
          ),
        ),
    });
    const { call, memory, mailbox, stored } = setUp({ writer: brokenInsert });
    const answer = await call('createUser', { body: NEW_DOCTOR });
    expect(answer.status).toBe(500);
    expect(answer.json).toStrictEqual({ error: 'internal', message: IDENTITY_TEXTS.notSaved });
    expect(memory.accounts.has(memoryUserId(1))).toBe(false);
    expect(await stored(memoryUserId(1))).toBeUndefined();
    expect(mailbox.sent).toEqual([]);
  });

  it('removes the user and the account again when the invitation cannot be mailed', async () => {
    const broken: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
      },
    };
    const { call, memory, stored, lastAudit } = setUp({ mailer: broken });
    const answer = await call('createUser', { body: NEW_DOCTOR });
    expect(answer.status).toBe(500);
    expect(answer.json).toStrictEqual({ error: 'internal', message: IDENTITY_TEXTS.notInvited });
    expect(memory.accounts.has(memoryUserId(1))).toBe(false);
    expect(await stored(memoryUserId(1))).toBeUndefined();
    expect(await lastAudit()).toMatchObject({
      outcome: 'denied',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('creates nothing when the provider cannot be reached', async () => {
    const { call, mailbox, stored } = setUp({ identity: unreachable });
    const answer = await call('createUser', { body: NEW_DOCTOR });
    expect(answer.status).toBe(500);
    expect(answer.json).toStrictEqual({ error: 'internal', message: IDENTITY_TEXTS.unavailable });
    expect(await stored(memoryUserId(1))).toBeUndefined();
    expect(mailbox.sent).toEqual([]);
  });
});

describe('changes that reach the provider', () => {
  it('suspending blocks the account at the provider, activating unblocks it', async () => {
    const { call, memory, stored } = setUp();
    const suspended = await call('updateUser', { id: DOCTOR.id, body: { status: 'suspended' } });
    expect(suspended.status).toBe(200);
    expect(memory.accounts.get(DOCTOR.id)?.blocked).toBe(true);
    expect((await stored(DOCTOR.id))?.status).toBe('suspended');

    await call('updateUser', { id: DOCTOR.id, body: { status: 'active' } });
    expect(memory.accounts.get(DOCTOR.id)?.blocked).toBe(false);
  });

  it('a role change sets the role at the provider', async () => {
    const { call, memory } = setUp();
    const answer = await call('updateUser', { id: PATIENT.id, body: { role: 'nurse' } });
    expect(answer.json).toMatchObject({ role: 'nurse', permissions: permissionsForRole('nurse') });
    expect(memory.accounts.get(PATIENT.id)?.role).toBe('nurse');
  });

  it('a phone change stays here and does not ask the provider', async () => {
    const { call } = setUp({ identity: unreachable });
    const answer = await call('updateUser', { id: PATIENT.id, body: { phone: '+1 555-0100' } });
    expect(answer.status).toBe(200);
  });

  it('changes nothing when the provider cannot be reached', async () => {
    const { call, stored } = setUp({ identity: unreachable });
    const answer = await call('updateUser', { id: DOCTOR.id, body: { status: 'suspended' } });
    expect(answer.json).toStrictEqual({ error: 'internal', message: IDENTITY_TEXTS.unavailable });
    expect((await stored(DOCTOR.id))?.status).toBe('active');
  });

  it('a user the provider has no account for is still changed here', async () => {
    const { call, memory, stored } = setUp();
    await memory.deleteUser(PATIENT.id);
    const answer = await call('updateUser', { id: PATIENT.id, body: { status: 'suspended' } });
    expect(answer.status).toBe(200);
    expect((await stored(PATIENT.id))?.status).toBe('suspended');
  });

  it('the admin guard still refuses before the provider is asked', async () => {
    const { call, memory } = setUp();
    const answer = await call('updateUser', { id: ADMIN.id, body: { status: 'suspended' } });
    expect(answer.json).toStrictEqual({ error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfSuspend });
    expect(memory.accounts.get(ADMIN.id)?.blocked).toBe(false);
  });

  it('deleting removes the account at the provider and the user here', async () => {
    const { call, memory, stored } = setUp();
    const answer = await call('deleteUser', { id: PATIENT.id });
    expect(answer.status).toBe(204);
    expect(memory.accounts.has(PATIENT.id)).toBe(false);
    expect(await stored(PATIENT.id)).toBeUndefined();
  });

  it('deleting keeps the user when the provider cannot be reached', async () => {
    const { call, stored } = setUp({ identity: unreachable });
    expect((await call('deleteUser', { id: PATIENT.id })).status).toBe(500);
    expect(await stored(PATIENT.id)).toBeDefined();
  });
});

describe('the user list', () => {
  it('shows each user’s sign-in state and last login from the provider', async () => {
    const { call, memory, setClock } = setUp();
    await call('createUser', { body: NEW_DOCTOR });
    memory.seedAccount({
      ...memory.accounts.get(PATIENT.id)!,
      lastLogin: '2026-07-01T08:30:00.000Z',
    });
    setClock(new Date(NOW.getTime() + 73 * HOUR));

    const answer = await call('listUsers');
    const items = (answer.json as { items: ManagedUser[] }).items;
    const byId = (id: string) => items.find((item) => item.id === id);
    expect(byId(memoryUserId(1))?.signIn).toMatchObject({ state: 'invitation-expired', secondFactors: [] });
    expect(byId(memoryUserId(1))?.lastLogin).toBeUndefined();
    expect(byId(DOCTOR.id)?.signIn).toStrictEqual({ state: 'active', secondFactors: ['totp'] });
    expect(byId(PATIENT.id)?.lastLogin).toBe('2026-07-01T08:30:00.000Z');
  });

  it('still answers when the provider cannot be reached, every state unknown', async () => {
    const { call, lastAudit } = setUp({ identity: unreachable });
    const answer = await call('listUsers');
    expect(answer.status).toBe(200);
    const items = (answer.json as { items: ManagedUser[] }).items;
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.signIn?.state === 'unknown')).toBe(true);
    expect(await lastAudit()).toMatchObject({ reason: expect.stringContaining('sign-in states unknown') });
  });
});

describe('resending an invitation', () => {
  it('sends a new link to an invited user whose invitation expired', async () => {
    const { call, memory, mailbox, setClock } = setUp();
    await call('createUser', { body: NEW_DOCTOR });
    const later = new Date(NOW.getTime() + 80 * HOUR);
    setClock(later);

    const answer = await call('resendInvitation', { id: memoryUserId(1) });
    expect(answer.status).toBe(200);
    expect((answer.json as ManagedUser).signIn).toStrictEqual({
      state: 'invited',
      secondFactors: [],
      invitationExpires: new Date(later.getTime() + 72 * HOUR).toISOString(),
    });
    const links = memory.accounts.get(memoryUserId(1))?.links ?? [];
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(links[0]);
    expect(mailbox.sent.map((mail) => mail.to)).toEqual(['hana.ito@example.com', 'hana.ito@example.com']);
    expect(mailbox.sent[1]?.text).toContain(links[1]);
  });

  it('refuses for a user who has already set a password', async () => {
    const { call, mailbox } = setUp();
    const answer = await call('resendInvitation', { id: DOCTOR.id });
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: IDENTITY_TEXTS.alreadySignedUp });
    expect(mailbox.sent).toEqual([]);
  });

  it('refuses for a suspended user and for one the provider does not know', async () => {
    const { call, memory } = setUp();
    await call('updateUser', { id: PATIENT.id, body: { status: 'suspended' } });
    expect((await call('resendInvitation', { id: PATIENT.id })).json).toStrictEqual({
      error: 'conflict',
      message: IDENTITY_TEXTS.suspendedNoInvitation,
    });
    await memory.deleteUser(DOCTOR.id);
    expect((await call('resendInvitation', { id: DOCTOR.id })).json).toStrictEqual({
      error: 'conflict',
      message: IDENTITY_TEXTS.noSignIn,
    });
  });

  it('is refused without manage:users, before the provider is asked', async () => {
    const { call, mailbox } = setUp();
    const answer = await call('resendInvitation', { as: DOCTOR, id: PATIENT.id });
    expect(answer.status).toBe(403);
    expect(mailbox.sent).toEqual([]);
  });
});

describe('resetting a second factor', () => {
  it('removes the user’s second factors at the provider, audited with the reason', async () => {
    const { call, memory, lastAudit } = setUp();
    expect(memory.accounts.get(DOCTOR.id)?.secondFactors).toEqual(['totp']);
    const answer = await call('resetSecondFactor', { id: DOCTOR.id });
    expect(answer.status).toBe(204);
    expect(memory.accounts.get(DOCTOR.id)?.secondFactors).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: 'update',
      resourceType: 'user',
      resourceId: DOCTOR.id,
      outcome: 'allowed',
      reason: expect.stringContaining('enrols again'),
    });
  });

  it('answers 404 for an unknown user and 403 without manage:users', async () => {
    const { call, memory } = setUp();
    expect((await call('resetSecondFactor', { id: 'auth0|nobody' })).status).toBe(404);
    expect((await call('resetSecondFactor', { as: PATIENT, id: DOCTOR.id })).status).toBe(403);
    expect(memory.accounts.get(DOCTOR.id)?.secondFactors).toEqual(['totp']);
  });

  it('answers the unavailable message when the provider cannot be reached', async () => {
    const { call } = setUp({ identity: unreachable });
    const answer = await call('resetSecondFactor', { id: DOCTOR.id });
    expect(answer.json).toStrictEqual({ error: 'internal', message: IDENTITY_TEXTS.unavailable });
  });
});

describe('the provider’s refusals', () => {
  it('an IdentityAdminError of kind conflict on create is the duplicate e-mail message', async () => {
    const { call } = setUp({
      identity: (memory) => ({
        ...memory,
        createUser: async () => {
          throw new IdentityAdminError('conflict', 'The user already exists.');
        },
      }),
    });
    expect((await call('createUser', { body: NEW_DOCTOR })).json).toStrictEqual({
      error: 'conflict',
      message: DUPLICATE_EMAIL_MESSAGE,
    });
  });
});
