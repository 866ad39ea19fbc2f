/** Roles and permissions, REQ-access-default-permissions. */
import type { DashboardRole, Permission, Role } from './entities';
import { ROLES } from './entities';

/** REQ-access-default-permissions. Roles without a dashboard hold only what their work needs to read. */
export const DEFAULT_PERMISSIONS: Readonly<Record<DashboardRole, readonly Permission[]>> = {
  admin: [
    'read:profile',
    'read:patients',
    'write:patients',
    'read:prescriptions',
    'write:prescriptions',
    'read:appointments',
    'write:appointments',
    'delete:records',
    'manage:users',
    'view:analytics',
  ],
  doctor: [
    'read:profile',
    'read:patients',
    'write:patients',
    'read:prescriptions',
    'write:prescriptions',
    'read:appointments',
    'write:appointments',
  ],
  patient: ['read:profile', 'read:appointments'],
};

/**
 * REQ-access-claim-override "Permissions from the identity claim override these defaults when present." A
 * claim that is a list (even an empty one) is present and wins; anything else falls back to the role's
 * defaults.
 */
export function resolvePermissions(role: DashboardRole, claimed: unknown): string[] {
  if (Array.isArray(claimed)) return claimed.filter((p): p is string => typeof p === 'string');
  return [...DEFAULT_PERMISSIONS[role]];
}

/** REQ-access-has-role hasRole compares against the derived role. */
export function hasRole(user: { role: string } | undefined | null, role: string): boolean {
  return !!user && user.role === role;
}

/** REQ-access-has-role hasPermission checks membership. */
export function hasPermission(
  user: { permissions: readonly string[] } | undefined | null,
  permission: Permission,
): boolean {
  return !!user && user.permissions.includes(permission);
}

/** REQ-access-matrix. */
export const DATA_KINDS = [
  'patient_records',
  'appointment_schedule',
  'prescriptions',
  'lab_results',
] as const;
export type DataKind = (typeof DATA_KINDS)[number];
export const DATA_ACCESS_MATRIX: Readonly<
  Record<DataKind, { read: readonly Role[]; write: readonly Role[] }>
> = {
  patient_records: { read: ['patient', 'doctor', 'nurse', 'admin'], write: ['doctor', 'admin'] },
  appointment_schedule: { read: ['patient', 'doctor', 'nurse', 'admin'], write: ['doctor', 'admin'] },
  prescriptions: { read: ['patient', 'doctor', 'pharmacist', 'admin'], write: ['doctor', 'admin'] },
  lab_results: { read: ['patient', 'doctor', 'lab_tech', 'admin'], write: ['lab_tech', 'doctor', 'admin'] },
};

/** REQ-access-matrix lookup: may this role read (or write) this kind of data? */
export function canAccessData(role: Role, kind: DataKind, mode: 'read' | 'write'): boolean {
  return DATA_ACCESS_MATRIX[kind][mode].includes(role);
}

/**
 * REQ-access-role-guess: from the user id text, checked in this order: contains doctor,
 * nurse, admin, pharmacist or lab; otherwise patient.
 */
export function guessRoleFromUserId(userId: string): Role {
  const id = userId.toLowerCase();
  if (id.includes('doctor')) return 'doctor';
  if (id.includes('nurse')) return 'nurse';
  if (id.includes('admin')) return 'admin';
  if (id.includes('pharmacist')) return 'pharmacist';
  if (id.includes('lab')) return 'lab_tech';
  return 'patient';
}

/** Narrows outside text to a known role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
