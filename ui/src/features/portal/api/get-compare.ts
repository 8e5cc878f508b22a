import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { plantsParam, type PortalFigures } from './figures';

export const GRAINS = ['shift', 'day', 'week', 'month'] as const;
export const LEVELS = ['plant', 'sector', 'line'] as const;
export type Grain = (typeof GRAINS)[number];
export type Level = (typeof LEVELS)[number];

export interface CompareFilter {
  from: string;
  to: string;
  grain: Grain;
  level: Level;
  plants: readonly string[];
}

export interface CompareRow extends PortalFigures {
  plantId: string;
  sectorID?: number | null;
  sectorName?: string | null;
  lineID?: number | null;
  line?: string | null;
  period?: string;
  shift?: string | null;
  shiftStart?: string | null;
}

export interface CompareResult {
  grain: Grain;
  level: Level;
  rows: CompareRow[];
  totals: CompareRow[];
  truncated: boolean;
}

export const COMPARE_PATH = '/api/portal/compare';

export const compareParams = (filter: CompareFilter) => ({
  from: filter.from,
  to: filter.to,
  grain: filter.grain,
  level: filter.level,
  plants: plantsParam(filter.plants),
});

/** GET /api/portal/compare: OEE and its factors per plant, sector or line and per shift, day, week or month. */
export function getCompare(filter: CompareFilter): Promise<CompareResult> {
  return apiRequest<CompareResult>(COMPARE_PATH, { query: compareParams(filter) });
}

export function useCompare(filter: CompareFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'compare', filter],
    queryFn: () => getCompare(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}
