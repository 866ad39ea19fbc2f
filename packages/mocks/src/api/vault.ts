/**
 * The mock calendar behind the token vault (REQ-tool-names; REQ-product-pillars tool control through a token
 * vault, REQ-tool the calendar tool google_calendar_medical). The vault's routes and the assistant's calendar
 * tool are the server's (@sentinel/service) over `mockVault`. The calendar's events are the caller's
 * appointments as the domain maps them (`calendarEventsFromAppointments`), plus the events the tool scheduled.
 */
import {
  accountClaims,
  buildCurrentUser,
  calendarEventsFromAppointments,
  compareCalendarEvents,
  visibleTo,
  type Appointment,
  type CurrentUser,
} from '@sentinel/domain';
import type { CalendarEvent, CalendarScope, VaultConnection } from '@sentinel/domain/contract';
import { FIRST_GENERATED_ID, grantedScopes, vaultConnectionOf, type Vault } from '@sentinel/service';
import type { MockStore } from './store';

/**
 * Records the user's consent: the calendar is connected with these scopes (read is always among them, as
 * `VaultConnectSchema` requires), stamped with the store's clock. Connecting again replaces the grant.
 */
export function connectCalendarFor(
  store: MockStore,
  sub: string,
  scopes: readonly CalendarScope[],
): VaultConnection {
  const row = { sub, scopes: grantedScopes(scopes), connectedAt: store.now.toISOString() };
  store.seed((ops) => ops.putVaultConnection(row));
  return vaultConnectionOf(row);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The appointments on a user's calendar: a patient's own (REQ-access ownership), a doctor's the ones where
 * they are the doctor, an admin's all of them.
 */
function calendarAppointmentsFor(appointments: readonly Appointment[], user: CurrentUser): Appointment[] {
  if (user.role === 'patient') return visibleTo(appointments, user);
  if (user.role === 'doctor') return appointments.filter((a) => same(a.doctorName, user.name));
  return [...appointments];
}

/**
 * The token vault over the mock calendar: a user's events, earliest first, are their appointments and what
 * the calendar tool scheduled, read from what the store committed. A subject without an account has no
 * calendar to read.
 */
export function mockVault(store: MockStore): Vault {
  const userOf = (sub: string) => {
    const account = store.users.find((user) => user.id === sub);
    const built = account ? buildCurrentUser(accountClaims(sub, account)) : undefined;
    if (!built?.ok) throw new Error(`No calendar user ${sub}`);
    return built.value;
  };
  return {
    listEvents: async ({ sub }) => {
      const user = userOf(sub);
      const appointments = calendarEventsFromAppointments(calendarAppointmentsFor(store.appointments, user));
      return [...appointments, ...(store.calendarEvents.get(sub) ?? [])].sort(compareCalendarEvents);
    },
    addEvent: async ({ sub }, draft) => {
      // The calendar service numbers its own events, as apps/calendar does: 'evt-1001', then 'evt-1002'.
      const held = [...store.calendarEvents.values()].flat().length;
      const event: CalendarEvent = { id: `evt-${FIRST_GENERATED_ID + held}`, ...draft };
      store.calendarEvents.set(sub, [...(store.calendarEvents.get(sub) ?? []), event]);
      return event;
    },
    // The mock calendar keeps no tokens.
    forget: () => undefined,
  };
}
