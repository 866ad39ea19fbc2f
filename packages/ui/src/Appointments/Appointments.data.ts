/**
 * Data for the appointments screen (REQ-appt-status-change, REQ-access write:appointments / delete:records):
 * the list and the create, status and delete calls, on TanStack Query over the typed API client. Status
 * changes and deletes are optimistic and roll back when the server refuses; the server checks the permissions
 * anyway and its 403 message is the spec's alert ('You do not have permission to update appointments', ...).
 */
import { messageOf } from '../api/client';
import type { Appointment, AppointmentStatus } from '@sentinel/domain';
import type { RequestBody, ResponseBody } from '@sentinel/domain/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../api/ApiProvider';
import { applyOptimistic, rollback } from '../api/optimisticList';

export const APPOINTMENTS_QUERY_KEY = ['appointments'] as const;

type AppointmentList = ResponseBody<'listAppointments'>;
export type NewAppointment = RequestBody<'createAppointment'>;

/** Status changes and deletes share one key, so the list is refetched once the last of them settles. */
const CHANGE_MUTATION_KEY = ['appointments', 'change'] as const;

function refetchAfterLastChange(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: CHANGE_MUTATION_KEY }) === 1)
    return queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY });
  return undefined;
}

/**
 * GET /api/appointments: patients receive only their own (REQ-access), with other patients' names blanked.
 */
export function useAppointmentsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: APPOINTMENTS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('listAppointments', { signal }),
    select: (data) => data.items,
  });
}

/**
 * POST /api/appointments. Not optimistic: the server assigns the id and the status (scheduled, REQ-appt). On success
 * the new appointment joins the cached list; a refusal (403 for a user without write:appointments) goes to
 * `onError` with the server's message.
 */
export function useCreateAppointmentMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAppointment) => api.call('createAppointment', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData<AppointmentList>(APPOINTMENTS_QUERY_KEY, (list) =>
        list ? { items: [...list.items, created] } : list,
      );
    },
    onError: (error) => onError(messageOf(error)),
    // Refetch in the background: the form is free again as soon as the server has answered.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
  });
}

/**
 * PATCH /api/appointments/:id {status}: REQ-appt-status-change Confirm and Complete set the status directly.
 * Optimistic.
 */
export function useAppointmentStatusMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHANGE_MUTATION_KEY,
    mutationFn: ({ appointment, status }: { appointment: Appointment; status: AppointmentStatus }) =>
      api.call('updateAppointmentStatus', { params: { id: appointment.id }, body: { status } }),
    onMutate: ({ appointment, status }) =>
      applyOptimistic<AppointmentList>(queryClient, APPOINTMENTS_QUERY_KEY, (items) =>
        items.map((a) => (a.id === appointment.id ? { ...a, status } : a)),
      ),
    onError: (error, _variables, snapshot) => {
      rollback(queryClient, APPOINTMENTS_QUERY_KEY, snapshot);
      onError(messageOf(error));
    },
    onSettled: () => refetchAfterLastChange(queryClient),
  });
}

/** DELETE /api/appointments/:id, after the screen's confirmation (REQ-access delete:records). Optimistic. */
export function useDeleteAppointmentMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHANGE_MUTATION_KEY,
    mutationFn: (appointment: Appointment) =>
      api.call('deleteAppointment', { params: { id: appointment.id } }),
    onMutate: (appointment) =>
      applyOptimistic<AppointmentList>(queryClient, APPOINTMENTS_QUERY_KEY, (items) =>
        items.filter((a) => a.id !== appointment.id),
      ),
    onError: (error, _appointment, snapshot) => {
      rollback(queryClient, APPOINTMENTS_QUERY_KEY, snapshot);
      onError(messageOf(error));
    },
    onSettled: () => refetchAfterLastChange(queryClient),
  });
}
