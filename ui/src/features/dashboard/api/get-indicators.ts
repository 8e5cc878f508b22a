import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { livePolling } from '../../../lib/polling';
import type { z } from 'zod';
import type { lineIndicatorsSchema } from '../../../../../edge/src/modules/line-overview/line-overview.schemas';

/**
 * GET /api/indicators/get: the shift's values, each shift of its plant day, the day and the Ready order's. `shift`:
 * unstaffed* units made with no order running, unscheduled* outside the calendar's schedule, previous and next the
 * calendar's neighbouring shifts; firstDataDate the first instant the line is known from (null: never seen);
 * knownUntilDate, on a line without a beacon, the instant its state is known up to.
 */
export type LineIndicators = z.infer<typeof lineIndicatorsSchema>;

/** `at`: any instant of the shift to show (ISO); null for the current shift. */
export function getIndicators(lineID: number, at: string | null): Promise<LineIndicators> {
  return apiRequest<LineIndicators>('/api/indicators/get', { query: { lineID, shiftStart: at } });
}

export const indicatorsQuery = (lineID: number, at: string | null, refreshMs: number) =>
  queryOptions({
    queryKey: ['dashboard', 'indicators', lineID, at],
    queryFn: () => getIndicators(lineID, at),
    ...livePolling(refreshMs),
    // Moving between shifts keeps the last shift on screen until the next one arrives (no flash of spinners).
    placeholderData: keepPreviousData,
  });

export function useIndicators(lineID: number, at: string | null, refreshMs: number) {
  return useQuery(indicatorsQuery(lineID, at, refreshMs));
}
