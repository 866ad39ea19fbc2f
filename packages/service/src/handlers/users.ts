/**
 * User management (REQ-users-denied, REQ-access manage:users), the current user, the audit
 * trail and the identity service status: the mock API's policy (packages/mocks users.ts) on the store.
 */
import {
  auditEntryForViewer,
  canDeleteUser,
  changeUserStatus,
  createManagedUser,
  DUPLICATE_EMAIL_MESSAGE,
  fail,
  guardAdminChange,
  identityStatus,
  ok,
  permissionsForRole,
  staffActorsToName,
  type ManagedUser,
} from '@sentinel/domain';
import type { RouteImpls } from '../runner';
import { notFound } from './clinical';

export const userRoutes = {
  listUsers: async ({ tx, audit }) => {
    const users = await tx.listUsers();
    audit({ reason: `all users: ${users.length}` });
    return ok({ items: users });
  },

  createUser: async ({ tx, caller, body, now, audit }) => {
    // The unique index on e-mail would refuse it too; asking first gives the clear 409.
    if (await tx.findUserByEmail(body.email)) return fail('conflict', DUPLICATE_EMAIL_MESSAGE);
    const created = createManagedUser(body, {
      id: await tx.nextId('user'),
      now,
      permissions: caller.user.permissions,
    });
    if (!created.ok) return created;
    await tx.insertUser(created.value);
    audit({ resourceId: created.value.id, reason: `created with role ${created.value.role}` });
    return ok(created.value);
  },

  updateUser: async ({ tx, caller, params, body, audit }) => {
    const target = await tx.getUser(params.id);
    if (!target) return notFound();
    let next: ManagedUser = target;
    if (body.status) {
      const changed = changeUserStatus(
        next,
        body.status === 'suspended' ? 'suspend' : 'activate',
        caller.user.permissions,
      );
      if (!changed.ok) return changed;
      next = changed.value;
    }
    // REQ-access-default-permissions: a role change brings that role's default permissions; the body cannot
    // name permissions.
    if (body.role) next = { ...next, role: body.role, permissions: permissionsForRole(body.role) };
    if (body.department !== undefined) next = { ...next, department: body.department };
    if (body.specialization !== undefined) next = { ...next, specialization: body.specialization };
    if (body.phone !== undefined) next = { ...next, phone: body.phone };
    // REQ-sec: no suspending or demoting yourself, and never the last active admin. Read in the
    // request's transaction, so the count of admins is the one the change is written against.
    const kept = guardAdminChange({ actor: caller.user, target, next, users: await tx.listUsers() });
    if (!kept.ok) return kept;
    await tx.replaceUser(next);
    const changes = Object.keys(body).sort().join(', ');
    audit({ reason: `changed ${changes}; status ${target.status} -> ${next.status}` });
    return ok(next);
  },

  deleteUser: async ({ tx, caller, params }) => {
    const target = await tx.getUser(params.id);
    if (!target) return notFound();
    const allowed = canDeleteUser(target, caller.user);
    if (!allowed.ok) return allowed;
    const kept = guardAdminChange({
      actor: caller.user,
      target,
      next: undefined,
      users: await tx.listUsers(),
    });
    if (!kept.ok) return kept;
    await tx.removeUser(params.id);
    return ok(undefined);
  },

  getMe: async ({ caller }) =>
    ok({ user: caller.user, knowledgeRole: caller.knowledgeRole, mfa: caller.mfa }),

  // REQ-tool-identity-status: the identity service is initialized once the API verifies its tokens.
  identityStatus: async ({ now }) => ok(identityStatus(true, now)),

  /**
   * Admins see every row; everyone else the rows of their own calls and of calls that touched their data. A
   * patient sees staff by name and other patients as 'another user' (the domain's `auditEntryForViewer`).
   */
  listAudit: async ({ tx, caller, audit }) => {
    const all = caller.user.role === 'admin';
    const rows = await tx.listAudit(
      // A patient's data by their account id: the display patient id may be another account's too.
      all
        ? { all: true }
        : {
            actorSub: caller.user.sub,
            patientAccountId: caller.user.role === 'patient' ? caller.user.sub : undefined,
          },
    );
    const viewer = { role: caller.knowledgeRole, sub: caller.user.sub };
    const names = new Map<string, string>();
    for (const sub of staffActorsToName(rows, viewer)) {
      const account = await tx.getUser(sub);
      if (account) names.set(sub, account.name);
    }
    audit({ reason: all ? `all rows: ${rows.length}` : `own rows: ${rows.length}` });
    return ok({ items: rows.map((row) => auditEntryForViewer(row, viewer, (sub) => names.get(sub))) });
  },
} satisfies Partial<RouteImpls>;
