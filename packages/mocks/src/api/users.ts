/**
 * User management (§2 Admin user management, §4 User status, §6 manage:users), the current user, the audit
 * trail and the service status calls.
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
  runFgaSamplesLocally,
  type ManagedUser,
} from '@sentinel/domain';
import { AUDIT_ITEM_RESOURCE_TYPES, patientIdFor, soleAccountWithPatientId } from '@sentinel/domain';
import type { AuditEvent, AuditResourceType } from '@sentinel/domain/contract';
import type { MockStore } from './store';
import { notFound } from './clinical';
import type { RouteImpls } from './route';

/** What `GET /api/assistant/status` reports for the built-in demo model. */
export const DEMO_ASSISTANT_STATUS = {
  available: true,
  provider: 'Sentinel demo model',
  model: 'sentinel-demo',
  demo: true,
} as const;

/** E-mail addresses identify people at sign-in, so two accounts may not share one (the domain's text). */
export { DUPLICATE_EMAIL_MESSAGE };

export const userRoutes = {
  listUsers: ({ store, audit }) => {
    audit({ reason: `all users: ${store.users.length}` });
    return ok({ items: [...store.users] });
  },

  createUser: ({ store, caller, body, audit }) => {
    const email = body.email.trim().toLowerCase();
    if (store.users.some((u) => u.email.toLowerCase() === email))
      return fail('conflict', DUPLICATE_EMAIL_MESSAGE);
    const created = createManagedUser(body, {
      id: store.nextId('user'),
      now: store.now,
      permissions: caller.user.permissions,
    });
    if (!created.ok) return created;
    store.users.push(created.value);
    audit({ resourceId: created.value.id, reason: `created with role ${created.value.role}` });
    return ok(created.value);
  },

  updateUser: ({ store, caller, params, body, audit }) => {
    const index = store.users.findIndex((u) => u.id === params.id);
    const target = store.users[index];
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
    // §6: a role change brings that role's default permissions; the body cannot name permissions.
    if (body.role) next = { ...next, role: body.role, permissions: permissionsForRole(body.role) };
    if (body.department !== undefined) next = { ...next, department: body.department };
    if (body.specialization !== undefined) next = { ...next, specialization: body.specialization };
    if (body.phone !== undefined) next = { ...next, phone: body.phone };
    // Issue 15, finding 8: no suspending or demoting yourself, and never the last active admin.
    const kept = guardAdminChange({ actor: caller.user, target, next, users: store.users });
    if (!kept.ok) return kept;
    store.users[index] = next;
    const changes = Object.keys(body).sort().join(', ');
    audit({ reason: `changed ${changes}; status ${target.status} -> ${next.status}` });
    return ok(next);
  },

  deleteUser: ({ store, caller, params }) => {
    const index = store.users.findIndex((u) => u.id === params.id);
    const target = store.users[index];
    if (!target) return notFound();
    const allowed = canDeleteUser(target, caller.user);
    if (!allowed.ok) return allowed;
    const kept = guardAdminChange({ actor: caller.user, target, next: undefined, users: store.users });
    if (!kept.ok) return kept;
    store.users.splice(index, 1);
    return ok(undefined);
  },

  getMe: ({ caller }) => ok({ user: caller.user, knowledgeRole: caller.knowledgeRole, mfa: caller.mfa }),

  assistantStatus: () => ok({ ...DEMO_ASSISTANT_STATUS }),

  // §4: the mock identity service is initialized as soon as it runs.
  identityStatus: ({ store }) => ok(identityStatus(true, store.now)),

  // §2 Demo page, §6: the four fine-grained sample queries, answered by the local evaluator of the model.
  fgaSamples: ({ store }) => {
    const results = runFgaSamplesLocally(store.knowledge().documents);
    return results.ok ? ok({ items: results.value }) : results;
  },

  /**
   * Admins see every row; everyone else the rows of their own calls and of calls that touched their data. A
   * patient sees staff by name and other patients as 'another user' (the domain's `auditEntryForViewer`).
   */
  listAudit: ({ store, caller, audit }) => {
    const all = caller.user.role === 'admin';
    const sub = caller.user.sub;
    // A patient's data by their account id: the display patient id may be another account's too.
    const rows = all
      ? [...store.audit]
      : store.audit.filter(
          (row) =>
            row.actorSub === sub || (caller.user.role === 'patient' && patientAccountOf(store, row) === sub),
        );
    const viewer = { role: caller.knowledgeRole, sub: caller.user.sub };
    const nameOf = (sub: string) => store.users.find((user) => user.id === sub)?.name;
    audit({ reason: all ? `all rows: ${rows.length}` : `own rows: ${rows.length}` });
    return ok({ items: rows.map((row) => auditEntryForViewer(row, viewer, nameOf)) });
  },
} satisfies Partial<RouteImpls>;

/**
 * The patient account an audit row belongs to, in the order of the rule (`@sentinel/domain` auditOwner.ts) that
 * the server's store applies when it writes the row: the owner of the item it names, else the calling patient
 * whose display id it is, else the one patient account with that display id; null when none is sure.
 */
function patientAccountOf(store: MockStore, row: AuditEvent): string | null {
  if (!row.patientId) return null;
  if (
    (AUDIT_ITEM_RESOURCE_TYPES as readonly AuditResourceType[]).includes(row.resourceType) &&
    row.resourceId
  ) {
    const items: readonly { id: string; ownerId?: string | undefined }[] = [
      ...store.appointments,
      ...store.records,
      ...store.prescriptions,
    ];
    const owner = items.find((item) => item.id === row.resourceId)?.ownerId;
    if (owner && patientIdFor(owner) === row.patientId) return owner;
  }
  if (row.actorRole === 'patient' && patientIdFor(row.actorSub) === row.patientId) return row.actorSub;
  return soleAccountWithPatientId(row.patientId, store.users);
}
