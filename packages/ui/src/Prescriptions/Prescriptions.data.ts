/**
 * Data for the prescriptions screen (REQ-rx, REQ-access-write-prescriptions write:prescriptions, REQ-limit-new-prescription new prescription):
 * the list, the create call and the refill call, on TanStack Query over the typed API client. A refill is
 * optimistic (refillsUsed + 1 at once) and rolls back when the server refuses; the server computes the
 * prescriber, dates, status and patient id of a new prescription and checks the permissions anyway.
 */
import { messageOf } from '../api/client';
import type { Prescription } from '@sentinel/domain';
import type { RequestBody, ResponseBody } from '@sentinel/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/ApiProvider';
import { applyOptimistic, rollback } from '../api/optimisticList';

export const PRESCRIPTIONS_QUERY_KEY = ['prescriptions'] as const;

const REFILL_MUTATION_KEY = ['prescriptions', 'refill'] as const;

type PrescriptionList = ResponseBody<'listPrescriptions'>;
export type NewPrescription = RequestBody<'createPrescription'>;

/**
 * GET /api/prescriptions: patients receive only their own (REQ-access), with other patients' names blanked.
 */
export function usePrescriptionsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: PRESCRIPTIONS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('listPrescriptions', { signal }),
    select: (data) => data.items,
  });
}

/**
 * POST /api/prescriptions. Not optimistic: the server sets the id, prescriber, dates and status (REQ-limit).
 * On success the new prescription joins the cached list; a refusal goes to `onError` with the server's
 * message ('You do not have permission to create prescriptions').
 */
export function useCreatePrescriptionMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPrescription) => api.call('createPrescription', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData<PrescriptionList>(PRESCRIPTIONS_QUERY_KEY, (list) =>
        list ? { items: [...list.items, created] } : list,
      );
    },
    onError: (error) => onError(messageOf(error)),
    // Refetch in the background: the form is free again as soon as the server has answered.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PRESCRIPTIONS_QUERY_KEY }),
  });
}

/**
 * POST /api/prescriptions/:id/refill. REQ-rx: a refill raises refillsUsed by one. Optimistic; on a refusal
 * ('You do not have permission to process refills', or no refills left) the count goes back and the message
 * goes to `onError`.
 */
export function useRefillMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REFILL_MUTATION_KEY,
    mutationFn: (prescription: Prescription) =>
      api.call('refillPrescription', { params: { id: prescription.id } }),
    onMutate: (prescription) =>
      applyOptimistic<PrescriptionList>(queryClient, PRESCRIPTIONS_QUERY_KEY, (items) =>
        items.map((p) => (p.id === prescription.id ? { ...p, refillsUsed: p.refillsUsed + 1 } : p)),
      ),
    onError: (error, _prescription, snapshot) => {
      rollback(queryClient, PRESCRIPTIONS_QUERY_KEY, snapshot);
      onError(messageOf(error));
    },
    // Refetch once the last of several quick refills settles, so an early answer cannot undo a later one.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: REFILL_MUTATION_KEY }) === 1
        ? queryClient.invalidateQueries({ queryKey: PRESCRIPTIONS_QUERY_KEY })
        : undefined,
  });
}
