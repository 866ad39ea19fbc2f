/**
 * Data for the admin user-management tab (REQ-screen, REQ-users-denied, REQ-access-manage-users
 * manage:users): the user list and the create, status, delete and sign-in calls (REQ-users-sign-in: resend an
 * invitation, reset a second factor), on TanStack Query over the typed API client. Status changes and deletes
 * are optimistic and roll back when the server refuses; the sign-in calls wait for the server, whose answer
 * the screen reports. The server checks manage:users on every call anyway.
 */
import { canManageUsers, type ManagedUser } from '@sentinel/domain';
import type { RequestBody, ResponseBody } from '@sentinel/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { useApi } from '../api/ApiProvider';
import { applyOptimistic, rollback } from '../api/optimisticList';
import { isApiError, messageOf } from '../api/client';
import { useClock } from '../clock/ClockProvider';
import { useCurrentUser } from '../session/SessionProvider';
import { hoursUntil, invitationSentMessage } from './UserManagement.utils';

export const USERS_QUERY_KEY = ['users'] as const;

type UserList = ResponseBody<'listUsers'>;
export type UserStatusAction = 'suspend' | 'activate';
export type NewUser = RequestBody<'createUser'>;

/** What the create form learns from a failed create: the message and, for invalid input, the field errors. */
export type CreateUserFailure = { message: string; fields?: Readonly<Record<string, string>> };
export type CreateUserOutcome = { ok: true; user: ManagedUser } | { ok: false; error: CreateUserFailure };

/** What a sign-in action answers the screen: done (with the user as the server now has them), or why not. */
export type SignInActionOutcome = { ok: true; user?: ManagedUser } | { ok: false; message: string };

/** Puts the server's copy of one user in the cached list, so the screen shows its answer before the refetch. */
function replaceCachedUser(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  change: (user: ManagedUser) => ManagedUser,
) {
  queryClient.setQueryData<UserList>(USERS_QUERY_KEY, (list) =>
    list ? { items: list.items.map((u) => (u.id === id ? change(u) : u)) } : list,
  );
}

/** A 403 from the list call means the tab is closed to this user, whatever the session claims say. */
export const isForbidden = (error: unknown): boolean => isApiError(error) && error.status === 403;

/** GET /api/users; skipped (enabled: false) for a user who may not manage users. */
export function useUsersQuery(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: USERS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('listUsers', { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/**
 * POST /api/users. Not optimistic: the server assigns the id and validates the form, and the form has to stay
 * open with the field errors when it refuses. On success the new user is added to the cached list.
 */
export function useCreateUserMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => api.call('createUser', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData<UserList>(USERS_QUERY_KEY, (list) =>
        list ? { items: [...list.items, created] } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

/** PATCH /api/users/:id {status}: REQ-users Suspend sets suspended, Activate sets active. Optimistic. */
export function useUserStatusMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, action }: { user: ManagedUser; action: UserStatusAction }) =>
      api.call('updateUser', {
        params: { id: user.id },
        body: { status: action === 'suspend' ? 'suspended' : 'active' },
      }),
    onMutate: ({ user, action }) =>
      applyOptimistic<UserList>(queryClient, USERS_QUERY_KEY, (items) =>
        items.map((u) =>
          u.id === user.id ? { ...u, status: action === 'suspend' ? 'suspended' : 'active' } : u,
        ),
      ),
    onError: (error, _variables, snapshot) => {
      rollback(queryClient, USERS_QUERY_KEY, snapshot);
      onError(messageOf(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

/** DELETE /api/users/:id, after the screen's confirmation (REQ-users-delete). Optimistic. */
export function useDeleteUserMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: ManagedUser) => api.call('deleteUser', { params: { id: user.id } }),
    onMutate: (user) =>
      applyOptimistic<UserList>(queryClient, USERS_QUERY_KEY, (items) =>
        items.filter((u) => u.id !== user.id),
      ),
    onError: (error, _user, snapshot) => {
      rollback(queryClient, USERS_QUERY_KEY, snapshot);
      onError(messageOf(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

/**
 * POST /api/users/:id/invitation (REQ-users-sign-in): a new invitation link by e-mail. The answer is the user
 * with the new expiry, put in the cached list at once.
 */
export function useResendInvitationMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: ManagedUser) => api.call('resendInvitation', { params: { id: user.id } }),
    onSuccess: (updated) => replaceCachedUser(queryClient, updated.id, () => updated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

/**
 * DELETE /api/users/:id/second-factor (REQ-users-sign-in), after the screen's confirmation: the user's second
 * factors are removed, so the cached user shows none until the refetch says otherwise.
 */
export function useResetSecondFactorMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: ManagedUser) => api.call('resetSecondFactor', { params: { id: user.id } }),
    onSuccess: (_none, user) =>
      replaceCachedUser(queryClient, user.id, (cached) =>
        cached.signIn ? { ...cached, signIn: { ...cached.signIn, secondFactors: [] } } : cached,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

/** A request's outcome as the screen reads it: never a rejection, the server's message when it refused. */
const settle = <T>(promise: Promise<T>, done: (value: T) => SignInActionOutcome) =>
  promise.then(done, (error: unknown): SignInActionOutcome => ({ ok: false, message: messageOf(error) }));

/** What the pure screen needs, from the session, the API and the alert region. */
export type UserManagementData = {
  canManage: boolean;
  users: readonly ManagedUser[];
  loading: boolean;
  forbidden: boolean;
  error: string | undefined;
  onRetry: () => void;
  onCreate: (form: NewUser) => Promise<CreateUserOutcome>;
  creating: boolean;
  onChangeStatus: (user: ManagedUser, action: UserStatusAction) => void;
  onDelete: (user: ManagedUser) => void;
  onResendInvitation: (user: ManagedUser) => Promise<SignInActionOutcome>;
  onResetSecondFactor: (user: ManagedUser) => Promise<SignInActionOutcome>;
};

/**
 * The user-management tab's data: gated on manage:users for the signed-in user (domain canManageUsers), so a
 * user without it never calls the API; a 403 from the server closes the tab all the same. Failed status
 * changes and deletes roll back and show the server's message in the alert region; a failed create answers
 * the form (field errors beside the fields), a successful one says in the alert region that the person was
 * sent an invitation and for how long its link works.
 */
export function useUserManagement(): UserManagementData {
  const user = useCurrentUser();
  const canManage = canManageUsers(user.permissions);
  const clock = useClock();
  const { show } = useAlerts();
  const showError = useCallback((message: string) => void show(message), [show]);
  const list = useUsersQuery(canManage);
  const create = useCreateUserMutation();
  const status = useUserStatusMutation(showError);
  const remove = useDeleteUserMutation(showError);
  const resend = useResendInvitationMutation();
  const reset = useResetSecondFactorMutation();
  const forbidden = isForbidden(list.error);

  return {
    canManage,
    users: list.data ?? [],
    loading: canManage && list.isPending,
    forbidden,
    error: list.isError && !forbidden ? messageOf(list.error) : undefined,
    onRetry: () => void list.refetch(),
    onCreate: (form) =>
      create.mutateAsync(form).then(
        (created): CreateUserOutcome => {
          const hours = hoursUntil(created.signIn?.invitationExpires, clock.now());
          show(invitationSentMessage(created.email, hours), 'positive');
          return { ok: true, user: created };
        },
        (error: unknown): CreateUserOutcome => ({
          ok: false,
          error: {
            message: messageOf(error),
            ...(isApiError(error) && error.fields ? { fields: error.fields } : {}),
          },
        }),
      ),
    creating: create.isPending,
    onChangeStatus: (target, action) => status.mutate({ user: target, action }),
    onDelete: (target) => remove.mutate(target),
    onResendInvitation: (target) =>
      settle(resend.mutateAsync(target), (updated) => ({ ok: true, user: updated })),
    onResetSecondFactor: (target) => settle(reset.mutateAsync(target), () => ({ ok: true })),
  };
}
