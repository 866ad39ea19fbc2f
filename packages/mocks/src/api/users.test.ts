import {
  ADMIN_GUARD_MESSAGES,
  DEFAULT_PERMISSIONS,
  FGA_SAMPLE_QUERIES,
  PRESCRIBING_AUTHORITY_NOTE,
  identityStatus,
  permissionsForRole,
  type ManagedUser,
} from '@sentinel/domain';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, PERSONAS } from '@sentinel/demo-data';
import { call, useMockApi } from '../../test/testkit';
import { DUPLICATE_EMAIL_MESSAGE } from '@sentinel/domain';
import { DEMO_ASSISTANT_STATUS, memoryUserId } from '@sentinel/service';

const ctx = useMockApi();

const suspend = (id: string) => call('sam', 'updateUser', { params: { id }, body: { status: 'suspended' } });

describe('user management (REQ-users, REQ-access-manage-users)', () => {
  it('the admin lists every managed user, each with their sign-in state at the identity provider', async () => {
    const answer = await call('sam', 'listUsers');
    const items = (answer.json as { items: ManagedUser[] }).items;
    expect(items.map(({ signIn: _, ...user }) => user)).toStrictEqual(ctx.api.store.users);
    expect(items.find((u) => u.id === PERSONAS.alice.sub)?.signIn).toStrictEqual({
      state: 'active',
      secondFactors: ['totp'],
    });
    expect(items.find((u) => u.id === PERSONAS.jane.sub)?.signIn).toStrictEqual({
      state: 'active',
      secondFactors: [],
    });
  });

  it('a new user is invited: the provider’s subject, the role’s default permissions, dates from the clock', async () => {
    const answer = await call('sam', 'createUser', {
      body: { name: ' Nia Nurse ', email: 'Nia.Nurse@Example.com', role: 'nurse', department: 'Ward 3' },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toStrictEqual({
      id: memoryUserId(1),
      name: 'Nia Nurse',
      email: 'nia.nurse@example.com',
      role: 'nurse',
      createdDate: '2026-11-02',
      status: 'active',
      department: '',
      specialization: '',
      phone: '',
      permissions: permissionsForRole('nurse'),
      signIn: {
        state: 'invited',
        secondFactors: [],
        invitationExpires: new Date(FIXED_NOW.getTime() + 72 * 3_600_000).toISOString(),
      },
    });
    expect(ctx.api.mailer.sent.map((mail) => mail.to)).toStrictEqual(['nia.nurse@example.com']);
    expect(ctx.api.identity.accounts.get(memoryUserId(1))?.links).toHaveLength(1);
  });

  it('the list shows invited, expired and passkey users as the in-memory provider holds them (stories)', async () => {
    const account = ctx.api.identity.accounts.get(PERSONAS.nora.sub);
    if (!account) throw new Error('Nora has no sign-in account');
    const hours = (n: number) => new Date(FIXED_NOW.getTime() + n * 3_600_000).toISOString();
    ctx.api.identity.seedAccount({
      userId: account.userId,
      email: account.email,
      name: account.name,
      role: account.role,
      department: account.department,
      specializations: [],
      blocked: false,
      passwordSet: false,
      secondFactors: [],
      invitationExpiresAt: hours(24),
    });
    ctx.api.identity.seedAccount({
      ...account,
      userId: PERSONAS.phil.sub,
      passwordSet: false,
      invitationExpiresAt: hours(-1),
    });
    ctx.api.identity.seedAccount({ ...account, userId: PERSONAS.dana.sub, secondFactors: ['passkey'] });
    const items = ((await call('sam', 'listUsers')).json as { items: ManagedUser[] }).items;
    const signInOf = (sub: string) => items.find((u) => u.id === sub)?.signIn;
    expect(signInOf(PERSONAS.nora.sub)).toStrictEqual({
      state: 'invited',
      secondFactors: [],
      invitationExpires: hours(24),
    });
    expect(signInOf(PERSONAS.phil.sub)).toMatchObject({ state: 'invitation-expired' });
    expect(signInOf(PERSONAS.dana.sub)).toStrictEqual({ state: 'active', secondFactors: ['passkey'] });
  });

  it('an e-mail already in use answers 409, whatever its case', async () => {
    const answer = await call('sam', 'createUser', {
      body: { name: 'Jane Again', email: 'JANE.DOE@example.com' },
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: DUPLICATE_EMAIL_MESSAGE });
  });

  it('a suspended persona is refused at once: their next request answers 401', async () => {
    expect((await call('jane', 'getMe')).status).toBe(200);
    expect((await suspend(PERSONAS.jane.sub)).json).toMatchObject({ status: 'suspended' });
    const refused = await call('jane', 'getMe');
    expect(refused.status).toBe(401);
    expect(refused.json).toStrictEqual({ error: 'unauthorized', message: 'This account is suspended.' });
  });

  it('activating a suspended persona lets them back in', async () => {
    await suspend(PERSONAS.john.sub);
    const activated = await call('sam', 'updateUser', {
      params: { id: PERSONAS.john.sub },
      body: { status: 'active' },
    });
    expect(activated.json).toMatchObject({ status: 'active' });
    expect((await call('john', 'getMe')).status).toBe(200);
  });

  it('suspending a user who is already suspended answers 409', async () => {
    const answer = await suspend('auth0|sentinel-patient-000003');
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({
      error: 'conflict',
      message: 'A suspended user cannot be suspended.',
    });
  });

  it('a role change brings the new role’s default permissions and keeps the other fields given', async () => {
    const answer = await call('sam', 'updateUser', {
      params: { id: PERSONAS.nora.sub },
      body: { role: 'doctor', department: 'Cardiology', specialization: 'Cardiology', phone: '+1 555-0199' },
    });
    expect(answer.json).toMatchObject({
      role: 'doctor',
      permissions: [...DEFAULT_PERMISSIONS.doctor],
      department: 'Cardiology',
      specialization: 'Cardiology',
      phone: '+1 555-0199',
      status: 'active',
    });
  });

  it('an unknown user id answers 404 on update and delete', async () => {
    expect((await suspend('nobody')).status).toBe(404);
    expect((await call('sam', 'deleteUser', { params: { id: 'nobody' } })).status).toBe(404);
  });

  it('the admin cannot delete their own account (409)', async () => {
    const answer = await call('sam', 'deleteUser', { params: { id: PERSONAS.sam.sub } });
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: 'You cannot delete your own account.' });
  });

  it('a deleted persona can no longer sign in', async () => {
    expect((await call('sam', 'deleteUser', { params: { id: PERSONAS.dana.sub } })).status).toBe(204);
    const refused = await call('dana', 'getMe');
    expect(refused.status).toBe(401);
    expect(refused.json).toStrictEqual({ error: 'unauthorized', message: 'This account no longer exists.' });
  });
});

describe('someone is always left to manage users (REQ-users-last-admin)', () => {
  const update = (who: 'sam' | 'ben', id: string, body: Record<string, unknown>) =>
    call(who, 'updateUser', { params: { id }, body });
  const accountOf = (id: string) => ctx.api.store.users.find((u) => u.id === id);
  /** Dr. Ben Carter's account made an admin one: a second admin who can sign in. */
  const promoteBen = () => {
    const ben = accountOf(PERSONAS.ben.sub) as ManagedUser;
    ctx.api.store.seed((ops) =>
      ops.replaceUser({ ...ben, role: 'admin', permissions: permissionsForRole('admin') }),
    );
  };

  it('the admin cannot suspend their own account (409), and stays active', async () => {
    const answer = await update('sam', PERSONAS.sam.sub, { status: 'suspended' });
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfSuspend });
    expect(accountOf(PERSONAS.sam.sub)?.status).toBe('active');
  });

  it('the admin cannot change their own role (409), and stays an admin', async () => {
    const answer = await update('sam', PERSONAS.sam.sub, { role: 'doctor' });
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfRole });
    expect(accountOf(PERSONAS.sam.sub)).toMatchObject({
      role: 'admin',
      permissions: DEFAULT_PERMISSIONS.admin,
    });
  });

  it('the admin may still change their own details', async () => {
    const answer = await update('sam', PERSONAS.sam.sub, { phone: '+1 555-0199' });
    expect(answer.status).toBe(200);
    expect(accountOf(PERSONAS.sam.sub)).toMatchObject({ phone: '+1 555-0199', status: 'active' });
  });

  it('a second admin may suspend or demote the first, but not themselves', async () => {
    promoteBen();
    expect((await update('ben', PERSONAS.ben.sub, { status: 'suspended' })).status).toBe(409);
    expect((await update('ben', PERSONAS.ben.sub, { role: 'patient' })).status).toBe(409);
    expect((await update('ben', PERSONAS.sam.sub, { role: 'doctor' })).status).toBe(200);
    expect((await update('ben', PERSONAS.sam.sub, { status: 'suspended' })).status).toBe(200);
    // Ben is now the only active admin: still nothing he can do to himself.
    const deleted = await call('ben', 'deleteUser', { params: { id: PERSONAS.ben.sub } });
    expect(deleted.json).toStrictEqual({ error: 'conflict', message: ADMIN_GUARD_MESSAGES.selfDelete });
    expect(accountOf(PERSONAS.ben.sub)).toMatchObject({ role: 'admin', status: 'active' });
  });
});

describe('the current user and the service status', () => {
  it('Dr. Smith is a doctor with the default doctor permissions, her specialization, and MFA', async () => {
    const answer = await call('alice', 'getMe');
    expect(answer.json).toStrictEqual({
      user: {
        sub: PERSONAS.alice.sub,
        name: 'Dr. Alice Smith',
        email: 'dr.alice.smith@example.com',
        role: 'doctor',
        roles: ['Doctor'],
        permissions: [...DEFAULT_PERMISSIONS.doctor],
        medical_license: PERSONAS.alice.medicalLicense,
        specialization: 'Endocrinology, Internal Medicine',
        department: 'Endocrinology',
      },
      knowledgeRole: 'doctor',
      mfa: true,
    });
  });

  it('Nora lands on the patient dashboard with patient permissions, and nurse as her knowledge role', async () => {
    const answer = await call('nora', 'getMe');
    expect(answer.json).toMatchObject({
      user: { role: 'patient', roles: ['Nurse'], permissions: [...DEFAULT_PERMISSIONS.patient] },
      knowledgeRole: 'nurse',
      mfa: false,
    });
  });

  it('Jane gets her derived patient id', async () => {
    expect(((await call('jane', 'getMe')).json as { user: { patient_id: string } }).user.patient_id).toBe(
      PERSONAS.jane.patientId,
    );
  });

  it('the identity service is initialized with every feature on, stamped with the fixed clock', async () => {
    expect((await call('jane', 'identityStatus')).json).toStrictEqual(identityStatus(true, FIXED_NOW));
  });

  it('the four fine-grained sample queries answer as expected for anyone signed in, in order', async () => {
    const answer = await call('john', 'fgaSamples');
    expect(answer.status).toBe(200);
    const { items } = answer.json as { items: { id: string; allowed: boolean; note?: string }[] };
    expect(items.map(({ id, allowed }) => ({ id, allowed }))).toStrictEqual(
      FGA_SAMPLE_QUERIES.map((q) => ({ id: q.id, allowed: q.expected === 'allowed' })),
    );
    expect(items.find((i) => i.id === 'prescribing')?.note).toBe(PRESCRIBING_AUTHORITY_NOTE);
  });

  it('the sample queries follow the knowledge the mock serves', async () => {
    const loaded = loadKnowledge();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const bundle = loaded.value;
    const documents = bundle.documents.map((d) =>
      d.id === 'metformin' ? { ...d, metadata: { ...d.metadata, accessLevel: ['doctor' as const] } } : d,
    );
    ctx.restart({ knowledge: { ...bundle, documents } });
    const { items } = (await call('jane', 'fgaSamples')).json as {
      items: { id: string; allowed: boolean }[];
    };
    expect(items.find((i) => i.id === 'prescribing')?.allowed).toBe(false);
  });

  it('the assistant reports the built-in demo model', async () => {
    expect((await call('jane', 'assistantStatus')).json).toStrictEqual(DEMO_ASSISTANT_STATUS);
  });
});
