/**
 * User management (REQ-users-denied, REQ-access manage:users), the current user, the audit trail and the
 * identity service status. The person is managed at the identity provider too, through the `IdentityAdmin`
 * port (REQ-users-sign-in): an added user is created there first (its subject is the user's id) and invited by
 * e-mail; suspension, role and deletion reach the provider; the list shows each user's sign-in state. Calls to
 * the provider run outside the store's transaction (`outsideTransaction`: SQLite runs one at a time), and the
 * store's part is then written, checked again, in a transaction of its own. Nothing is left half done: a
 * failure after the provider changed undoes that change there.
 */
import {
  accountSpecializations,
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
  type Result,
  type SignInStatus,
} from '@sentinel/domain';
import type { ParsedRequestBody } from '@sentinel/domain/contract';
import {
  IDENTITY_TEXTS,
  failureOf,
  invitationMail,
  type IdentityAdmin,
  type IdentityPatch,
  type Mailer,
  type SignInSnapshot,
} from '../identity';
import { outsideTransaction, type AuditDetail, type RouteImpls } from '../runner';
import { DuplicateEmailError } from '../store/errors';
import type { Store, StoreTx } from '../store/types';
import type { Caller } from '../caller';
import { notFound } from './clinical';

/** What the user-management routes work with besides the request. */
export type UserRouteDeps = {
  readonly identity: IdentityAdmin;
  readonly mailer: Mailer;
  /** The store, for the writes that follow a call to the provider (outside the call's transaction). */
  readonly store: Store;
};

const unavailable = () => fail('internal', IDENTITY_TEXTS.unavailable);

/** The error's message for the audit trail (never for the user). */
const why = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** The user as the list shows them: sign-in state and last login as the provider knows them. */
function withSignIn(user: ManagedUser, snapshot: SignInSnapshot | undefined): ManagedUser {
  if (!snapshot) return user;
  const { lastLogin, ...signIn } = snapshot;
  // The provider's last login replaces the stored one: absent there means no real sign-in yet.
  const rest: ManagedUser = { ...user };
  delete rest.lastLogin;
  return { ...rest, ...(lastLogin ? { lastLogin } : {}), signIn };
}

/** The provider's copy of what a role, department or specialization change touches. */
function identityPatchOf(target: ManagedUser, next: ManagedUser): IdentityPatch {
  const specializations = accountSpecializations(next);
  const specializationsChanged = specializations.join(',') !== accountSpecializations(target).join(',');
  return {
    ...(next.status !== target.status ? { blocked: next.status !== 'active' } : {}),
    ...(next.role !== target.role ? { role: next.role } : {}),
    ...(next.department !== target.department ? { department: next.department } : {}),
    ...(specializationsChanged ? { specializations } : {}),
  };
}

/** The patch that undoes `patch` on an account that was `target`. */
function undoPatchOf(target: ManagedUser, patch: IdentityPatch): IdentityPatch {
  return {
    ...(patch.blocked !== undefined ? { blocked: target.status !== 'active' } : {}),
    ...(patch.role !== undefined ? { role: target.role } : {}),
    ...(patch.department !== undefined ? { department: target.department } : {}),
    ...(patch.specializations !== undefined ? { specializations: accountSpecializations(target) } : {}),
  };
}

/**
 * The user after `body`, if the caller may make that change: status by the domain's transitions, a role with
 * its default permissions (REQ-access-default-permissions: the body cannot name permissions), and (REQ-sec) no
 * suspending or demoting yourself and never the last active admin, counted in `tx`.
 */
async function plannedUpdate(
  tx: StoreTx,
  caller: Caller,
  id: string,
  body: ParsedRequestBody<'updateUser'>,
): Promise<Result<{ target: ManagedUser; next: ManagedUser }>> {
  const target = await tx.getUser(id);
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
  if (body.role) next = { ...next, role: body.role, permissions: permissionsForRole(body.role) };
  if (body.department !== undefined) next = { ...next, department: body.department };
  if (body.specialization !== undefined) next = { ...next, specialization: body.specialization };
  if (body.phone !== undefined) next = { ...next, phone: body.phone };
  const kept = guardAdminChange({ actor: caller.user, target, next, users: await tx.listUsers() });
  if (!kept.ok) return kept;
  return ok({ target, next });
}

/** May this user be deleted by the caller (checked in `tx`)? */
async function plannedDelete(tx: StoreTx, caller: Caller, id: string): Promise<Result<ManagedUser>> {
  const target = await tx.getUser(id);
  if (!target) return notFound();
  const allowed = canDeleteUser(target, caller.user);
  if (!allowed.ok) return allowed;
  const kept = guardAdminChange({ actor: caller.user, target, next: undefined, users: await tx.listUsers() });
  if (!kept.ok) return kept;
  return ok(target);
}

export function userRoutes({ identity, mailer, store }: UserRouteDeps) {
  /** Tries to undo a provider change; says in the audit trail when that failed too. */
  const undo = async (work: () => Promise<void>, audit: (detail: AuditDetail) => void, reason: string) => {
    try {
      await work();
    } catch (error) {
      audit({ reason: `${reason}; undoing it at the identity provider failed: ${why(error)}` });
    }
  };

  /** Creates the invitation link and mails it; the sign-in state it leaves. */
  const invite = async (
    user: ManagedUser,
    invitedBy: string,
    now: Date,
    secondFactors: SignInStatus['secondFactors'],
  ): Promise<SignInStatus> => {
    const { link, expiresAt } = await identity.inviteUser(user.id, now);
    await mailer.send(invitationMail({ to: user.email, name: user.name, invitedBy, link }));
    return { state: 'invited', secondFactors: [...secondFactors], invitationExpires: expiresAt };
  };

  return {
    /** The directory with each user's sign-in state; without the provider the states are 'unknown'. */
    listUsers: async ({ tx, now, audit }) => {
      const users = await tx.listUsers();
      audit({ reason: `all users: ${users.length}` });
      return ok(
        outsideTransaction(async (auditAfter) => {
          try {
            const states = await identity.signInStates(now);
            return ok({ items: users.map((user) => withSignIn(user, states.get(user.id))) });
          } catch (error) {
            auditAfter({ reason: `all users: ${users.length}; sign-in states unknown: ${why(error)}` });
            const unknown: SignInStatus = { state: 'unknown', secondFactors: [] };
            return ok({ items: users.map((user) => ({ ...user, signIn: unknown })) });
          }
        }),
      );
    },

    /**
     * Creates the person at the provider first (its subject becomes the user's id), then the user, then mails
     * the invitation. A taken e-mail answers 409; any later failure removes what was created.
     */
    createUser: async ({ tx, caller, body, now }) => {
      // The unique index on e-mail would refuse it too; asking first gives the clear 409 before the provider.
      if (await tx.findUserByEmail(body.email)) return fail('conflict', DUPLICATE_EMAIL_MESSAGE);
      const planned = createManagedUser(body, { id: 'pending', now, permissions: caller.user.permissions });
      if (!planned.ok) return planned;
      const draft = planned.value;
      return ok(
        outsideTransaction(async (audit) => {
          let userId: string;
          try {
            ({ userId } = await identity.createUser({
              email: draft.email,
              name: draft.name,
              role: draft.role,
              department: draft.department,
              specializations: accountSpecializations(draft),
            }));
          } catch (error) {
            audit({ reason: `not created at the identity provider: ${why(error)}` });
            return failureOf(error) === 'conflict'
              ? fail('conflict', DUPLICATE_EMAIL_MESSAGE)
              : unavailable();
          }
          const user: ManagedUser = { ...draft, id: userId };
          audit({ resourceId: userId });
          const removeAtProvider = (reason: string) => undo(() => identity.deleteUser(userId), audit, reason);
          try {
            await store.transaction((write) => write.insertUser(user));
          } catch (error) {
            const reason = `not saved: ${why(error)}`;
            audit({ reason });
            await removeAtProvider(reason);
            return error instanceof DuplicateEmailError
              ? fail('conflict', DUPLICATE_EMAIL_MESSAGE)
              : fail('internal', IDENTITY_TEXTS.notSaved);
          }
          try {
            const signIn = await invite(user, caller.user.name, now, []);
            audit({
              reason: `created with role ${user.role}; invitation sent, valid until ${signIn.invitationExpires}`,
            });
            return ok({ ...user, signIn });
          } catch (error) {
            const reason = `invitation not sent, user removed again: ${why(error)}`;
            audit({ reason });
            await store
              .transaction((write) => write.removeUser(userId))
              .catch((failure: unknown) =>
                audit({ reason: `${reason}; removing the user failed: ${why(failure)}` }),
              );
            await removeAtProvider(reason);
            return fail('internal', IDENTITY_TEXTS.notInvited);
          }
        }),
      );
    },

    /**
     * Status, role, department and specialization reach the provider first (suspended: blocked there, so the
     * provider refuses the sign-in); then the user is written, checked again. A phone change is ours only.
     */
    updateUser: async ({ tx, caller, params, body, audit }) => {
      const planned = await plannedUpdate(tx, caller, params.id, body);
      if (!planned.ok) return planned;
      const { target, next } = planned.value;
      const changes = Object.keys(body).sort().join(', ');
      const reason = `changed ${changes}; status ${target.status} -> ${next.status}`;
      const patch = identityPatchOf(target, next);
      if (Object.keys(patch).length === 0) {
        await tx.replaceUser(next);
        audit({ reason });
        return ok(next);
      }
      return ok(
        outsideTransaction(async (auditAfter) => {
          let atProvider = 'at the identity provider too';
          try {
            await identity.updateUser(target.id, patch);
          } catch (error) {
            if (failureOf(error) !== 'not-found') {
              auditAfter({ reason: `${reason}: not done, identity provider: ${why(error)}` });
              return unavailable();
            }
            atProvider = 'no account at the identity provider';
          }
          // Checked again where it is written: another admin may have changed the directory meanwhile.
          const written = await store
            .transaction(async (write) => {
              const again = await plannedUpdate(write, caller, params.id, body);
              if (again.ok) await write.replaceUser(again.value.next);
              return again;
            })
            .catch((error: unknown) => fail('internal', `not saved: ${why(error)}`));
          if (!written.ok) {
            const failed = `${reason}: not done (${written.error.message})`;
            auditAfter({ reason: failed });
            await undo(() => identity.updateUser(target.id, undoPatchOf(target, patch)), auditAfter, failed);
            return written.error.code === 'internal' ? fail('internal', '') : written;
          }
          auditAfter({ reason: `${reason}; ${atProvider}` });
          return ok(written.value.next);
        }),
      );
    },

    /**
     * Deleted at the provider first (sign-in ends there), then here. An account the provider no longer has is
     * deleted here all the same.
     */
    deleteUser: async ({ tx, caller, params }) => {
      const planned = await plannedDelete(tx, caller, params.id);
      if (!planned.ok) return planned;
      return ok(
        outsideTransaction(async (audit) => {
          let atProvider = 'deleted at the identity provider too';
          try {
            await identity.deleteUser(params.id);
          } catch (error) {
            if (failureOf(error) !== 'not-found') {
              audit({ reason: `not deleted, identity provider: ${why(error)}` });
              return unavailable();
            }
            atProvider = 'no account at the identity provider';
          }
          const removed = await store.transaction(async (write) => {
            const again = await plannedDelete(write, caller, params.id);
            if (again.ok) await write.removeUser(params.id);
            return again;
          });
          // Refused only if the directory changed meanwhile; the sign-in is gone, so a retry completes it.
          audit({
            reason: removed.ok ? atProvider : `${atProvider}; not deleted here: ${removed.error.message}`,
          });
          return removed.ok ? ok(undefined) : removed;
        }),
      );
    },

    /** A new invitation for a user who has not set a password (409 once they have, or when suspended). */
    resendInvitation: async ({ tx, caller, params, now }) => {
      const target = await tx.getUser(params.id);
      if (!target) return notFound();
      if (target.status !== 'active') return fail('conflict', IDENTITY_TEXTS.suspendedNoInvitation);
      return ok(
        outsideTransaction(async (audit) => {
          let current: SignInSnapshot | undefined;
          try {
            current = await identity.signInOf(target.id, now);
          } catch (error) {
            audit({ reason: `identity provider: ${why(error)}` });
            return unavailable();
          }
          if (!current) return fail('conflict', IDENTITY_TEXTS.noSignIn);
          if (current.state === 'active') return fail('conflict', IDENTITY_TEXTS.alreadySignedUp);
          try {
            const signIn = await invite(target, caller.user.name, now, current.secondFactors);
            audit({ reason: `invitation resent, valid until ${signIn.invitationExpires}` });
            return ok(
              withSignIn(target, {
                ...signIn,
                ...(current.lastLogin ? { lastLogin: current.lastLogin } : {}),
              }),
            );
          } catch (error) {
            audit({ reason: `invitation not sent: ${why(error)}` });
            return failureOf(error) === 'not-found'
              ? fail('conflict', IDENTITY_TEXTS.noSignIn)
              : fail('internal', IDENTITY_TEXTS.resendFailed);
          }
        }),
      );
    },

    /** Removes the user's second factors at the provider: they enrol again at their next sign-in. */
    resetSecondFactor: async ({ tx, params }) => {
      const target = await tx.getUser(params.id);
      if (!target) return notFound();
      return ok(
        outsideTransaction(async (audit) => {
          try {
            await identity.resetSecondFactor(target.id);
          } catch (error) {
            audit({ reason: `second factor not reset: ${why(error)}` });
            return failureOf(error) === 'not-found'
              ? fail('conflict', IDENTITY_TEXTS.noSignIn)
              : unavailable();
          }
          audit({ reason: 'second factors removed; the user enrols again at their next sign-in' });
          return ok(undefined);
        }),
      );
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
}
