/**
 * Data for the 'Who viewed my records' view: `GET /api/audit` on TanStack Query over the typed API client. The
 * server decides which rows this viewer may see (`canSeeAuditRow`: for a patient, their own calls and the calls
 * that touched their data); the view only orders and shows them.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/ApiProvider';
import { newestFirst } from './AccessLog.utils';

export const ACCESS_LOG_QUERY_KEY = ['audit'] as const;

/** `GET /api/audit`, newest first. */
export function useAccessLogQuery() {
  const api = useApi();
  return useQuery({
    queryKey: ACCESS_LOG_QUERY_KEY,
    queryFn: ({ signal }) => api.call('listAudit', { signal }),
    select: (data) => newestFirst(data.items),
  });
}
