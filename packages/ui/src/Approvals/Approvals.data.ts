/**
 * Data for the approvals inbox (asynchronous authorization, REQ-tool-approvals): the clinician's approval requests
 * and the decision call, on TanStack Query over the typed API client. A decision is not optimistic: approving
 * writes a prescription on the server, so the screen waits for its answer. Afterwards the cached request is
 * replaced by the server's, and an approval refreshes the prescriptions list.
 */
import type { ApprovalDecision, ApprovalRequest, ResponseBody } from '@sentinel/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/ApiProvider';
import { messageOf } from '../api/client';
import { PRESCRIPTIONS_QUERY_KEY } from '../Prescriptions/Prescriptions.data';

export const APPROVALS_QUERY_KEY = ['approvals'] as const;
/** One request, as the chat's approval card follows it (under the list's key, so a refresh of one refreshes both). */
export const approvalQueryKey = (id: string) => [...APPROVALS_QUERY_KEY, 'item', id] as const;

type ApprovalList = ResponseBody<'listApprovals'>;

/** GET /api/approvals: the requests asked of the signed-in clinician (the server leaves out everyone else's). */
export function useApprovalsQuery(options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: APPROVALS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('listApprovals', { signal }),
    select: (data) => data.items,
    enabled: options.enabled ?? true,
  });
}

export type DecisionInput = {
  readonly request: ApprovalRequest;
  readonly decision: ApprovalDecision['decision'];
};

/**
 * POST /api/approvals/:id/decision. On success the request in the cache becomes the server's answer (approved
 * with its prescription id, or denied). A refusal goes to `onError` with the server's message ('This request has
 * expired.', 'This request was already approved.'), and the list is fetched again so it shows the real state.
 */
export function useDecideApprovalMutation(onError: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: DecisionInput) =>
      api.call('decideApproval', { params: { id: request.id }, body: { decision } }),
    onSuccess: (decided) => {
      queryClient.setQueryData<ApprovalList>(APPROVALS_QUERY_KEY, (list) =>
        list ? { items: list.items.map((r) => (r.id === decided.id ? decided : r)) } : list,
      );
      queryClient.setQueryData(approvalQueryKey(decided.id), decided);
      if (decided.prescriptionId) void queryClient.invalidateQueries({ queryKey: PRESCRIPTIONS_QUERY_KEY });
    },
    onError: (error) => {
      onError(messageOf(error));
      void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY });
    },
  });
}
