import {
  CALENDAR_SCOPES,
  type CalendarEvent,
  type CalendarScope,
  type VaultConnection,
} from '@sentinel/domain/contract';
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../api/client';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { useClock } from '../clock/ClockProvider';
import { ConfirmDialog } from '../Dialog/ConfirmDialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { ErrorState } from '../ErrorState/ErrorState';
import { CalendarIcon, CheckIcon, DocumentIcon, LockIcon, ShieldIcon } from '../icons/icons';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import * as styles from './CalendarConnect.css';
import {
  useCalendarConnectionQuery,
  useCalendarEventsQuery,
  useConnectCalendarMutation,
  useDisconnectCalendarMutation,
} from './CalendarConnect.data';
import {
  CALENDAR_CONNECT_TEXTS as T,
  CALENDAR_SCOPE_LABELS,
  REQUIRED_SCOPE,
  downloadIcs,
  formatConnectedAt,
  formatEventTime,
  upcomingEvents,
} from './CalendarConnect.utils';

export type CalendarConnectScreenProps = {
  /** Outline level of the panel's title: 2 on a screen of its own, deeper inside another page. */
  headingLevel?: 2 | 3 | 4;
  /** The connection as the API reports it; undefined while it loads or when it failed. */
  connection: VaultConnection | undefined;
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** Why the connection could not be read; the panel then offers Retry. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /** The upcoming events to list (connected only); undefined while they load or when they failed. */
  events: readonly CalendarEvent[] | undefined;
  /** The upcoming events are loading. */
  eventsLoading?: boolean;
  /** Why the events could not be read (REQ-err-calendar 'Unable to access calendar at this time...'). */
  eventsError?: string;
  /** Loads the upcoming events again after a failure. */
  onRetryEvents?: () => void;
  /** The user's consent, with the scopes ticked (read always among them). */
  onConnect: (scopes: CalendarScope[]) => void;
  /** Connecting: the Connect button shows busy. */
  connecting?: boolean;
  /** Why connecting failed, shown beside the form. */
  connectError?: string;
  /** Called after the user confirmed. */
  onDisconnect: () => void;
  /** Disconnecting: the Disconnect button shows busy. */
  disconnecting?: boolean;
  /** Why disconnecting failed, shown beside the button. */
  disconnectError?: string;
  /** Saves the listed events as an .ics file. */
  onDownload: () => void;
};

const deeper = (level: 2 | 3 | 4): 3 | 4 => (level === 2 ? 3 : 4);

function ScopeName({ scope }: { scope: CalendarScope }) {
  return (
    <span className={styles.scopeText}>
      <Text as="span" weight="medium">
        {CALENDAR_SCOPE_LABELS[scope]}
      </Text>
      <span className={styles.code}>{scope}</span>
    </span>
  );
}

/** Not connected: how the token vault works, the scopes to consent to, and Connect calendar. */
function ConsentForm({
  onConnect,
  connecting,
  error,
}: Pick<CalendarConnectScreenProps, 'onConnect' | 'connecting'> & { error: string | undefined }) {
  const [chosen, setChosen] = useState<ReadonlySet<CalendarScope>>(() => new Set([REQUIRED_SCOPE]));
  const explanationId = useId();
  const toggle = (scope: CalendarScope, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      next.add(REQUIRED_SCOPE);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConnect(CALENDAR_SCOPES.filter((scope) => chosen.has(scope)));
  };
  return (
    <form onSubmit={submit} aria-describedby={explanationId} noValidate>
      <Stack space="large">
        <Stack direction="horizontal" space="small" align="start">
          <Text as="span" tone="info">
            <ShieldIcon />
          </Text>
          <Text id={explanationId}>{T.howItWorks}</Text>
        </Stack>
        <fieldset className={styles.scopes}>
          <legend className={styles.legend}>{T.scopesLegend}</legend>
          {CALENDAR_SCOPES.map((scope) => {
            const required = scope === REQUIRED_SCOPE;
            return (
              <label key={scope} className={styles.scope}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  name="scope"
                  value={scope}
                  checked={chosen.has(scope)}
                  disabled={required || connecting}
                  onChange={(e) => toggle(scope, e.currentTarget.checked)}
                />
                <ScopeName scope={scope} />
                <Badge tone={required ? 'info' : 'neutral'}>{required ? T.required : T.optional}</Badge>
              </label>
            );
          })}
        </fieldset>
        {error !== undefined ? <ErrorState message={error} /> : null}
        <div>
          <Button type="submit" icon={<LockIcon />} loading={connecting}>
            {T.connect}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function EventList({
  events,
  loading,
  error,
  onRetry,
  headingLevel,
}: {
  events: readonly CalendarEvent[] | undefined;
  loading: boolean;
  error: string | undefined;
  onRetry: (() => void) | undefined;
  headingLevel: 3 | 4;
}) {
  const { locale, timeZone } = useClock();
  const titleId = useId();
  let body;
  if (error !== undefined) body = <ErrorState message={error} onRetry={onRetry} retryLabel={T.retry} />;
  else if (loading || events === undefined) body = <Spinner label={T.eventsLoading} size="small" />;
  else if (events.length === 0)
    body = (
      <EmptyState title={T.noEvents} description={T.noEventsHint} icon={<CalendarIcon size="large" />} />
    );
  else
    body = (
      <ul className={styles.list} aria-labelledby={titleId}>
        {events.map((event) => (
          <li key={event.id} className={styles.event}>
            <Text weight="strong">{event.title}</Text>
            <Text as="time" dateTime={event.start} size="small">
              {formatEventTime(event, { locale, timeZone })}
            </Text>
            {event.location ? (
              <Text size="small" tone="muted">
                {event.location}
              </Text>
            ) : null}
          </li>
        ))}
      </ul>
    );
  return (
    <Stack space="small">
      <Heading level={headingLevel} id={titleId}>
        {T.eventsTitle}
      </Heading>
      {body}
    </Stack>
  );
}

/**
 * The token vault's calendar (REQ-tool-vault; REQ-product-pillars), pure. Not connected:
 * how the calendar-scoped token is obtained (token exchange; the assistant never sees the password), the
 * scopes as checkboxes (read required, write optional) and Connect calendar. Connected: the scopes granted and
 * when, Disconnect (after confirming), the upcoming events and Download .ics.
 */
export function CalendarConnectScreen({
  headingLevel = 2,
  connection,
  loading = false,
  error,
  onRetry,
  events,
  eventsLoading = false,
  eventsError,
  onRetryEvents,
  onConnect,
  connecting = false,
  connectError,
  onDisconnect,
  disconnecting = false,
  disconnectError,
  onDownload,
}: CalendarConnectScreenProps) {
  const clock = useClock();
  const [confirming, setConfirming] = useState(false);
  const downloadHintId = useId();

  let body;
  if (error !== undefined) body = <ErrorState message={error} onRetry={onRetry} retryLabel={T.retry} />;
  else if (loading || connection === undefined) body = <Spinner label={T.loading} />;
  else if (!connection.connected) {
    body = (
      <Stack space="large">
        <div>
          <Badge tone="neutral" weight="strong" icon={<LockIcon size="small" />}>
            {T.notConnected}
          </Badge>
        </div>
        <ConsentForm onConnect={onConnect} connecting={connecting} error={connectError} />
      </Stack>
    );
  } else {
    const canDownload = events !== undefined && events.length > 0 && eventsError === undefined;
    body = (
      <Stack space="large">
        <Stack space="small">
          <Stack direction="horizontal" space="small" wrap align="center">
            <Badge tone="positive" weight="strong" icon={<CheckIcon size="small" />}>
              {T.connected}
            </Badge>
            {connection.connectedAt ? (
              <Text as="span" size="small" tone="muted">
                {T.connectedAt(
                  formatConnectedAt(connection.connectedAt, clock.now(), {
                    locale: clock.locale,
                    timeZone: clock.timeZone,
                  }),
                )}
              </Text>
            ) : null}
          </Stack>
          <Text size="small" weight="medium">
            {T.grantedTitle}
          </Text>
          <ul className={styles.granted} aria-label={T.grantedTitle}>
            {connection.scopes.map((scope) => (
              <li key={scope} className={styles.grantedScope}>
                <Text as="span" tone="positive">
                  <CheckIcon size="small" />
                </Text>
                <ScopeName scope={scope} />
              </li>
            ))}
          </ul>
        </Stack>
        <EventList
          events={events}
          loading={eventsLoading}
          error={eventsError}
          onRetry={onRetryEvents}
          headingLevel={deeper(headingLevel)}
        />
        {disconnectError !== undefined ? <ErrorState message={disconnectError} /> : null}
        <Stack space="xsmall">
          <Stack direction="horizontal" space="small" wrap>
            {canDownload ? (
              <Button
                variant="primary"
                icon={<DocumentIcon />}
                onClick={onDownload}
                aria-describedby={downloadHintId}
              >
                {T.downloadIcs}
              </Button>
            ) : null}
            <Button variant="secondary" loading={disconnecting} onClick={() => setConfirming(true)}>
              {T.disconnect}
            </Button>
          </Stack>
          {canDownload ? (
            <Text size="small" tone="muted" id={downloadHintId}>
              {T.downloadHint}
            </Text>
          ) : null}
        </Stack>
        <ConfirmDialog
          open={confirming}
          title={T.disconnectTitle}
          message={T.disconnectConfirm}
          confirmLabel={T.disconnectConfirmLabel}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onDisconnect();
          }}
        />
      </Stack>
    );
  }

  return (
    <Card
      title={T.title}
      description={T.description}
      headingLevel={headingLevel}
      icon={<CalendarIcon />}
      tone={connection?.connected ? 'positive' : undefined}
    >
      {body}
    </Card>
  );
}

/**
 * The REQ-err-calendar calendar failure for a calendar that cannot be reached; the server's words for
 * anything else.
 */
function eventsErrorText(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status === 0 || status >= 500) ? T.failure : messageOf(error);
}

export type CalendarConnectProps = Pick<CalendarConnectScreenProps, 'headingLevel'>;

/**
 * The calendar panel wired to the API: the connection, the consent, and the upcoming events.
 *
 * **When to use:** to connect a calendar through the token vault and show upcoming events.
 *
 * **Accessibility:** connect and disconnect are buttons that show busy while working; failures are shown next to
 * the action as text, not colour alone.
 */
export function CalendarConnect({ headingLevel }: CalendarConnectProps) {
  const clock = useClock();
  const connection = useCalendarConnectionQuery();
  const connected = connection.data?.connected === true;
  const events = useCalendarEventsQuery(connected);
  const connect = useConnectCalendarMutation();
  const disconnect = useDisconnectCalendarMutation();
  const upcoming = events.data ? upcomingEvents(events.data, clock.now()) : undefined;
  return (
    <CalendarConnectScreen
      headingLevel={headingLevel}
      connection={connection.data}
      loading={connection.isPending}
      error={connection.isError ? messageOf(connection.error) : undefined}
      onRetry={() => void connection.refetch()}
      events={upcoming}
      eventsLoading={events.isPending}
      eventsError={events.isError ? eventsErrorText(events.error) : undefined}
      onRetryEvents={() => void events.refetch()}
      onConnect={(scopes) => connect.mutate(scopes)}
      connecting={connect.isPending}
      connectError={connect.isError ? messageOf(connect.error) : undefined}
      onDisconnect={() => disconnect.mutate()}
      disconnecting={disconnect.isPending}
      disconnectError={disconnect.isError ? messageOf(disconnect.error) : undefined}
      onDownload={() => {
        if (upcoming) downloadIcs(upcoming, clock.now());
      }}
    />
  );
}
