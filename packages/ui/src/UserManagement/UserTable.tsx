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
import type { UserStatusAction } from './UserManagement.data';
import * as styles from './UserManagement.css';
import {
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  USER_STATUS_TONE,
  roleTone,
  rowActionLabel,
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
 * Status (a badge that says the status), Last Login (relative, domain formatLastLogin on the clock) and the
 * row actions View, Suspend or Activate (REQ-users-table statusActionFor), Delete. Every action button is
 * named with the user's name, so 'Suspend Jane Doe' says which row it acts on. Long lists are virtualised by
 * the Table primitive.
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
      render: (user) => <Badge tone={USER_STATUS_TONE[user.status]}>{user.status}</Badge>,
    },
    {
      key: 'lastLogin',
      header: COL_LAST_LOGIN,
      render: (user) => (
        <time dateTime={user.lastLogin}>
          {formatLastLogin(user.lastLogin, clock.now(), { locale: clock.locale, timeZone: clock.timeZone })}
        </time>
      ),
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
