import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { z } from 'zod';
import type {
  currentStopSchema,
  indicatorValuesSchema,
  lineStatusSchema,
  shiftSpanSchema,
} from '../../../../../edge/src/modules/line-overview/line-overview.schemas';
import type { maintenanceAlertSchema } from '../../../../../edge/src/modules/maintenance/maintenance.schemas';
import { livePolling } from '../../../lib/polling';

/** The six indicator values (ratios 0..1; mtbf and mttr in minutes; null when undefined) and the above-speed flag. */
export type IndicatorValues = z.infer<typeof indicatorValuesSchema>;

/** A shift of the line's work calendar (any code it names; TM, TT, TN by default) or its production day (TO). */
export type ShiftInfo = z.infer<typeof shiftSpanSchema>;

/** The Ready order's progress and indicators. */
export type OrderData = NonNullable<LineStatus['orderData']>;

/** A maintenance call in progress (Waiting or Started), with minutes since the call and overLimit past 10 minutes. */
export type MaintenanceCall = NonNullable<z.infer<typeof maintenanceAlertSchema>>;

/** The stop in progress on the line (duration in minutes, up to when the server answered). */
export type CurrentStop = z.infer<typeof currentStopSchema>;

/** GET /api/resources/status/get: the overview of a line (SPEC.md section 3, "Line overview"). */
export type LineStatus = z.infer<typeof lineStatusSchema>;

export function getLineStatus(lineID: number): Promise<LineStatus> {
  return apiRequest<LineStatus>('/api/resources/status/get', { query: { lineID } });
}

/** SPEC.md section 9: the beacon (and with it the line's overview) is polled every 15 s. */
export const BEACON_POLL_MS = 15_000;

export const lineStatusQuery = (lineID: number) =>
  queryOptions({ queryKey: ['dashboard', 'status', lineID], queryFn: () => getLineStatus(lineID), ...livePolling(BEACON_POLL_MS) });

export function useLineStatus(lineID: number) {
  return useQuery(lineStatusQuery(lineID));
}
