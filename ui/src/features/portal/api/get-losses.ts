import type { z } from 'zod';
import type { lossesResponseSchema } from '../../../../../portal/portal.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { plantsParam } from './figures';

export interface LossesFilter {
  from: string;
  to: string;
  pathLevel: number;
  plants: readonly string[];
}

export type LossesResult = z.infer<typeof lossesResponseSchema>;

export const LOSSES_PATH = '/api/portal/losses';

export const lossesParams = (filter: LossesFilter) => ({
  from: filter.from,
  to: filter.to,
  pathLevel: filter.pathLevel,
  plants: plantsParam(filter.plants),
});

/** GET /api/portal/losses: the stop pareto by reason and by path level across plants, and the biggest reasons. */
export function getLosses(filter: LossesFilter): Promise<LossesResult> {
  return apiRequest<LossesResult>(LOSSES_PATH, { query: lossesParams(filter) });
}

export function useLosses(filter: LossesFilter, enabled: boolean) {
  return useQuery({ queryKey: ['portal', 'losses', filter], queryFn: () => getLosses(filter), enabled, placeholderData: keepPreviousData });
}
