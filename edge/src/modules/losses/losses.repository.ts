import { inJsonArray, prepared } from '../../db/prepared';
import { isConfigurableLossKind, type LossReasonNode } from '../../domain/losses';
import type { Database } from '../../db/database';

const reasonKindsQuery = prepared((db) => db.selectFrom('stop_reasons').select(['reasonID', 'parentID', 'lossKind']));

/** The stop-reason tree as the loss kinds need it (a value the column's CHECK would refuse reads as inherited). */
export async function lossReasonNodes(db: Database): Promise<LossReasonNode[]> {
  const rows = await reasonKindsQuery.execute(db, {});
  return rows.map((row) => ({
    reasonID: row.reasonID,
    parentID: row.parentID,
    lossKind: isConfigurableLossKind(row.lossKind) ? row.lossKind : null,
  }));
}

/** A closed shift index as the waterfall sums it: its indicator inputs and its counted stop time by loss kind (ms). */
export interface ClosedShiftSums {
  lineID: number;
  shiftStart: number;
  shiftEnd: number;
  staffedTime: number;
  discountTime: number;
  adjustedDiscountTime: number;
  stopTime: number;
  failureTime: number;
  failureCount: number;
  productionQuantity: number;
  discardQuantity: number;
  /** The start-up rejects among the discards (edge migration 0028; 0 on rows computed before it). */
  startupDiscards: number;
  idealUnits: number | null;
  breakdownTime: number;
  setupTime: number;
  smallStopTime: number;
  notLineLossTime: number;
  /** Made outside the work calendar's schedule (edge migration 0027; 0 on rows computed before it). */
  unscheduledQuantity: number;
  unscheduledDiscards: number;
  unscheduledRuntime: number;
}

/**
 * The closed shift indexes of lines lying wholly inside [fromMs, toMs) whose counted stop time is split by loss kind
 * (edge migration 0026; a row computed before it has the split null and is left out), by line and start. Read on the
 * primary key (lineID, shiftStart): a year of a line is about 1,100 rows.
 */
const closedShiftSumsQuery = prepared((db, p: { lineIDs: string; fromMs: number; toMs: number }) =>
  db
    .selectFrom('shift_indexes')
    .select([
      'lineID',
      'shiftStart',
      'shiftEnd',
      'staffedTime',
      'discountTime',
      'adjustedDiscountTime',
      'stopTime',
      'failureTime',
      'failureCount',
      'productionQuantity',
      'discardQuantity',
      'startupDiscards',
      'idealUnits',
      'breakdownTime',
      'setupTime',
      'smallStopTime',
      'notLineLossTime',
      'unscheduledQuantity',
      'unscheduledDiscards',
      'unscheduledRuntime',
    ])
    .where('lineID', 'in', inJsonArray(p.lineIDs))
    .where('shiftStart', '>=', p.fromMs)
    .where('shiftStart', '<', p.toMs)
    .where('shiftEnd', '<=', p.toMs)
    .where('closed', '=', 1)
    .where('breakdownTime', 'is not', null)
    .where('setupTime', 'is not', null)
    .where('smallStopTime', 'is not', null)
    .where('notLineLossTime', 'is not', null)
    .orderBy('lineID')
    .orderBy('shiftStart'),
);

export async function closedShiftSumsOfLines(
  db: Database,
  lineIDs: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<ClosedShiftSums[]> {
  if (lineIDs.length === 0) return [];
  return (await closedShiftSumsQuery.execute(db, { lineIDs: JSON.stringify(lineIDs), fromMs, toMs })) as ClosedShiftSums[];
}
