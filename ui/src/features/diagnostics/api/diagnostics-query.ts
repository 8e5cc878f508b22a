import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { livePolling } from '../../../lib/polling';

/** SPEC.md section 9: the diagnostics are polled every 5 s. */
export const DIAGNOSTICS_POLL_MS = 5_000;
/** SPEC.md section 9: the charts and the execution history show the last 100 updates. */
export const HISTORY_TAKE = 100;

/** A diagnostics call polled every 5 s while its view is shown; the histories ask for their last 100 entries. */
export function diagnosticsQuery<T>(view: string, path: string, options: { history: boolean }) {
  return queryOptions({
    queryKey: ['diagnostics', view],
    queryFn: () => apiRequest<T>(path, { query: options.history ? { take: HISTORY_TAKE } : {} }),
    ...livePolling(DIAGNOSTICS_POLL_MS),
  });
}
