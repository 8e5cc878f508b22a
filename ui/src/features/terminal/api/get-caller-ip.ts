import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/terminals/ip: this browser's address as the server sees it (the one a terminal is matched by). */
export async function getCallerIp(): Promise<string> {
  return (await apiRequest<{ ipAddress: string }>('/api/terminals/ip')).ipAddress;
}

export const callerIpQuery = queryOptions({
  queryKey: ['terminals', 'caller-ip'],
  queryFn: getCallerIp,
  staleTime: Infinity,
  retry: false,
});

/** The caller's address; SPEC.md section 8: a failed lookup leaves the address blank. */
export function useCallerIp() {
  return useQuery(callerIpQuery);
}
