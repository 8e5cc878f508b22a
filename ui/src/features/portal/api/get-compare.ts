import type { z } from 'zod';
import type { compareResponseSchema, compareRowSchema } from '../../../../../portal/portal.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { plantsParam } from './figures';

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

/** A row of the compare table: the plant, and by level its sector or line; by grain its period, or its shift. */
export type CompareRow = z.infer<typeof compareRowSchema>;

export type CompareResult = z.infer<typeof compareResponseSchema>;

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
