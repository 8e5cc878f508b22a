import type { z } from 'zod';
import type { portalWaterfallSchema } from '../../../../../portal/portal.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The portal's waterfall: the edge's answer (minutes per bar adding up to calendarMinutes, OEE and TEEP) for one plant. */
export type PortalWaterfall = z.infer<typeof portalWaterfallSchema>;

/** A plant, and in it the whole plant (scope ''), a sector ('sector:<id>') or a line ('line:<id>'), over a range of its days. */
export interface PortalWaterfallFilter {
  plant: string;
  scope: string;
  from: string;
  to: string;
}

export const WATERFALL_PATH = '/api/portal/waterfall';

export const sectorScope = (sectorID: number) => `sector:${sectorID}`;
export const lineScope = (lineID: number) => `line:${lineID}`;

/** The call's query: the scope as sectorID or lineID (neither for the plant). */
export function waterfallParams(filter: PortalWaterfallFilter): Record<string, string> {
  const [kind, id] = filter.scope.split(':');
  return {
    plant: filter.plant,
    from: filter.from,
    to: filter.to,
    ...(kind === 'sector' && id ? { sectorID: id } : {}),
    ...(kind === 'line' && id ? { lineID: id } : {}),
  };
}

/** GET /api/portal/waterfall: where the time of a plant, a sector or a line went over a range of its production days. */
export function getPortalWaterfall(filter: PortalWaterfallFilter): Promise<PortalWaterfall> {
  return apiRequest<PortalWaterfall>(WATERFALL_PATH, { query: waterfallParams(filter) });
}

export function usePortalWaterfall(filter: PortalWaterfallFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'waterfall', filter],
    queryFn: () => getPortalWaterfall(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}
