import { USER_MANAGEMENT_TEXTS, formatDate, formatLastLogin, type ManagedUser } from '@sentinel/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
import { SendIcon, ShieldIcon } from '../icons/icons';
import {
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  USER_STATUS_TONE,
  awaitsInvitation,
  canResendInvitation,
  canResetSecondFactor,
  formatInvitationExpiry,
  roleTone,
  secondFactorsText,
  signInSummary,
  type SignInAction,
  type SignInNotice,
} from './UserManagement.utils';

export type UserDetailsDialogProps = {
  /** The user to show; the dialog is closed while undefined. */
  user: ManagedUser | undefined;
  /** Closes the dialog; focus returns to the View button. */
  onClose: () => void;
  /** REQ-users-sign-in: sends the user a new invitation (offered while they have not set a password). */
  onResendInvitation: (user: ManagedUser) => void;
  /** REQ-users-sign-in: asks to reset the user's second factors (the screen confirms first). */
  onResetSecondFactor: (user: ManagedUser) => void;
  /** The sign-in action on its way for this user: its button is busy and the other one waits. */
  pending?: SignInAction;
  /** The last sign-in action's result for this user. */
  notice?: SignInNotice;
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
 * REQ-users-view View modal: avatar, name, e-mail, role, status, Created date and Last Login ('Never' before a
 * first sign-in); phone, department, specialization, license and address only when present; the sign-in
 * section (REQ-users-sign-in: state, the invitation's expiry to the minute, the second factors, and the
 * actions Resend invitation and Reset two-step verification where they apply, with their results); the
 * permission chips; Close and Edit User.
 */
export function UserDetailsDialog({
  user,
  onClose,
  onResendInvitation,
  onResetSecondFactor,
  pending,
  notice,
}: UserDetailsDialogProps) {
  const clock = useClock();
  const permissionsId = useId();
  const signInId = useId();
  const signInRef = useRef<HTMLElement>(null);
  const actionRefs = useRef<Partial<Record<SignInAction, HTMLButtonElement | null>>>({});
  // When an action ends its busy button was disabled (focus fell out of it) or has gone (no second factor left
  // to reset): put focus back on it, or on the sign-in section, unless the user has moved on meanwhile.
  useEffect(() => {
    if (!notice) return;
    const active = document.activeElement;
    const button = actionRefs.current[notice.action];
    const lost =
      active === null || active === document.body || active.tagName === 'DIALOG' || active === button;
    if (!lost) return;
    if (button?.isConnected && !button.disabled) button.focus();
    else signInRef.current?.focus();
  }, [notice]);
  // Which user the Edit User note was asked for: it belongs to that view only, and opening another user's
  // view starts without it.
  const [editNoteFor, setEditNoteFor] = useState<string | undefined>(undefined);
  const showEditNote = user !== undefined && editNoteFor === user.id;
  const locale = { locale: clock.locale, timeZone: clock.timeZone };
  const signIn = user?.signIn;
  const summary = signInSummary(signIn, clock.now(), locale);
  const resendable = user !== undefined && canResendInvitation(user);
  const resettable = canResetSecondFactor(signIn);

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

          {/* Focusable from script only: where focus goes when the button of a finished action has gone. */}
          <section ref={signInRef} tabIndex={-1} aria-labelledby={signInId} className={styles.section}>
            <Stack space="small">
              <Heading level={3} size={4} id={signInId}>
                {T.signIn.heading}
              </Heading>
              {summary && signIn ? (
                <dl className={styles.details}>
                  <Detail label={T.signIn.state}>
                    <Badge tone={summary.tone}>{summary.label}</Badge>
                  </Detail>
                  {signIn.state === 'invited' && signIn.invitationExpires ? (
                    <Detail label={T.signIn.invitationExpires}>
                      {formatInvitationExpiry(signIn.invitationExpires, locale)} ({summary.detail})
                    </Detail>
                  ) : null}
                  {signIn.state === 'invitation-expired' ? (
                    <Detail label={T.signIn.invitationExpired}>
                      {signIn.invitationExpires
                        ? formatInvitationExpiry(signIn.invitationExpires, locale)
                        : T.signIn.noInvitation}
                    </Detail>
                  ) : null}
                  {signIn.state === 'active' || signIn.secondFactors.length > 0 ? (
                    <Detail label={T.signIn.secondFactors}>
                      {secondFactorsText(signIn.secondFactors) || T.signIn.notSetUp}
                    </Detail>
                  ) : null}
                </dl>
              ) : (
                <Text tone="muted">{T.signIn.noAccountNote}</Text>
              )}
              {signIn?.state === 'unknown' ? <Text tone="muted">{T.signIn.unknownNote}</Text> : null}
              {awaitsInvitation(signIn) && !resendable ? (
                <Text tone="muted">{T.signIn.activateToResend}</Text>
              ) : null}
              {resendable || resettable ? (
                <Stack direction="horizontal" space="small" wrap>
                  {resendable ? (
                    <Button
                      ref={(el) => {
                        actionRefs.current.resend = el;
                      }}
                      variant="secondary"
                      icon={<SendIcon />}
                      loading={pending === 'resend'}
                      disabled={pending === 'reset'}
                      onClick={() => onResendInvitation(user)}
                    >
                      {T.signIn.resend}
                    </Button>
                  ) : null}
                  {resettable ? (
                    <Button
                      ref={(el) => {
                        actionRefs.current.reset = el;
                      }}
                      variant="secondary"
                      icon={<ShieldIcon />}
                      loading={pending === 'reset'}
                      disabled={pending === 'resend'}
                      onClick={() => onResetSecondFactor(user)}
                    >
                      {T.signIn.reset}
                    </Button>
                  ) : null}
                </Stack>
              ) : null}
              {notice ? <AlertMessage tone={notice.tone} message={notice.message} /> : null}
            </Stack>
          </section>

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
