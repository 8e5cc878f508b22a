import { useQuery } from '@tanstack/react-query';
import { listRecords } from '../../../components/data-grid/grid-api';
import type { TimeRange } from '../dashboard-context';
import { rangeQuery } from './range-query';

/** A shift index row (GET /api/oeeindex/history): times in minutes. */
export interface ShiftIndex {
  shift: string;
  shiftStart: string;
  shiftEnd: string;
  productionQuantity: number | null;
  runtime: number | null;
  idealUnits: number | null;
  mtbf: number | null;
  mttr: number | null;
}

/** The shift indexes of a line whose shift starts in [start, end): the shifts of a plant day, oldest first. */
export async function getShiftHistory(lineID: number, start: string, end: string): Promise<ShiftIndex[]> {
  const page = await listRecords('/api/oeeindex/history', {
    filter: [['lineID', '=', lineID], 'and', ['shiftStart', '>=', start], 'and', ['shiftStart', '<', end]],
    sort: [{ selector: 'shiftStart', desc: false }],
    skip: 0,
    take: 10,
  });
  return page.data as unknown as ShiftIndex[];
}

export const shiftHistoryQuery = (lineID: number, day: TimeRange | null, refreshMs: number) =>
  rangeQuery('shift-history', lineID, day, refreshMs, ({ start, end }) => getShiftHistory(lineID, start, end));

export function useShiftHistory(lineID: number, day: TimeRange | null, refreshMs: number) {
  return useQuery(shiftHistoryQuery(lineID, day, refreshMs));
}
