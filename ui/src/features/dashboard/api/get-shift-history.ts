import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { shiftIndexRowSchema } from '../../../../../edge/src/modules/engine/indexes.schemas';
import { listRecords } from '../../../components/data-grid/grid-api';
import type { TimeRange } from '../dashboard-context';
import { rangeQuery } from './range-query';

/** A shift index row (GET /api/oeeindex/history, the edge's declared row): times in minutes. */
export type ShiftIndexRow = z.infer<typeof shiftIndexRowSchema>;
/** What the dashboard reads of a shift index. */
export type ShiftIndex = Pick<
  ShiftIndexRow,
  'shift' | 'shiftStart' | 'shiftEnd' | 'productionQuantity' | 'runtime' | 'idealUnits' | 'mtbf' | 'mttr'
>;

/** The shift indexes of a line whose shift starts in [start, end): the shifts of a plant day, oldest first. */
export async function getShiftHistory(lineID: number, start: string, end: string): Promise<ShiftIndex[]> {
  const page = await listRecords<ShiftIndexRow>('/api/oeeindex/history', {
    filter: [['lineID', '=', lineID], 'and', ['shiftStart', '>=', start], 'and', ['shiftStart', '<', end]],
    sort: [{ selector: 'shiftStart', desc: false }],
    skip: 0,
    take: 10,
  });
  return page.data;
}

export const shiftHistoryQuery = (lineID: number, day: TimeRange | null, refreshMs: number) =>
  rangeQuery('shift-history', lineID, day, refreshMs, ({ start, end }) => getShiftHistory(lineID, start, end));

export function useShiftHistory(lineID: number, day: TimeRange | null, refreshMs: number) {
  return useQuery(shiftHistoryQuery(lineID, day, refreshMs));
}
