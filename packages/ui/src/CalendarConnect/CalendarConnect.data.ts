/**
 * Data for the calendar panel (token vault, REQ-tool-vault): the connection (`GET|POST|DELETE
 * /api/vault/calendar`) and the calendar's events (`GET /api/calendar/events`, asked for only while connected),
 * on TanStack Query over the typed API client.
 */
import type { CalendarScope, ResponseBody, VaultConnection } from '@sentinel/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/ApiProvider';

export const calendarQueryKeys = {
  connection: ['vault', 'calendar'] as const,
  events: ['calendar', 'events'] as const,
};

const DISCONNECTED: VaultConnection = {
  connection: 'calendar',
  connected: false,
  scopes: [],
  connectedAt: null,
};

/** GET /api/vault/calendar: whether the user connected the calendar, with which scopes and when. */
export function useCalendarConnectionQuery() {
  const api = useApi();
  return useQuery({
    queryKey: calendarQueryKeys.connection,
    queryFn: ({ signal }) => api.call('getCalendarConnection', { signal }),
  });
}

/**
 * GET /api/calendar/events, only while connected (before that the API answers 409). Not retried on its own: a
 * calendar that cannot be reached shows the REQ-err-calendar failure at once, with a Retry button.
 */
export function useCalendarEventsQuery(connected: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: calendarQueryKeys.events,
    queryFn: ({ signal }) => api.call('listCalendarEvents', { signal }),
    select: (data: ResponseBody<'listCalendarEvents'>) => data.items,
    enabled: connected,
    retry: false,
  });
}

/** POST /api/vault/calendar {scopes}: the user's consent. The answer is the new connection. */
export function useConnectCalendarMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scopes: readonly CalendarScope[]) =>
      api.call('connectCalendar', { body: { scopes: [...scopes] } }),
    onSuccess: (connection) => {
      queryClient.setQueryData(calendarQueryKeys.connection, connection);
      void queryClient.invalidateQueries({ queryKey: calendarQueryKeys.events });
    },
  });
}

/** DELETE /api/vault/calendar: the consent withdrawn; the events on screen go with it. */
export function useDisconnectCalendarMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('disconnectCalendar'),
    onSuccess: () => {
      queryClient.setQueryData(calendarQueryKeys.connection, DISCONNECTED);
      queryClient.removeQueries({ queryKey: calendarQueryKeys.events });
    },
  });
}
