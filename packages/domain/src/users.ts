/** Managed-user rules: REQ-users (management, statuses, form), REQ-data-managed-user, REQ-access-manage-users. */
import type { DashboardRole, ManagedUser, NewUserForm, Permission, Role, UserStatus } from './entities';
import { NewUserFormSchema } from './entities';
import { fail, ok, type Result } from './result';
import { DEFAULT_PERMISSIONS } from './roles';
import { PERMISSION_ALERTS } from './texts';
import { toIsoDate } from './format';
import { parseWith } from './validate';

const MANAGE = 'manage:users' satisfies Permission;

/**
 * REQ-access-default-permissions: permissions a new user gets from the role; roles without a dashboard get
 * the patient defaults (REQ-users).
 */
export function permissionsForRole(role: Role): Permission[] {
  // Nurse, pharmacist, lab_tech and dietitian land on the patient dashboard (REQ-auth-extended-roles), so
  // they start with the patient defaults: the spec lists defaults only for the three dashboard roles.
  return [...DEFAULT_PERMISSIONS[role in DEFAULT_PERMISSIONS ? (role as DashboardRole) : 'patient']];
}

/**
 * REQ-data-new-user-form: department and specialization appear in the new-user form only for doctor or admin.
 */
export const showsDepartmentFields = (role: Role) => role === 'doctor' || role === 'admin';

/**
 * REQ-users-create, REQ-access: creating a user needs manage:users. The user starts active (their sign-in
 * state, invited until they set a password, is the identity provider's), with no last login; createdDate is now, and permissions come from the role (the form cannot grant more than the role's
 * defaults). Department and specialization are kept only for doctors and admins.
 */
export function createManagedUser(
  form: unknown,
  ctx: { id: string; now: Date; permissions: readonly string[] },
): Result<ManagedUser> {
  if (!ctx.permissions.includes(MANAGE)) return fail('forbidden', PERMISSION_ALERTS.createUsers);
  const parsed = parseWith(NewUserFormSchema, form, 'user');
  if (!parsed.ok) return parsed;
  const f = parsed.value;
  const withFields = showsDepartmentFields(f.role);
  return ok({
    id: ctx.id,
    name: f.name.trim(),
    email: f.email.trim().toLowerCase(),
    role: f.role,
    createdDate: toIsoDate(ctx.now),
    status: 'active',
    department: withFields ? f.department : '',
    specialization: withFields ? f.specialization : '',
    phone: f.phone,
    permissions: permissionsForRole(f.role),
  });
}
export type { NewUserForm };

/** REQ-users-suspend: Suspend appears on an active user; any non-active user shows Activate. */
export function statusActionFor(status: UserStatus): 'suspend' | 'activate' {
  return status === 'active' ? 'suspend' : 'activate';
}

/**
 * REQ-users: Suspend sets suspended (only from active); Activate sets active (from any non-active status). A
 * transition to inactive is not offered. Needs manage:users.
 */
export function changeUserStatus(
  user: ManagedUser,
  action: 'suspend' | 'activate',
  permissions: readonly string[],
): Result<ManagedUser> {
  if (!permissions.includes(MANAGE)) return fail('forbidden', PERMISSION_ALERTS.updateUsers);
  if (statusActionFor(user.status) !== action) {
    return fail(
      'conflict',
      `A ${user.status} user cannot be ${action === 'suspend' ? 'suspended' : 'activated'}.`,
    );
  }
  return ok({ ...user, status: action === 'suspend' ? 'suspended' : 'active' });
}

/**
 * Why a change to a user is refused when it would leave nobody to manage users (REQ-sec). Each says
 * what to do instead; the user-management screen shows the message as the server sends it.
 */
/**
 * REQ-users-view A new user, or a change of address, with an e-mail another user has (compared trimmed, any
 * case).
 */
export const DUPLICATE_EMAIL_MESSAGE = 'A user with this e-mail address already exists.';

export const ADMIN_GUARD_MESSAGES = {
  selfSuspend: 'You cannot suspend your own account. Ask another admin.',
  selfRole: 'You cannot change your own role. Ask another admin.',
  selfDelete: 'You cannot delete your own account.',
  lastAdmin: 'This change would leave no active admin. Make another user an active admin first.',
} as const;

/**
 * REQ-users-delete, REQ-access: deleting needs manage:users; the screen asks the confirmation first. Nobody
 * deletes themselves.
 */
export function canDeleteUser(
  target: Pick<ManagedUser, 'email'>,
  actor: { email: string; permissions: readonly string[] },
): Result<true> {
  if (!actor.permissions.includes(MANAGE)) return fail('forbidden', PERMISSION_ALERTS.deleteUsers);
  if (target.email.toLowerCase() === actor.email.toLowerCase())
    return fail('conflict', ADMIN_GUARD_MESSAGES.selfDelete);
  return ok(true);
}

/**
 * An admin account that can sign in now: only those can manage users (REQ-users: suspended users are
 * refused).
 */
const isActiveAdmin = (user: Pick<ManagedUser, 'role' | 'status'>) =>
  user.role === 'admin' && user.status === 'active';

/**
 * REQ-auth, REQ-access and REQ-sec: a change to a user must leave someone able to manage users. The one
 * asking (known by the account id, which is the token's subject, or by e-mail as `canDeleteUser` knows them)
 * cannot suspend, delete or change the role of their own account: done by mistake, nobody might be left to
 * undo it. And no change may take the last active admin away (suspended, demoted or deleted), whoever asks:
 * an ADMIN_EMAIL sign-in manages users without an admin account of its own. `next` is the target after the
 * change (undefined: deleted); `users` the directory before it. A conflict (409) says why and what to do.
 */
export function guardAdminChange(input: {
  actor: { readonly sub: string; readonly email: string };
  target: ManagedUser;
  next: ManagedUser | undefined;
  users: readonly Pick<ManagedUser, 'id' | 'role' | 'status'>[];
}): Result<true> {
  const { actor, target, next, users } = input;
  const self = target.id === actor.sub || target.email.toLowerCase() === actor.email.toLowerCase();
  if (self) {
    if (!next) return fail('conflict', ADMIN_GUARD_MESSAGES.selfDelete);
    if (next.status !== target.status && next.status !== 'active')
      return fail('conflict', ADMIN_GUARD_MESSAGES.selfSuspend);
    if (next.role !== target.role) return fail('conflict', ADMIN_GUARD_MESSAGES.selfRole);
  }
  const removesAnAdmin = isActiveAdmin(target) && !(next && isActiveAdmin(next));
  if (removesAnAdmin && !users.some((u) => u.id !== target.id && isActiveAdmin(u)))
    return fail('conflict', ADMIN_GUARD_MESSAGES.lastAdmin);
  return ok(true);
}

/**
 * REQ-access-manage-users: the exact check that gates the user-management screen is not shown in the spec; we
 * gate it on manage:users, the permission every user-management action needs.
 */
export const canManageUsers = (permissions: readonly string[]) => permissions.includes(MANAGE);

/** REQ-chat Filter options. */
export const USER_FILTERS = ['all', 'admin', 'doctor', 'patient', 'active', 'inactive', 'suspended'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

/** REQ-users: search by name, e-mail, department or role, then the filter (a role or a status). */
export function filterUsers(
  users: readonly ManagedUser[],
  search: string,
  filter: UserFilter,
): ManagedUser[] {
  const q = search.trim().toLowerCase();
  return users.filter((u) => {
    const matchesSearch =
      !q || [u.name, u.email, u.department, u.role].some((field) => field.toLowerCase().includes(q));
    const matchesFilter = filter === 'all' || u.role === filter || u.status === filter;
    return matchesSearch && matchesFilter;
  });
}

/** REQ-users-counters Counters: Total Users, Doctors, Patients, Active. */
export function userCounters(users: readonly Pick<ManagedUser, 'role' | 'status'>[]) {
  return {
    total: users.length,
    doctors: users.filter((u) => u.role === 'doctor').length,
    patients: users.filter((u) => u.role === 'patient').length,
    active: users.filter((u) => u.status === 'active').length,
  };
}
