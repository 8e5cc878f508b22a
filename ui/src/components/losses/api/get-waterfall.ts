import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { waterfallResponseSchema } from '../../../../../edge/src/modules/losses/losses.schemas';
import { apiRequest } from '../../../lib/api-client';
import { livePolling } from '../../../lib/polling';

/** The answer of GET /api/losses/waterfall: minutes per bar (they add up to calendarMinutes), OEE and TEEP as 0..1. */
export type WaterfallAnswer = z.infer<typeof waterfallResponseSchema>;
export type WaterfallBar = WaterfallAnswer['bars'][number];

/** A line over a range (plant times or ISO instants), or one order. */
export type WaterfallQuery = { lineID: number; from: string; to: string } | { order: string };

/** GET /api/losses/waterfall: where the time of a line's range, or of an order, went. */
export function getWaterfall(query: WaterfallQuery): Promise<WaterfallAnswer> {
  return apiRequest<WaterfallAnswer>('/api/losses/waterfall', {
    query: 'order' in query ? { order: query.order } : { lineID: query.lineID, from: query.from, to: query.to },
  });
}

/** Query options: idle without a query; polled every `refreshMs` when given (the dashboard's shift on screen). */
export const waterfallQuery = (query: WaterfallQuery | null, refreshMs?: number) =>
  queryOptions({
    queryKey: ['losses', 'waterfall', query],
    queryFn: () => getWaterfall(query!),
    enabled: query !== null,
    ...(refreshMs === undefined ? {} : livePolling(refreshMs)),
  });

export function useWaterfall(query: WaterfallQuery | null, refreshMs?: number) {
  return useQuery(waterfallQuery(query, refreshMs));
}
