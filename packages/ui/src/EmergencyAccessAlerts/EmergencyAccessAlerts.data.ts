/**
 * Data for the administrators' emergency-access alerts: `GET /api/emergency-access` (newest first, as the server
 * sends it) and the user directory (`GET /api/users`, the same query as User Management), to name the doctor
 * and the patient of each grant. Both need `manage:users`, which every admin holds.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/ApiProvider';
import { useUsersQuery } from '../UserManagement/UserManagement.data';

export const EMERGENCY_ACCESS_QUERY_KEY = ['emergency-access'] as const;

/** `GET /api/emergency-access`. */
export function useEmergencyAccessQuery() {
  const api = useApi();
  return useQuery({
    queryKey: EMERGENCY_ACCESS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('listEmergencyAccess', { signal }),
    select: (data) => data.items,
  });
}

export { useUsersQuery };
