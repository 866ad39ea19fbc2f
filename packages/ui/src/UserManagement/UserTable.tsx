import { USER_MANAGEMENT_TEXTS, formatLastLogin, statusActionFor, type ManagedUser } from '@sentinel/domain';
import { memo, useMemo, type ReactNode } from 'react';
import { Avatar } from '../Avatar/Avatar';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { useClock, type Clock } from '../clock/ClockProvider';
import { CheckIcon, EyeIcon, LockIcon, TrashIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Table, type TableColumn } from '../Table/Table';
import { Text } from '../Text/Text';
import { visuallyHidden } from '../theme/global.css';
import type { UserStatusAction } from './UserManagement.data';
import * as styles from './UserManagement.css';
import {
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  USER_STATUS_TONE,
  roleTone,
  rowActionLabel,
  signInSummary,
} from './UserManagement.utils';

const [COL_USER, COL_ROLE, COL_DEPARTMENT, COL_STATUS, COL_LAST_LOGIN, COL_ACTIONS] =
  USER_MANAGEMENT_TEXTS.columns;

export type UserTableProps = {
  /** The users to list, already filtered. */
  users: readonly ManagedUser[];
  /** What the table shows when no user matches (the screen's empty state). */
  empty: ReactNode;
  /** Opens a user's details (View). */
  onView: (user: ManagedUser) => void;
  /** Suspends or activates a user (the row's status action). */
  onChangeStatus: (user: ManagedUser, action: UserStatusAction) => void;
  /** Deletes a user, after the ConfirmDialog. */
  onDelete: (user: ManagedUser) => void;
};

/**
 * REQ-users-table user table: User (picture or initials, name, e-mail), Role, Department ('-' when empty),
 * Status (a badge that says the status, and under it the sign-in, REQ-users-sign-in), Last Login (relative,
 * domain formatLastLogin on the clock; 'Never' for someone who has not signed in) and the row actions View,
 * Suspend or Activate (REQ-users-table statusActionFor), Delete. Every action button is named with the user's
 * name, so 'Suspend Jane Doe' says which row it acts on. Long lists are virtualised by the Table primitive.
 */
export const UserTable = memo(function UserTable({
  users,
  empty,
  onView,
  onChangeStatus,
  onDelete,
}: UserTableProps) {
  const clock = useClock();
  // Kept between renders, so the long table re-renders only the rows whose user changed.
  const columns = useMemo(
    () => userColumns(clock, { onView, onChangeStatus, onDelete }),
    [clock, onView, onChangeStatus, onDelete],
  );

  return (
    <Table
      caption={T.tableCaption}
      hideCaption
      columns={columns}
      rows={users}
      rowKey={(u) => u.id}
      empty={empty}
    />
  );
});

/**
 * The Status cell: the status badge and, beside it, the sign-in state's badge when it needs the admin
 * (Invited, Invitation expired, Unknown); under them one line: when the invitation expires or expired, the
 * second factors of a user who has signed up ('Password only' without one), or that the provider has no
 * account for them. Under Status rather than in a column of its own: a seventh column made the table wider
 * than a 1280 px screen, hiding Delete behind a sideways scroll. A signed-up user gets no 'Active' badge beside
 * the status's 'active': the line under it says how they sign in. Two lines, as in the User cell, so the row
 * keeps the table's fixed height; screen readers hear 'Sign-in:' before the sign-in part.
 */
function StatusCell({ user, clock }: { user: ManagedUser; clock: Clock }) {
  const summary = signInSummary(user.signIn, clock.now(), { locale: clock.locale, timeZone: clock.timeZone });
  const needsAdmin = summary !== undefined && user.signIn?.state !== 'active';
  const detail = summary ? summary.detail : T.signIn.none;
  return (
    <span className={styles.stackedCell}>
      <span className={styles.badges}>
        <Badge tone={USER_STATUS_TONE[user.status]}>{user.status}</Badge>
        <span className={visuallyHidden}>{T.signIn.cellLabel}</span>
        {needsAdmin ? <Badge tone={summary.tone}>{summary.label}</Badge> : null}
      </span>
      {detail ? (
        <Text as="span" size="small" tone="muted">
          {detail}
        </Text>
      ) : null}
    </span>
  );
}

type RowActions = Pick<UserTableProps, 'onView' | 'onChangeStatus' | 'onDelete'>;

function userColumns(
  clock: Clock,
  { onView, onChangeStatus, onDelete }: RowActions,
): TableColumn<ManagedUser>[] {
  return [
    {
      key: 'user',
      header: COL_USER,
      rowHeader: true,
      width: '28%',
      render: (user) => (
        <span className={styles.userCell}>
          <Avatar name={user.name} picture={user.avatar} decorative />
          <span className={styles.userText}>
            <Text as="span" weight="medium">
              {user.name}
            </Text>
            <Text as="span" size="small" tone="muted">
              {user.email}
            </Text>
          </span>
        </span>
      ),
    },
    {
      key: 'role',
      header: COL_ROLE,
      render: (user) => <Badge tone={roleTone(user.role)}>{user.role}</Badge>,
    },
    {
      key: 'department',
      header: COL_DEPARTMENT,
      render: (user) => user.department || USER_MANAGEMENT_TEXTS.emptyDepartment,
    },
    {
      key: 'status',
      header: COL_STATUS,
      render: (user) => <StatusCell user={user} clock={clock} />,
    },
    {
      key: 'lastLogin',
      header: COL_LAST_LOGIN,
      render: (user) => {
        const text = formatLastLogin(user.lastLogin, clock.now(), {
          locale: clock.locale,
          timeZone: clock.timeZone,
        });
        return user.lastLogin ? <time dateTime={user.lastLogin}>{text}</time> : text;
      },
    },
    {
      key: 'actions',
      header: COL_ACTIONS,
      width: '30%',
      render: (user) => {
        const action = statusActionFor(user.status);
        const verb = action === 'suspend' ? USER_MANAGEMENT_TEXTS.suspend : USER_MANAGEMENT_TEXTS.activate;
        return (
          <Stack direction="horizontal" space="xsmall">
            <Button
              size="small"
              variant="ghost"
              icon={<EyeIcon />}
              aria-label={rowActionLabel(USER_MANAGEMENT_TEXTS.view, user.name)}
              onClick={() => onView(user)}
            >
              {USER_MANAGEMENT_TEXTS.view}
            </Button>
            <Button
              size="small"
              variant="secondary"
              icon={action === 'suspend' ? <LockIcon /> : <CheckIcon />}
              aria-label={rowActionLabel(verb, user.name)}
              onClick={() => onChangeStatus(user, action)}
            >
              {verb}
            </Button>
            <Button
              size="small"
              variant="danger"
              icon={<TrashIcon />}
              aria-label={rowActionLabel(USER_MANAGEMENT_TEXTS.delete, user.name)}
              onClick={() => onDelete(user)}
            >
              {USER_MANAGEMENT_TEXTS.delete}
            </Button>
          </Stack>
        );
      },
    },
  ];
}
