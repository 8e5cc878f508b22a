import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const SESSION_CHECK_MS = 60_000;

/** POST /api/users/isvalid: 200 while the session lives; a 401 makes the API client end it. */
export function checkSession(): Promise<unknown> {
  return apiRequest('/api/users/isvalid', { method: 'POST' });
}

export const sessionCheckQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['session', 'isvalid', token],
    queryFn: checkSession,
    enabled: token !== null,
    refetchInterval: SESSION_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });

/** Checks the stored session on load and every 60 s (SPEC.md section 4). */
export function useSessionCheck(token: string | null) {
  return useQuery(sessionCheckQuery(token));
}
