import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { IconButton } from '../Button/Button';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from '../icons/icons';
import { missingProviderError } from '../SentinelProvider/missingProvider';
import * as styles from './AlertRegion.css';

export const ALERT_TONES = styles.ALERT_TONES;
export type AlertTone = (typeof ALERT_TONES)[number];

export type AlertItem = { readonly id: string; readonly message: string; readonly tone: AlertTone };

export type AlertsApi = {
  /** The alerts on screen, oldest first. */
  alerts: readonly AlertItem[];
  /** Shows a message (critical unless told otherwise) and returns its id. */
  show: (message: string, tone?: AlertTone) => string;
  dismiss: (id: string) => void;
};

/** The default accessible name of each alert's dismiss button. */
export const DISMISS_LABEL = 'Dismiss';

/** Urgent tones interrupt (role="alert"); the others wait for a pause (role="status"). */
const ROLE: Record<AlertTone, 'alert' | 'status'> = {
  critical: 'alert',
  caution: 'alert',
  positive: 'status',
  info: 'status',
};
const ICON: Record<AlertTone, ReactNode> = {
  critical: <WarningIcon />,
  caution: <WarningIcon />,
  positive: <CheckIcon />,
  info: <InfoIcon />,
};

export type AlertMessageProps = {
  /** The sentence to show: what happened, in the spec's words where it gives them. */
  message: string;
  /**
   * critical and caution interrupt (role alert); positive, info and neutral wait for a pause (role status).
   */
  tone?: AlertTone;
  /** Shows a dismiss button that calls this. */
  onDismiss?: () => void;
  /** The Dismiss button's text. */
  dismissLabel?: string;
};

/**
 * One message in a tone. The text itself carries the live role, so a screen reader announces the message and
 * not the button beside it; the icon and the border repeat the tone, never replacing the words.
 *
 * **When to use:** one message in a tone inside a form or a dialog (a refused create); page-level messages go
 * through AlertRegion.
 *
 * **Accessibility:** see above.
 */
export function AlertMessage({
  message,
  tone = 'critical',
  onDismiss,
  dismissLabel = DISMISS_LABEL,
}: AlertMessageProps) {
  const messageId = useId();
  return (
    <div className={`${styles.alert} ${styles.tone[tone]}`}>
      <span className={styles.icon}>{ICON[tone]}</span>
      <p id={messageId} role={ROLE[tone]} className={styles.message}>
        {message}
      </p>
      {onDismiss && (
        <IconButton
          label={dismissLabel}
          icon={<CloseIcon size="small" />}
          size="small"
          aria-describedby={messageId}
          onClick={onDismiss}
        />
      )}
    </div>
  );
}

const AlertsContext = createContext<AlertsApi | undefined>(undefined);

/**
 * Holds the alerts of everything inside it. Screens call `useAlerts().show(PERMISSION_ALERTS.createUsers)`
 * instead of window.alert (REQ-access-fields, REQ-err); an `<AlertRegion />` inside the provider shows them. Ids
 * come from a counter ('alert-1', 'alert-2', ...) so stories and tests are deterministic. Alerts stay until
 * dismissed: nothing disappears on a timer (WCAG 2.2.1).
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<readonly AlertItem[]>([]);
  const counter = useRef(0);

  const show = useCallback((message: string, tone: AlertTone = 'critical') => {
    counter.current += 1;
    const id = `alert-${counter.current}`;
    // Showing the same message again moves it to the end as a new element, so it is announced again
    // rather than stacked twice.
    setAlerts((current) => [
      ...current.filter((a) => !(a.message === message && a.tone === tone)),
      { id, message, tone },
    ]);
    return id;
  }, []);

  const dismiss = useCallback((id: string) => {
    setAlerts((current) => current.filter((a) => a.id !== id));
  }, []);

  const api = useMemo<AlertsApi>(() => ({ alerts, show, dismiss }), [alerts, show, dismiss]);
  return <AlertsContext.Provider value={api}>{children}</AlertsContext.Provider>;
}

/** The alerts of the nearest AlertProvider, with show and dismiss. */
export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw missingProviderError('useAlerts', 'the alerts it shows');
  return api;
}

/**
 * Where a screen shows its alerts: each one in its tone with a Dismiss button.
 *
 * **When to use:** once per page, near the top: permission refusals and the results of actions
 * (REQ-screen-alerts). Never `window.alert`.
 *
 * **Accessibility:** critical and caution messages are alerts (read out at once), the others statuses (read at a
 * pause); each has a Dismiss button described by its message.
 *
 * **Content:** one sentence saying what happened, in the spec's words where it gives them ("You do not have
 * permission to process refills").
 */
export function AlertRegion() {
  const { alerts, dismiss } = useAlerts();
  return (
    <div className={styles.region}>
      {alerts.map((a) => (
        <AlertMessage key={a.id} message={a.message} tone={a.tone} onDismiss={() => dismiss(a.id)} />
      ))}
    </div>
  );
}
