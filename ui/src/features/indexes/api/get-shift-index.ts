import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One shift's index (GET /api/history/get): times in minutes, ratios 0..1, mtbf/mttr in minutes. */
export interface ShiftIndex {
  lineID: number;
  description: string;
  /** The code of the line's calendar shift (TM, TT, TN by default). */
  shift: string;
  /** The production day of the line's work calendar the shift belongs to, 'YYYY-MM-DD'. */
  productionDay: string;
  shiftStart: string;
  shiftEnd: string;
  productionQuantity: number | null;
  discardQuantity: number | null;
  staffedTime: number | null;
  discountTime: number | null;
  adjustedDiscountTime: number | null;
  runtime: number | null;
  stopTime: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
  mtbf: number | null;
  mttr: number | null;
  closed: boolean;
}

/** GET /api/history/get (lineId, shiftStart): the shift's index, stored once it closed, computed now while it runs. */
export function getShiftIndex(lineID: number, shiftStart: string): Promise<ShiftIndex> {
  return apiRequest<ShiftIndex>('/api/history/get', { query: { lineId: lineID, shiftStart } });
}

export const shiftIndexQuery = (lineID: number, shiftStart: string) =>
  queryOptions({ queryKey: ['indexes', 'shift', lineID, shiftStart], queryFn: () => getShiftIndex(lineID, shiftStart) });

export function useShiftIndex(lineID: number, shiftStart: string) {
  return useQuery(shiftIndexQuery(lineID, shiftStart));
}
