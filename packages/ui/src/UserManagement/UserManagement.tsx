import {
  USER_FILTERS,
  USER_MANAGEMENT_TEXTS,
  userCounters,
  type ManagedUser,
  type UserFilter,
} from '@sentinel/domain';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { AlertMessage } from '../AlertRegion/AlertRegion';
import { ErrorState } from '../ErrorState/ErrorState';
import { Button } from '../Button/Button';
import { ConfirmDialog } from '../Dialog/ConfirmDialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { Select, SearchField } from '../Field/Field';
import { CheckIcon, HeartIcon, PlusIcon, SearchIcon, StethoscopeIcon, UsersIcon } from '../icons/icons';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Heading, Text } from '../Text/Text';
import { CreateUserForm } from './CreateUserForm';
import { UserDetailsDialog } from './UserDetailsDialog';
import {
  useUserManagement,
  type CreateUserOutcome,
  type NewUser,
  type SignInActionOutcome,
  type UserStatusAction,
} from './UserManagement.data';
import * as styles from './UserManagement.css';
import { useClock } from '../clock/ClockProvider';
import {
  USER_FILTER_LABELS,
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  createUserFilter,
  hoursUntil,
  invitationSentMessage,
  resetSecondFactorQuestion,
  secondFactorResetMessage,
  type SignInAction,
  type SignInNotice,
} from './UserManagement.utils';
import { UserTable } from './UserTable';

export type UserManagementScreenProps = {
  /** Whether the signed-in user holds manage:users (domain canManageUsers); without it the tab is closed. */
  canManage: boolean;
  /** Every managed user the server returned. */
  users: readonly ManagedUser[];
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The server refused the list (403): the tab is closed even if the session claimed the permission. */
  forbidden?: boolean;
  /** The load error's message; the screen then offers 'Try again'. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /** Sends the new-user form; resolves with the server's answer (field errors when it refuses the input). */
  onCreate: (form: NewUser) => Promise<CreateUserOutcome>;
  /** A create request is on its way: the form's submit button shows busy and ignores presses. */
  creating?: boolean;
  /** REQ-users-suspend: Suspend on an active user, Activate on any other. */
  onChangeStatus: (user: ManagedUser, action: UserStatusAction) => void;
  /** Called only after the user confirmed the delete (REQ-users-delete delete confirmation). */
  onDelete: (user: ManagedUser) => void;
  /** REQ-users-sign-in: sends a new invitation; resolves with the server's answer (never rejects). */
  onResendInvitation: (user: ManagedUser) => Promise<SignInActionOutcome>;
  /** REQ-users-sign-in: called only after the admin confirmed the reset; resolves, never rejects. */
  onResetSecondFactor: (user: ManagedUser) => Promise<SignInActionOutcome>;
};

/** Per user id: the one thing shown for them. */
type ByUser<T> = Readonly<Record<string, T>>;
const without = <T,>(map: ByUser<T>, id: string): ByUser<T> =>
  Object.fromEntries(Object.entries(map).filter(([key]) => key !== id));

const FILTER_OPTIONS = USER_FILTERS.map((filter) => ({ value: filter, label: USER_FILTER_LABELS[filter] }));
const isUserFilter = (value: string): value is UserFilter =>
  (USER_FILTERS as readonly string[]).includes(value);
const [TOTAL, DOCTORS, PATIENTS, ACTIVE] = USER_MANAGEMENT_TEXTS.counters;

/**
 * REQ-users-counters Counters: Total Users, Doctors, Patients, Active. Memoized: a search keystroke does not
 * change them.
 */
const UserCounters = memo(function UserCounters({ counters }: { counters: ReturnType<typeof userCounters> }) {
  return (
    <StatGrid
      as="section"
      label={T.countersLabel}
      columns={{ mobile: 2, desktop: 4 }}
      tiles={[
        { label: TOTAL, value: counters.total, icon: <UsersIcon />, tone: 'info' },
        { label: DOCTORS, value: counters.doctors, icon: <StethoscopeIcon />, tone: 'positive' },
        { label: PATIENTS, value: counters.patients, icon: <HeartIcon />, tone: 'accent' },
        { label: ACTIVE, value: counters.active, icon: <CheckIcon />, tone: 'positive' },
      ]}
    />
  );
});

/**
 * REQ-users, pure: subtitle, counters (Total Users, Doctors, Patients, Active), search and
 * filter, the inline 'Create New User' form, the user table with its row actions, the View dialog with the
 * sign-in actions (REQ-users-sign-in: Resend invitation, Reset two-step verification after a confirmation,
 * each busy while on its way and answered inside the dialog) and the delete confirmation. Without manage:users (or when the server says 403) the tab shows only the spec's
 * access-denied sentence.
 */
export function UserManagementScreen({
  canManage,
  users,
  loading = false,
  forbidden = false,
  error,
  onRetry,
  onCreate,
  creating = false,
  onChangeStatus,
  onDelete,
  onResendInvitation,
  onResetSecondFactor,
}: UserManagementScreenProps) {
  const clock = useClock();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [viewingId, setViewingId] = useState<string | undefined>(undefined);
  const [toDelete, setToDelete] = useState<ManagedUser | undefined>(undefined);
  const [toReset, setToReset] = useState<ManagedUser | undefined>(undefined);
  // Kept per user, so an answer that arrives after the dialog closed is shown when it opens again.
  const [pending, setPending] = useState<ByUser<SignInAction>>({});
  const [notices, setNotices] = useState<ByUser<SignInNotice>>({});
  const addUserRef = useRef<HTMLButtonElement>(null);

  const counters = useMemo(() => userCounters(users), [users]);
  // No deferred value: filtering 10,000 precomputed texts and rendering a window of memoized items fits a frame
  // or two (tests/bench ui-rows), and deferring only added a render pass before the filtered paint.
  const searching = search.trim() !== '';
  const filterOf = useMemo(() => createUserFilter(users), [users]);
  const shown = useMemo(() => filterOf(search, filter), [filterOf, search, filter]);
  const empty = useMemo(
    () => (
      <EmptyState
        icon={searching ? <SearchIcon size="large" /> : <UsersIcon size="large" />}
        title={USER_MANAGEMENT_TEXTS.emptyTitle}
        description={searching ? USER_MANAGEMENT_TEXTS.emptySearchHint : undefined}
      />
    ),
    [searching],
  );
  const onView = useCallback((user: ManagedUser) => setViewingId(user.id), []);
  // Looked up by id so the dialog follows status changes, and closes if the user disappears.
  const viewing = viewingId === undefined ? undefined : users.find((u) => u.id === viewingId);

  /**
   * Runs a sign-in action once at a time per user, and keeps its result for that user's dialog. `settled` runs
   * in the same update as the result (closing the confirmation), so the View dialog is no longer behind a modal
   * when it moves focus for the result.
   */
  const runSignInAction = async (
    user: ManagedUser,
    action: SignInAction,
    run: () => Promise<SignInActionOutcome>,
    success: (outcome: Extract<SignInActionOutcome, { ok: true }>) => string,
    settled?: () => void,
  ) => {
    setNotices((current) => without(current, user.id));
    setPending((current) => ({ ...current, [user.id]: action }));
    const outcome = await run();
    settled?.();
    setPending((current) => without(current, user.id));
    setNotices((current) => ({
      ...current,
      [user.id]: outcome.ok
        ? { action, tone: 'positive', message: success(outcome) }
        : { action, tone: 'critical', message: outcome.message },
    }));
  };

  const resend = (user: ManagedUser) => {
    if (pending[user.id]) return;
    void runSignInAction(
      user,
      'resend',
      () => onResendInvitation(user),
      (outcome) =>
        invitationSentMessage(
          outcome.user?.email ?? user.email,
          hoursUntil(outcome.user?.signIn?.invitationExpires, clock.now()),
        ),
    );
  };

  const confirmReset = (user: ManagedUser) => {
    if (pending[user.id]) return;
    void runSignInAction(
      user,
      'reset',
      () => onResetSecondFactor(user),
      () => secondFactorResetMessage(user.name),
      () => setToReset(undefined),
    );
  };

  const closeDetails = () => {
    // The notes of this view are read; the next view starts without them (unless an answer is still due).
    if (viewingId !== undefined) setNotices((current) => without(current, viewingId));
    setViewingId(undefined);
  };

  if (!canManage || forbidden) {
    return (
      <Stack space="large">
        <AlertMessage message={USER_MANAGEMENT_TEXTS.accessDenied} />
      </Stack>
    );
  }

  const closeCreate = () => {
    setCreatingOpen(false);
    addUserRef.current?.focus();
  };

  return (
    <Stack space="large">
      <Stack
        direction={{ mobile: 'vertical', tablet: 'horizontal' }}
        justify="spaceBetween"
        align={{ mobile: 'start', tablet: 'center' }}
      >
        <Stack space="xsmall">
          <Heading level={2}>{T.title}</Heading>
          <Text tone="muted">{USER_MANAGEMENT_TEXTS.subtitle}</Text>
        </Stack>
        <Button
          ref={addUserRef}
          icon={<PlusIcon />}
          aria-expanded={creatingOpen}
          onClick={() => setCreatingOpen(true)}
        >
          {USER_MANAGEMENT_TEXTS.addUser}
        </Button>
      </Stack>

      {loading ? (
        <Spinner label={T.loading} />
      ) : error !== undefined ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <>
          <UserCounters counters={counters} />

          {creatingOpen ? (
            <CreateUserForm onCreate={onCreate} onClose={closeCreate} creating={creating} />
          ) : null}

          <Stack
            direction={{ mobile: 'vertical', tablet: 'horizontal' }}
            align={{ mobile: 'stretch', tablet: 'end' }}
            space="medium"
          >
            <div className={styles.searchSlot}>
              <SearchField
                label={T.searchLabel}
                hideLabel
                placeholder={USER_MANAGEMENT_TEXTS.searchPlaceholder}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <Select
              label={T.filterLabel}
              options={FILTER_OPTIONS}
              value={filter}
              onChange={(event) => {
                if (isUserFilter(event.target.value)) setFilter(event.target.value);
              }}
            />
          </Stack>

          <UserTable
            users={shown}
            empty={empty}
            onView={onView}
            onChangeStatus={onChangeStatus}
            onDelete={setToDelete}
          />
        </>
      )}

      <UserDetailsDialog
        user={viewing}
        onClose={closeDetails}
        onResendInvitation={resend}
        onResetSecondFactor={setToReset}
        pending={viewing ? pending[viewing.id] : undefined}
        notice={viewing ? notices[viewing.id] : undefined}
      />

      {/*
        Opened over the View dialog it was asked from (the only place the reset is offered): it is a question
        about that dialog's user, answered before going back to it, where the result then shows.
      */}
      <ConfirmDialog
        open={toReset !== undefined}
        title={T.signIn.resetTitle}
        message={toReset ? resetSecondFactorQuestion(toReset.name, toReset.signIn?.secondFactors ?? []) : ''}
        confirmLabel={T.signIn.resetConfirm}
        confirming={toReset !== undefined && pending[toReset.id] === 'reset'}
        onCancel={() => setToReset(undefined)}
        onConfirm={() => {
          if (toReset) confirmReset(toReset);
        }}
      />

      <ConfirmDialog
        open={toDelete !== undefined}
        title={T.deleteTitle}
        message={USER_MANAGEMENT_TEXTS.deleteConfirm}
        confirmLabel={USER_MANAGEMENT_TEXTS.delete}
        onCancel={() => setToDelete(undefined)}
        onConfirm={() => {
          if (toDelete) onDelete(toDelete);
          setToDelete(undefined);
        }}
      />
    </Stack>
  );
}

/**
 * The user-management tab wired to the API: what the admin dashboard renders. The list is fetched only for a
 * user who may manage users; failed changes roll back and show their message in the alert region.
 *
 * **When to use:** administrators list, search, filter, create, suspend and delete users. `UserManagementScreen`
 * takes data and callbacks as props.
 *
 * **Accessibility:** the table has a caption and row headers; every row action is named with the user ("Suspend
 * Jane Doe"); Delete and Reset two-step verification ask in a ConfirmDialog; the create form has labelled
 * fields; failures are announced in the alert region, or inside the View dialog for its sign-in actions (the
 * region sits behind the modal there), and focus comes back to the action, or to the sign-in section when the
 * action has gone.
 *
 * **Content:** filter options and roles in Title case ("All Users", "Lab Tech"); statuses as badges with words.
 */
export function UserManagement() {
  return <UserManagementScreen {...useUserManagement()} />;
}
