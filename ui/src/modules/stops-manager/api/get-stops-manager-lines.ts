import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stopsManagerLineSchema } from '../../../../../edge/src/modules/stops-manager/stops-manager.schemas';
import { apiRequest } from '../../../lib/api-client';

/** A line with the stops managers on; `beacon` false: its stops are entered by hand. */
export type StopsManagerLine = z.infer<typeof stopsManagerLineSchema>;

/** GET /api/stopsManager/lines: the lines with the stops managers, their sector, beacon and equipment names. */
export function getStopsManagerLines(): Promise<StopsManagerLine[]> {
  return apiRequest<StopsManagerLine[]>('/api/stopsManager/lines');
}

export const stopsManagerLinesQuery = queryOptions({
  queryKey: ['stopsManager', 'lines'],
  queryFn: getStopsManagerLines,
  staleTime: 60_000,
});

export function useStopsManagerLines() {
  return useQuery(stopsManagerLinesQuery);
}
