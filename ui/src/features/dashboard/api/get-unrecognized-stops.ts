import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRecords } from '../../../components/data-grid/grid-api';
import type { Stop } from '../../../components/stops/stop';
import { livePolling } from '../../../lib/polling';

/** The stops manager lists at most this many stops waiting for a reason, the latest first. */
export const PENDING_STOPS = 50;

export async function getUnrecognizedStops(lineID: number): Promise<{ stops: Stop[]; total: number }> {
  const page = await listRecords<Stop>('/api/stops', {
    filter: [['lineID', '=', lineID], 'and', ['recognized', '=', false]],
    sort: [{ selector: 'startDate', desc: true }],
    skip: 0,
    take: PENDING_STOPS,
  });
  return { stops: page.data, total: page.totalCount };
}

export const unrecognizedStopsQuery = (lineID: number, refreshMs: number) =>
  queryOptions({ queryKey: ['dashboard', 'unrecognized', lineID], queryFn: () => getUnrecognizedStops(lineID), ...livePolling(refreshMs) });

export function useUnrecognizedStops(lineID: number, refreshMs: number) {
  return useQuery(unrecognizedStopsQuery(lineID, refreshMs));
}
