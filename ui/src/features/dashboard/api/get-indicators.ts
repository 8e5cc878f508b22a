import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { livePolling } from '../../../lib/polling';
import type { IndicatorValues, ShiftInfo } from './get-line-status';

/** GET /api/indicators/get: the shift's values, each shift of its plant day, the day and the Ready order's. */
export interface LineIndicators {
  lineID: number;
  indicadorPorTurno: boolean;
  /**
   * unstaffed*: units made in the shift with no order running (its shift index's), in no factor; unscheduled*: made
   * outside the work calendar's schedule (run time in minutes). previous, next: the calendar's neighbouring shifts,
   * which the shift navigation steps to.
   */
  shift: ShiftInfo &
    IndicatorValues & {
      unstaffedQuantity: number;
      unstaffedDiscards: number;
      unscheduledQuantity?: number;
      unscheduledDiscards?: number;
      unscheduledRuntime?: number;
      previous?: ShiftInfo;
      next?: ShiftInfo;
    };
  perShift: (ShiftInfo & IndicatorValues)[];
  day: ShiftInfo & IndicatorValues;
  order: (IndicatorValues & { order: string; startDate: string }) | null;
  prevOrderEndDate: string | null;
  /** The first instant the line is known from; null: never seen. No time before it is counted (stop explorer: no data). */
  firstDataDate: string | null;
  /**
   * On a line without a beacon, the instant its state is known up to: the end of its latest stop entered by hand (now
   * while one is open); null on a line with a beacon, known up to now. Time after it is unknown (explorer: no data).
   */
  knownUntilDate?: string | null;
}

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
