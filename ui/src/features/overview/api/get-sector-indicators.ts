import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BeaconColor } from '../../../components/beacon';
import { livePolling } from '../../../lib/polling';

export interface LineCardData {
  lineID: number;
  sectorID: number;
  description: string;
  targetOEE: number | null;
  beacon: BeaconColor;
  orderData: { order: string; productCode: string | null; productName: string | null; progress: number | null } | null;
  stopData: { stopID: number; startDate: string; duration: number; reason: string | null; recognized: boolean } | null;
  shiftData: {
    code: 'TM' | 'TT' | 'TN';
    oee: number | null;
    utilization: number | null;
    throughput: number | null;
    acceptance: number | null;
    mtbf: number | null;
    mttr: number | null;
    aboveNominalSpeed: boolean;
  };
}

export interface SectorIndicators {
  sectorID: number | null;
  oee: number | null;
  /** The lines the OEE and throughput cover (a nominal speed wherever they ran), of lineCount. */
  coveredLines: number;
  lineCount: number;
  lines: LineCardData[];
}

export interface OverviewFilter {
  sectorID: number | null;
  lines: readonly number[] | null;
}

/** GET /api/indicators/sector (sectorID, or lines as a comma list): every line's card and the sum's indicators. */
export function getSectorIndicators(filter: OverviewFilter): Promise<SectorIndicators> {
  return apiRequest<SectorIndicators>('/api/indicators/sector', {
    query: { sectorID: filter.sectorID, lines: filter.lines?.join(',') || null },
  });
}

/** SPEC.md section 9: the sector overview is polled every 10 s. */
export const OVERVIEW_POLL_MS = 10_000;

export const sectorIndicatorsQuery = (filter: OverviewFilter) =>
  queryOptions({
    queryKey: ['overview', filter.sectorID, filter.lines?.join(',') ?? null],
    queryFn: () => getSectorIndicators(filter),
    ...livePolling(OVERVIEW_POLL_MS),
  });

export function useSectorIndicators(filter: OverviewFilter) {
  return useQuery(sectorIndicatorsQuery(filter));
}
