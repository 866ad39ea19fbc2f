import {
  ICS_CONTENT_TYPE,
  ICS_FILE_NAME,
  buildCurrentUser,
  calendarEventsFromAppointments,
  toIcs,
} from '@sentinel/domain';
import type { CalendarEvent, VaultConnection } from '@sentinel/domain/contract';
import {
  FIXED_NOW,
  FIXED_NOW_ISO,
  PERSONAS,
  claimsFor,
  createMockApi,
  createScenarios,
  mockTokenFor,
  seedAppointments,
  type PersonaKey,
} from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { CalendarConnect, CalendarConnectScreen, type CalendarConnectScreenProps } from './CalendarConnect';
import {
  CALENDAR_CONNECT_TEXTS as T,
  CALENDAR_SCOPE_LABELS,
  downloadIcs,
  formatEventTime,
  upcomingEvents,
} from './CalendarConnect.utils';

const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };

/** Jane's appointments as the calendar service gives them (the domain's mapping), and the upcoming ones. */
const janesEvents = () =>
  calendarEventsFromAppointments(seedAppointments().filter((a) => a.patientEmail === PERSONAS.jane.email));
const JANES_UPCOMING = upcomingEvents(janesEvents(), FIXED_NOW);

const NOT_CONNECTED: VaultConnection = {
  connection: 'calendar',
  connected: false,
  scopes: [],
  connectedAt: null,
};
const CONNECTED: VaultConnection = {
  connection: 'calendar',
  connected: true,
  scopes: ['calendar:read'],
  connectedAt: FIXED_NOW_ISO,
};

function renderScreen(props: Partial<CalendarConnectScreenProps> = {}) {
  const handlers = {
    onConnect: vi.fn<CalendarConnectScreenProps['onConnect']>(),
    onDisconnect: vi.fn(),
    onDownload: vi.fn(),
    onRetry: vi.fn(),
    onRetryEvents: vi.fn(),
  };
  render(
    <ClockProvider clock={CLOCK}>
      <CalendarConnectScreen connection={NOT_CONNECTED} events={undefined} {...handlers} {...props} />
    </ClockProvider>,
  );
  return { ...handlers, user: userEvent.setup() };
}

const panel = () => screen.getByRole('region', { name: T.title });
const checkbox = (scope: keyof typeof CALENDAR_SCOPE_LABELS) =>
  screen.getByRole('checkbox', { name: new RegExp(CALENDAR_SCOPE_LABELS[scope]) });
const eventItems = () => within(screen.getByRole('list', { name: T.eventsTitle })).getAllByRole('listitem');

describe('CalendarConnectScreen: the consent (not connected)', () => {
  it('explains the token exchange and that the assistant never sees the password', () => {
    renderScreen();
    expect(within(panel()).getByText(T.notConnected)).toBeTruthy();
    expect(panel().textContent).toContain('token exchange');
    expect(panel().textContent).toContain('never sees your password');
  });

  it('lists the scopes as checkboxes: read required and ticked, write optional and not ticked', () => {
    renderScreen();
    const group = screen.getByRole('group', { name: T.scopesLegend });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    const read = checkbox('calendar:read') as HTMLInputElement;
    const write = checkbox('calendar:write') as HTMLInputElement;
    expect([read.checked, read.disabled]).toEqual([true, true]);
    expect([write.checked, write.disabled]).toEqual([false, false]);
    // Required and optional are said in words, not only shown as a state.
    expect(read.closest('label')?.textContent).toContain(T.required);
    expect(write.closest('label')?.textContent).toContain(T.optional);
  });

  it('connects with read only unless write is ticked', async () => {
    const { onConnect, user } = renderScreen();
    await user.click(screen.getByRole('button', { name: T.connect }));
    expect(onConnect).toHaveBeenLastCalledWith(['calendar:read']);
    await user.click(checkbox('calendar:write'));
    await user.click(screen.getByRole('button', { name: T.connect }));
    expect(onConnect).toHaveBeenLastCalledWith(['calendar:read', 'calendar:write']);
  });

  it('can be ticked and sent with the keyboard alone', async () => {
    const { onConnect, user } = renderScreen();
    await user.tab();
    expect(document.activeElement).toBe(checkbox('calendar:write'));
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: T.connect }));
    await user.keyboard('{Enter}');
    expect(onConnect).toHaveBeenCalledExactlyOnceWith(['calendar:read', 'calendar:write']);
  });

  it('shows a refused connection in words and keeps the form', () => {
    renderScreen({ connectError: 'Calendar access needs calendar:read.' });
    expect(screen.getByRole('alert').textContent).toBe('Calendar access needs calendar:read.');
    expect(screen.getByRole('button', { name: T.connect })).toBeTruthy();
  });
});

describe('CalendarConnectScreen: connected', () => {
  it('says it is connected, since when, and which scopes were granted', () => {
    renderScreen({ connection: CONNECTED, events: JANES_UPCOMING });
    expect(within(panel()).getByText(T.connected)).toBeTruthy();
    expect(within(panel()).getByText(T.connectedAt('Today at 2:30 PM'))).toBeTruthy();
    const granted = screen.getByRole('list', { name: T.grantedTitle });
    expect(
      within(granted)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${CALENDAR_SCOPE_LABELS['calendar:read']}calendar:read`]);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('lists the upcoming events with title, time and place', () => {
    renderScreen({ connection: CONNECTED, events: JANES_UPCOMING });
    const items = eventItems();
    expect(items).toHaveLength(3);
    const [first] = JANES_UPCOMING;
    if (!first) throw new Error('Jane has upcoming appointments');
    expect(items[0]?.textContent).toBe(
      `${first.title}${formatEventTime(first, { locale: 'en-US', timeZone: 'UTC' })}${first.location}`,
    );
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).toBe(first.start);
  });

  it('downloads the .ics on request', async () => {
    const { onDownload, user } = renderScreen({ connection: CONNECTED, events: JANES_UPCOMING });
    await user.click(screen.getByRole('button', { name: T.downloadIcs }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it('asks before disconnecting, and Cancel changes nothing', async () => {
    const { onDisconnect, user } = renderScreen({ connection: CONNECTED, events: JANES_UPCOMING });
    await user.click(screen.getByRole('button', { name: T.disconnect }));
    const dialog = screen.getByRole('alertdialog', { name: T.disconnectTitle });
    expect(dialog.textContent).toContain(T.disconnectConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDisconnect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: T.disconnect }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: T.disconnectConfirmLabel }),
    );
    expect(onDisconnect).toHaveBeenCalledOnce();
  });

  it('says there are no events, with nothing to download, when the calendar is empty', () => {
    renderScreen({ connection: CONNECTED, events: [] });
    expect(screen.getByText(T.noEvents)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.downloadIcs })).toBeNull();
    expect(screen.getByRole('button', { name: T.disconnect })).toBeTruthy();
  });

  it('shows the calendar failure (REQ-err-calendar) with Retry when the events cannot be read', async () => {
    const { onRetryEvents, user } = renderScreen({
      connection: CONNECTED,
      eventsError: T.failure,
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Unable to access calendar at this time. Please try again later.',
    );
    expect(screen.queryByRole('button', { name: T.downloadIcs })).toBeNull();
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(onRetryEvents).toHaveBeenCalledOnce();
  });

  it('shows a spinner while the events load', () => {
    renderScreen({ connection: CONNECTED, events: undefined, eventsLoading: true });
    expect(screen.getByRole('status').textContent).toContain(T.eventsLoading);
  });
});

describe('CalendarConnectScreen: loading and errors', () => {
  it('shows a spinner while the connection loads', () => {
    renderScreen({ connection: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toContain(T.loading);
  });

  it('shows why the connection could not be read, with Retry', async () => {
    const { onRetry, user } = renderScreen({ connection: undefined, error: 'Sign in to continue.' });
    expect(screen.getByRole('alert').textContent).toBe('Sign in to continue.');
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('calendar helpers', () => {
  const event = (id: string, start: string, end: string): CalendarEvent => ({
    id,
    title: id,
    start,
    end,
    location: '',
    description: '',
    appointmentId: null,
  });

  it('keeps the events that have not ended, an event under way included', () => {
    const events = [
      event('ended', '2026-11-02T13:00:00.000Z', '2026-11-02T14:00:00.000Z'),
      event('under-way', '2026-11-02T14:15:00.000Z', '2026-11-02T14:45:00.000Z'),
      event('later', '2026-11-03T09:00:00.000Z', '2026-11-03T09:30:00.000Z'),
    ];
    expect(upcomingEvents(events, FIXED_NOW).map((e) => e.id)).toEqual(['under-way', 'later']);
  });

  it('writes an event’s time in the viewer’s zone', () => {
    const visit = event('v', '2026-11-02T16:30:00.000Z', '2026-11-02T17:00:00.000Z');
    expect(formatEventTime(visit, { locale: 'en-US', timeZone: 'UTC' })).toMatch(
      /^Mon, Nov 2, 2026, 4:30\s–\s5:00\sPM$/,
    );
    expect(formatEventTime(visit, { locale: 'en-US', timeZone: 'America/New_York' })).toMatch(
      /^Mon, Nov 2, 2026, 11:30\sAM\s–\s12:00\sPM$/,
    );
  });

  it('downloads sentinel-appointments.ics built in the browser with the domain’s toIcs', async () => {
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:calendar';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    try {
      downloadIcs(JANES_UPCOMING, FIXED_NOW);
      expect(clicked).toEqual([{ href: 'blob:calendar', download: ICS_FILE_NAME }]);
      expect(blobs[0]?.type).toBe(ICS_CONTENT_TYPE);
      expect(await blobs[0]?.text()).toBe(toIcs(JANES_UPCOMING, { now: FIXED_NOW }));
      expect(document.querySelector('a[download]')).toBeNull();
      await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:calendar'));
    } finally {
      create.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  });
});

describe('CalendarConnect (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const scenarios = createScenarios({ baseUrl: BASE_URL });
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function renderConnected(who: PersonaKey) {
    const built = buildCurrentUser(claimsFor(PERSONAS[who]));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor(who) });
    render(
      <ClockProvider clock={CLOCK}>
        <SessionProvider session={session}>
          <ApiProvider client={client} queryClient={createQueryClient()}>
            <CalendarConnect />
          </ApiProvider>
        </SessionProvider>
      </ClockProvider>,
    );
    return userEvent.setup();
  }

  it('Jane consents to read and write, and then sees her upcoming appointments', async () => {
    const user = renderConnected('jane');
    await user.click(await screen.findByRole('checkbox', { name: /Add appointments for you/ }));
    await user.click(screen.getByRole('button', { name: T.connect }));
    await screen.findByRole('list', { name: T.eventsTitle });
    expect(eventItems().map((li) => li.querySelector('time')?.getAttribute('datetime'))).toEqual(
      JANES_UPCOMING.map((e) => e.start),
    );
    expect(api.store.calendarConnections.get(PERSONAS.jane.sub)).toEqual({
      scopes: ['calendar:read', 'calendar:write'],
      connectedAt: FIXED_NOW_ISO,
    });
  });

  it('disconnects after confirming, and offers the consent again', async () => {
    const connected = scenarios.calendarConnected('jane');
    server.resetHandlers(...connected.handlers);
    await connected.seed();
    const user = renderConnected('jane');
    await user.click(await screen.findByRole('button', { name: T.disconnect }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: T.disconnectConfirmLabel }),
    );
    expect(await screen.findByRole('button', { name: T.connect })).toBeTruthy();
    expect(connected.api.store.calendarConnections.size).toBe(0);
  });

  it('shows the calendar failure (REQ-err-calendar) when the calendar cannot be reached, and loads on Retry once it can', async () => {
    const connected = scenarios.calendarConnected('jane');
    server.resetHandlers(...scenarios.calendarUnavailable(), ...connected.handlers);
    await connected.seed();
    const user = renderConnected('jane');
    expect((await screen.findByRole('alert')).textContent).toBe(T.failure);
    server.resetHandlers(...connected.handlers);
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(await screen.findByRole('list', { name: T.eventsTitle })).toBeTruthy();
    expect(eventItems()).toHaveLength(3);
  });
});
