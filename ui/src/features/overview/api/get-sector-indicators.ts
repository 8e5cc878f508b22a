import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { z } from 'zod';
import type { lineCardSchema, sectorIndicatorsSchema } from '../../../../../edge/src/modules/line-overview/line-overview.schemas';
import { livePolling } from '../../../lib/polling';

/** A line's overview card. */
export type LineCardData = z.infer<typeof lineCardSchema>;

/** GET /api/indicators/sector: the sum's indicators (OEE and throughput over coveredLines of lineCount) and every card. */
export type SectorIndicators = z.infer<typeof sectorIndicatorsSchema>;

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
