import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PortalFigures } from './figures';

export interface PortalPlantLine {
  lineID: number;
  description: string | null;
  /** Its sector (the waterfall's sectorID); null for a line without one. */
  sectorID: number | null;
  sectorName: string | null;
  productionQuantity: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
  aboveNominalSpeed: boolean;
}

export interface PortalPlant {
  plantId: string;
  /** The plant's name as it gave it (its buildings' names); null while it has none: the card shows the key. */
  name: string | null;
  timeZone: string;
  day: string;
  weekStart: string;
  lastSeq: number | null;
  lastSyncedAt: string | null;
  syncLagSeconds: number | null;
  today: PortalFigures | null;
  week: PortalFigures | null;
  lines: PortalPlantLine[];
}

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
