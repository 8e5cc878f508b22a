import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Stop } from '../../../components/stops/stop';
import { apiRequest } from '../../../lib/api-client';
import { livePolling } from '../../../lib/polling';

export type MicrostopFilter = 'all' | 'only' | 'exclude';

export interface PendingStopsFilter {
  sectorID: number | null;
  lineID: number | null;
  /** Minutes; null: no bound. */
  minDuration: number | null;
  maxDuration: number | null;
  microstops: MicrostopFilter;
}

export interface PendingStops {
  /** Seconds: a stop shorter than this is a microstop. */
  microStopTime: number;
  totalCount: number;
  data: Stop[];
}

/** GET /api/stopsManager/stops: the unrecognized stops of the lines with the stops manager, latest first. */
export function getPendingStops(filter: PendingStopsFilter): Promise<PendingStops> {
  return apiRequest<PendingStops>('/api/stopsManager/stops', { query: { ...filter } });
}

export const pendingStopsQuery = (filter: PendingStopsFilter, refreshMs: number) =>
  queryOptions({
    queryKey: ['stopsManager', 'pending', filter],
    queryFn: () => getPendingStops(filter),
    placeholderData: keepPreviousData,
    ...livePolling(refreshMs),
  });

export function usePendingStops(filter: PendingStopsFilter, refreshMs: number) {
  return useQuery(pendingStopsQuery(filter, refreshMs));
}
