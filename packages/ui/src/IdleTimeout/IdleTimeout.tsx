import { useEffect, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { ModalDialog } from '../Dialog/Dialog';
import { Text } from '../Text/Text';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './IdleTimeout.css';
import { IDLE_TIMEOUT, IDLE_TIMEOUT_TEXTS, announcedStep, formatCountdown } from './IdleTimeout.utils';
import { useIdleTimeout, type IdleTimeoutOptions } from './useIdleTimeout';

export type IdleTimeoutProps = Omit<IdleTimeoutOptions, 'onTimeout'> & {
  /** Signs out: called by Log out, and when the countdown reaches zero. */
  onLogout: () => void;
};

/**
 * Automatic logoff (HIPAA 164.312(a)(2)(iii)) for a signed-in session: after 13 minutes without activity an
 * alert dialog asks "Are you still there?" with a live countdown, "Stay signed in" (focused first; Escape does
 * the same) and "Log out"; at 15 minutes it signs out by itself. The visible timer ticks every second, and a
 * polite live region reads the time left out at 2 minutes, 90, 60, 30 and 10 seconds.
 *
 * **When to use:** once inside every signed-in page.
 *
 * **Accessibility:** see above: an alert dialog with focus on "Stay signed in", Escape to stay, and a polite
 * countdown.
 */
export function IdleTimeout({ onLogout, limits = IDLE_TIMEOUT, ...options }: IdleTimeoutProps) {
  const { phase, staySignedIn } = useIdleTimeout({ ...options, limits, onTimeout: onLogout });
  const warning = phase.phase === 'warning';
  const secondsLeft = phase.phase === 'warning' ? phase.secondsLeft : 0;
  const step = warning ? announcedStep(secondsLeft) : undefined;

  const secondsRef = useRef(secondsLeft);
  useEffect(() => {
    secondsRef.current = secondsLeft;
  });
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // Read out when the countdown reaches a new step, with the real time left (a tab may wake up late).
    setAnnouncement(
      step === undefined ? '' : IDLE_TIMEOUT_TEXTS.announce(Math.min(step, secondsRef.current)),
    );
  }, [step]);

  return (
    <ModalDialog
      open={warning}
      onClose={staySignedIn}
      title={IDLE_TIMEOUT_TEXTS.title}
      description={IDLE_TIMEOUT_TEXTS.message(limits.timeoutMs)}
      role="alertdialog"
      showClose={false}
      footer={
        <>
          <Button onClick={staySignedIn}>{IDLE_TIMEOUT_TEXTS.stay}</Button>
          <Button variant="secondary" onClick={onLogout}>
            {IDLE_TIMEOUT_TEXTS.logOut}
          </Button>
        </>
      }
    >
      <Text as="div" tone="muted" size="small">
        {IDLE_TIMEOUT_TEXTS.countdownLabel}
      </Text>
      <p role="timer" aria-label={IDLE_TIMEOUT_TEXTS.countdownLabel} className={styles.countdown}>
        {formatCountdown(secondsLeft)}
      </p>
      <div aria-live="polite" aria-atomic="true" className={visuallyHidden}>
        {announcement}
      </div>
    </ModalDialog>
  );
}
