import { describe, expect, it } from 'vitest';
import { ManagedUserSchema, type ManagedUser } from './entities';
import { DEFAULT_PERMISSIONS } from './roles';
import { PERMISSION_ALERTS } from './texts';
import { ok } from './result';
import {
  ADMIN_GUARD_MESSAGES,
  canDeleteUser,
  canManageUsers,
  changeUserStatus,
  createManagedUser,
  filterUsers,
  guardAdminChange,
  permissionsForRole,
  showsDepartmentFields,
  statusActionFor,
  userCounters,
} from './users';

const now = new Date('2026-11-02T14:30:00Z');
const admin = DEFAULT_PERMISSIONS.admin;
const create = (form: unknown, permissions: readonly string[] = admin) =>
  createManagedUser(form, { id: '1793629800000', now, permissions });

describe('creating a user (REQ-users-create)', () => {
  it('starts active, created now, never signed in, with permissions from the role', () => {
    const r = create({
      name: ' Nina Park ',
      email: 'Nina.Park@Example.com',
      role: 'doctor',
      department: 'Cardiology',
      specialization: 'cardiology',
      phone: '555-0100',
    });
    expect(r.ok && r.value).toEqual({
      id: '1793629800000',
      name: 'Nina Park',
      email: 'nina.park@example.com',
      role: 'doctor',
      createdDate: '2026-11-02',
      status: 'active',
      department: 'Cardiology',
      specialization: 'cardiology',
      phone: '555-0100',
      permissions: DEFAULT_PERMISSIONS.doctor,
    });
    expect(r.ok && ManagedUserSchema.safeParse(r.value).success).toBe(true);
  });
  it('defaults the role to patient and keeps department fields only for doctor or admin', () => {
    const r = create({ name: 'Pat', email: 'pat@example.com', department: 'Ignored' });
    expect(r.ok && r.value).toMatchObject({
      role: 'patient',
      department: '',
      permissions: DEFAULT_PERMISSIONS.patient,
    });
    expect(showsDepartmentFields('admin')).toBe(true);
    expect(showsDepartmentFields('nurse')).toBe(false);
  });
  it('ignores permissions sent in the form: they come from the role', () => {
    const r = create({
      name: 'Pat',
      email: 'pat@example.com',
      role: 'patient',
      permissions: ['manage:users'],
    });
    expect(r.ok && r.value.permissions).toEqual(DEFAULT_PERMISSIONS.patient);
  });
  it('gives roles without a dashboard the defaults of the patient dashboard they land on', () => {
    expect(permissionsForRole('pharmacist')).toEqual(['read:profile', 'read:appointments']);
  });
  it('refuses a form without a name or with an invalid e-mail, naming the field', () => {
    const r = create({ name: '', email: 'not-an-email' });
    expect(!r.ok && r.error.code).toBe('invalid_input');
    expect(!r.ok && Object.keys(r.error.fields ?? {})).toEqual(['name', 'email']);
  });
  it('needs manage:users', () => {
    const r = create({ name: 'Pat', email: 'pat@example.com' }, DEFAULT_PERMISSIONS.doctor);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.createUsers);
  });
});

const user = (status: ManagedUser['status'], over: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 'u1',
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  role: 'patient',
  lastLogin: now.toISOString(),
  createdDate: '2026-01-01',
  status,
  department: '',
  specialization: '',
  phone: '',
  permissions: [],
  ...over,
});

describe('user status (REQ-users-suspend, REQ-users-activate, REQ-users-no-inactive)', () => {
  it('offers Suspend on an active user and Activate on any other', () => {
    expect(statusActionFor('active')).toBe('suspend');
    expect(statusActionFor('suspended')).toBe('activate');
    expect(statusActionFor('inactive')).toBe('activate');
  });
  it('suspends an active user, and activates a suspended or inactive one', () => {
    const s = changeUserStatus(user('active'), 'suspend', admin);
    expect(s.ok && s.value.status).toBe('suspended');
    const a = changeUserStatus(user('inactive'), 'activate', admin);
    expect(a.ok && a.value.status).toBe('active');
  });
  it('refuses a transition the screen does not offer', () => {
    expect(changeUserStatus(user('suspended'), 'suspend', admin).ok).toBe(false);
    expect(changeUserStatus(user('active'), 'activate', admin).ok).toBe(false);
  });
  it('needs manage:users to update', () => {
    const r = changeUserStatus(user('active'), 'suspend', DEFAULT_PERMISSIONS.doctor);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.updateUsers);
  });
});

describe('deleting a user (REQ-users-delete, REQ-users-self)', () => {
  it('needs manage:users and refuses deleting yourself', () => {
    expect(canDeleteUser(user('active'), { email: 'sam.admin@example.com', permissions: admin }).ok).toBe(
      true,
    );
    const denied = canDeleteUser(user('active'), { email: 'x@example.com', permissions: [] });
    expect(!denied.ok && denied.error.message).toBe(PERMISSION_ALERTS.deleteUsers);
    expect(canDeleteUser(user('active'), { email: 'JANE.DOE@example.com', permissions: admin }).ok).toBe(
      false,
    );
  });
  it('gates the screen on manage:users', () => {
    expect(canManageUsers(admin)).toBe(true);
    expect(canManageUsers(DEFAULT_PERMISSIONS.doctor)).toBe(false);
  });
});

describe('keeping an active admin (REQ-users-last-admin)', () => {
  const sam = user('active', {
    id: 'auth0|sam',
    role: 'admin',
    name: 'Sam Admin',
    email: 'sam.admin@example.com',
    permissions: [...admin],
  });
  const ada = user('active', { ...sam, id: 'auth0|ada', name: 'Ada Admin', email: 'ada.admin@example.com' });
  const jane = user('active');
  const asSam = { sub: sam.id, email: sam.email };
  const refusal = (message: string) => ({ ok: false, error: { code: 'conflict', message } });
  const guard = (target: ManagedUser, next: ManagedUser | undefined, users: ManagedUser[], actor = asSam) =>
    guardAdminChange({ actor, target, next, users });

  it('an admin cannot suspend themselves, even with another admin left', () => {
    expect(guard(sam, { ...sam, status: 'suspended' }, [sam, ada, jane])).toMatchObject(
      refusal(ADMIN_GUARD_MESSAGES.selfSuspend),
    );
  });

  it('an admin cannot change their own role away from admin', () => {
    const demoted = { ...sam, role: 'doctor' as const, permissions: permissionsForRole('doctor') };
    expect(guard(sam, demoted, [sam, ada, jane])).toMatchObject(refusal(ADMIN_GUARD_MESSAGES.selfRole));
  });

  it('an admin cannot delete themselves, known by id or by e-mail in any case', () => {
    expect(guard(sam, undefined, [sam, ada])).toMatchObject(refusal(ADMIN_GUARD_MESSAGES.selfDelete));
    const byEmail = { sub: 'another-subject', email: 'SAM.ADMIN@example.com' };
    expect(guard(sam, undefined, [sam, ada], byEmail)).toMatchObject(
      refusal(ADMIN_GUARD_MESSAGES.selfDelete),
    );
  });

  it('an admin may change their own details', () => {
    expect(guard(sam, { ...sam, phone: '+1 555-0100', department: 'IT' }, [sam, jane])).toEqual(ok(true));
  });

  it('refuses suspending, demoting or deleting the last active admin, whoever asks', () => {
    // Someone else with manage:users (an ADMIN_EMAIL sign-in, whose own account is not an admin one).
    const other = { sub: jane.id, email: jane.email };
    const suspendedAda = { ...ada, status: 'suspended' as const };
    const users = [sam, suspendedAda, jane];
    for (const next of [
      { ...sam, status: 'suspended' as const },
      { ...sam, role: 'patient' as const, permissions: permissionsForRole('patient') },
      undefined,
    ]) {
      expect(guard(sam, next, users, other)).toMatchObject(refusal(ADMIN_GUARD_MESSAGES.lastAdmin));
    }
  });

  it('allows the same changes to an admin while another active admin remains', () => {
    const asAda = { sub: ada.id, email: ada.email };
    expect(guard(sam, { ...sam, status: 'suspended' }, [sam, ada], asAda)).toEqual(ok(true));
    expect(guard(sam, { ...sam, role: 'doctor' }, [sam, ada], asAda)).toEqual(ok(true));
    expect(guard(sam, undefined, [sam, ada], asAda)).toEqual(ok(true));
  });

  it('leaves changes that keep the admins as they are alone', () => {
    expect(guard(jane, { ...jane, status: 'suspended' }, [sam, jane])).toEqual(ok(true));
    expect(guard(jane, undefined, [sam, jane])).toEqual(ok(true));
    // Making someone an admin, or activating a suspended admin, adds one.
    const suspended = { ...ada, status: 'suspended' as const };
    expect(guard(suspended, { ...suspended, status: 'active' }, [sam, suspended])).toEqual(ok(true));
  });
});

describe('user list (REQ-users-search, REQ-users-filter, REQ-users-counters)', () => {
  const users = [
    user('active', { id: '1', role: 'admin', name: 'Sam Admin', email: 'sam.admin@example.com' }),
    user('suspended', { id: '2', role: 'doctor', name: 'Dr. Ben Carter', department: 'Cardiology' }),
    user('inactive', { id: '3' }),
    user('active', { id: '4', name: 'John Roe', email: 'john.roe@example.com' }),
  ];
  it('searches name, e-mail and department, then filters by role or status', () => {
    expect(filterUsers(users, 'cardio', 'all').map((u) => u.id)).toEqual(['2']);
    expect(filterUsers(users, 'JOHN', 'all').map((u) => u.id)).toEqual(['4']);
    expect(filterUsers(users, '', 'patient').map((u) => u.id)).toEqual(['3', '4']);
    expect(filterUsers(users, '', 'suspended').map((u) => u.id)).toEqual(['2']);
    expect(filterUsers(users, '', 'inactive').map((u) => u.id)).toEqual(['3']);
    expect(filterUsers(users, 'nobody', 'all')).toEqual([]);
  });
  it('counts Total Users, Doctors, Patients and Active', () => {
    expect(userCounters(users)).toEqual({ total: 4, doctors: 1, patients: 2, active: 2 });
  });
});

it('asks the exact delete confirmation (REQ-users-delete)', async () => {
  const { USER_MANAGEMENT_TEXTS } = await import('./texts');
  expect(USER_MANAGEMENT_TEXTS.deleteConfirm).toBe(
    'Are you sure you want to delete this user? This action cannot be undone.',
  );
});
