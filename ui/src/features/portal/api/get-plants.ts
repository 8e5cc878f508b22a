import type { z } from 'zod';
import type { plantsOverviewSchema } from '../../../../../portal/portal.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A plant of the overview: its name (null while it has none: the card shows the key), day, week, freshness, lines. */
export type PortalPlant = z.infer<typeof plantsOverviewSchema>[number];

export type PortalPlantLine = PortalPlant['lines'][number];

export const PLANTS_PATH = '/api/portal/plants';

/**
 * GET /api/portal/plants: every plant's day and week (its own time zone), its data's freshness, its lines. Without a
 * day, each plant's current production day.
 */
export function getPlants(day: string | null): Promise<PortalPlant[]> {
  return apiRequest<PortalPlant[]>(PLANTS_PATH, { query: { day } });
}

/** The overview refreshes every minute: the edges sync in batches, not live. */
export const plantsQuery = (day: string | null) =>
  queryOptions({ queryKey: ['portal', 'plants', day], queryFn: () => getPlants(day), refetchInterval: 60_000 });

export function usePlants(day: string | null) {
  return useQuery(plantsQuery(day));
}
