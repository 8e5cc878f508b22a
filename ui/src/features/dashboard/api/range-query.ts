import { queryOptions } from '@tanstack/react-query';
import { livePolling } from '../../../lib/polling';
import type { TimeRange } from '../dashboard-context';

/**
 * Query options of a line's data over a time range (the shift on screen, its plant day): keyed by line and range,
 * idle until the range is known, polled every gridRefreshTime. A new range is a new key; the old one is dropped from
 * the cache once unused (gcTime), so a dashboard left running does not accumulate shifts.
 */
export function rangeQuery<T>(
  name: string,
  lineID: number,
  range: TimeRange | null,
  refreshMs: number,
  fetch: (range: TimeRange) => Promise<T>,
) {
  return queryOptions({
    queryKey: ['dashboard', name, lineID, range?.start, range?.end],
    queryFn: () => fetch(range!),
    enabled: range !== null,
    ...livePolling(refreshMs),
  });
}
