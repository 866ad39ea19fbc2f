import { USER_MANAGEMENT_TEXTS, formatDate, formatLastLogin, type ManagedUser } from '@sentinel/domain';
import { useId, useState, type ReactNode } from 'react';
import { AlertMessage } from '../AlertRegion/AlertRegion';
import { Avatar } from '../Avatar/Avatar';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Chip } from '../Chip/Chip';
import { useClock } from '../clock/ClockProvider';
import { Dialog } from '../Dialog/Dialog';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import * as styles from './UserManagement.css';
import { USER_MANAGEMENT_SCREEN_TEXTS as T, USER_STATUS_TONE, roleTone } from './UserManagement.utils';

export type UserDetailsDialogProps = {
  /** The user to show; the dialog is closed while undefined. */
  user: ManagedUser | undefined;
  /** Closes the dialog; focus returns to the View button. */
  onClose: () => void;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.detailLabel}>{label}</dt>
      <dd className={styles.detailValue}>{children}</dd>
    </>
  );
}

/**
 * REQ-users-view View modal: avatar, name, e-mail, role, status, Created date and Last Login; phone,
 * department, specialization, license and address only when present; the permission chips; Close and Edit
 * User.
 */
export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  const clock = useClock();
  const permissionsId = useId();
  // Which user the Edit User note was asked for: it belongs to that view only, and opening another user's
  // view starts without it.
  const [editNoteFor, setEditNoteFor] = useState<string | undefined>(undefined);
  const showEditNote = user !== undefined && editNoteFor === user.id;
  const locale = { locale: clock.locale, timeZone: clock.timeZone };

  return (
    <Dialog
      open={user !== undefined}
      onClose={onClose}
      title={user?.name ?? ''}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {USER_MANAGEMENT_TEXTS.close}
          </Button>
          {/*
            REQ-screen-edit-later: "the Edit User button does nothing". A dead button reads as broken, so it stays enabled and
            says plainly that editing is not available yet (an info note inside the dialog, where focus is;
            the page's alert region sits behind the modal and would go unseen).
          */}
          <Button onClick={() => setEditNoteFor(user?.id)}>{USER_MANAGEMENT_TEXTS.editUser}</Button>
        </>
      }
    >
      {user ? (
        <Stack space="large">
          <Stack direction="horizontal" space="medium">
            <Avatar name={user.name} picture={user.avatar} size="large" decorative />
            <Stack space="xsmall">
              <Text weight="strong">{user.name}</Text>
              <Text size="small" tone="muted">
                {user.email}
              </Text>
            </Stack>
          </Stack>

          <dl className={styles.details}>
            <Detail label={T.details.email}>{user.email}</Detail>
            <Detail label={T.details.role}>
              <Badge tone={roleTone(user.role)}>{user.role}</Badge>
            </Detail>
            <Detail label={T.details.status}>
              <Badge tone={USER_STATUS_TONE[user.status]}>{user.status}</Badge>
            </Detail>
            <Detail label={T.details.created}>{formatDate(user.createdDate, locale)}</Detail>
            <Detail label={T.details.lastLogin}>
              {formatLastLogin(user.lastLogin, clock.now(), locale)}
            </Detail>
            {user.phone ? <Detail label={T.details.phone}>{user.phone}</Detail> : null}
            {user.department ? <Detail label={T.details.department}>{user.department}</Detail> : null}
            {user.specialization ? (
              <Detail label={T.details.specialization}>{user.specialization}</Detail>
            ) : null}
            {user.licenseNumber ? <Detail label={T.details.license}>{user.licenseNumber}</Detail> : null}
            {user.address ? <Detail label={T.details.address}>{user.address}</Detail> : null}
          </dl>

          <Stack space="small">
            <Heading level={3} size={4} id={permissionsId}>
              {T.details.permissions}
            </Heading>
            <Stack as="ul" direction="horizontal" space="small" wrap aria-labelledby={permissionsId}>
              {user.permissions.map((permission) => (
                <li key={permission}>
                  <Chip>{permission}</Chip>
                </li>
              ))}
            </Stack>
          </Stack>

          {showEditNote ? <AlertMessage tone="info" message={T.editUnavailable} /> : null}
        </Stack>
      ) : null}
    </Dialog>
  );
}
