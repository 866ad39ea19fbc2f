import { describe, expect, it } from 'vitest';
import { ManagedUserSchema, type ManagedUser } from './entities';
import { DEFAULT_PERMISSIONS } from './roles';
import { PERMISSION_ALERTS } from './texts';
import {
  canDeleteUser,
  canManageUsers,
  changeUserStatus,
  createManagedUser,
  filterUsers,
  permissionsForRole,
  showsDepartmentFields,
  statusActionFor,
  userCounters,
} from './users';

const now = new Date('2026-11-02T14:30:00Z');
const admin = DEFAULT_PERMISSIONS.admin;
const create = (form: unknown, permissions: readonly string[] = admin) =>
  createManagedUser(form, { id: '1793629800000', now, permissions });

describe('creating a user (§4, §6)', () => {
  it('starts active with lastLogin and createdDate now and permissions from the role', () => {
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
      lastLogin: '2026-11-02T14:30:00.000Z',
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

describe('user status (§4)', () => {
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

describe('deleting a user (§4, §6)', () => {
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

describe('user list (§2)', () => {
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

it('asks the exact delete confirmation of the spec (§5 Forms)', async () => {
  const { USER_MANAGEMENT_TEXTS } = await import('./texts');
  expect(USER_MANAGEMENT_TEXTS.deleteConfirm).toBe(
    'Are you sure you want to delete this user? This action cannot be undone.',
  );
});
