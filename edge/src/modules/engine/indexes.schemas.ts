import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { ColumnMap } from '../grid/load-options';
import { queryInt } from '../grid/fields';
import { gridPageSchema, rowSchemaOf } from '../grid/grid-resource';
import { MINUTE_MS } from '../../domain/time';

/**
 * Index times are stored in milliseconds and shown in minutes (SPEC shows durations in minutes). The one list of
 * the columns converted, used by the SQL of the grids and by the rows computed live.
 */
export const INDEX_MINUTE_COLUMNS = [
  'staffedTime',
  'discountTime',
  'adjustedDiscountTime',
  'staffedTimeCorrect',
  'runtime',
  'stopTime',
  'failureTime',
  'discountShift',
  'unscheduledRuntime',
] as const;

export type IndexMinuteColumn = (typeof INDEX_MINUTE_COLUMNS)[number];

/** `alias.column` in minutes. */
export function minutesSql(alias: string, column: IndexMinuteColumn): RawBuilder<number> {
  return sql<number>`${sql.ref(`${alias}.${column}`)} / ${sql.raw(`${MINUTE_MS}.0`)}`;
}

/** The selections of a grid source for index times in minutes, each named as its column (from `alias`, or `from[column]`). */
export function minuteColumnsSql(
  alias: string,
  columns: readonly IndexMinuteColumn[],
  from: Partial<Record<IndexMinuteColumn, string>> = {},
) {
  return columns.map((column) => minutesSql(from[column] ?? alias, column).as(column));
}

/** The columns every index shows, order or shift: quantities, times (minutes), ratios 0..1, mtbf/mttr (minutes). */
export const INDEX_VALUE_COLUMNS = {
  productionQuantity: 'number',
  discardQuantity: 'number',
  staffedTime: 'number',
  discountTime: 'number',
  adjustedDiscountTime: 'number',
  staffedTimeCorrect: 'number',
  runtime: 'number',
  stopTime: 'number',
  failureTime: 'number',
  failureCount: 'number',
  utilization: 'number',
  throughput: 'number',
  acceptance: 'number',
  oee: 'number',
  mtbf: 'number',
  mttr: 'number',
  /** Made outside the work calendar's schedule (a holiday, a day not worked): beside the figures, in no factor. */
  unscheduledQuantity: 'number',
  unscheduledDiscards: 'number',
  /** Minutes the line ran outside the schedule. */
  unscheduledRuntime: 'number',
  calculatedAt: 'date',
} as const satisfies ColumnMap;

/** A stored or computed index row with its times in minutes. */
export function indexTimesInMinutes<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const column of INDEX_MINUTE_COLUMNS) if (typeof out[column] === 'number') out[column] = (out[column] as number) / MINUTE_MS;
  return out as T;
}

/**
 * SPEC §3 Shift index, as the API shows it: times in minutes (discountShift is the time without an order on a line
 * with the order manager, and time outside the work calendar's schedule), ratios 0..1, mtbf/mttr in minutes; `shift` is
 * the code of the line's calendar shift (TM, TT or TN with the default calendar), `productionDay` the production day of
 * that calendar it belongs to (with shifts 22:00, 06:00, 14:00 the 06:00 shift of the 5th is the 4th's); `closed` once it ended.
 */
export const SHIFT_INDEX_COLUMNS = {
  lineID: 'number',
  description: 'string',
  shift: 'string',
  /** The production day the shift belongs to, 'YYYY-MM-DD': the date its calendar day starts on (not always the shift's). */
  productionDay: 'string',
  shiftStart: 'date',
  shiftEnd: 'date',
  ...INDEX_VALUE_COLUMNS,
  idealUnits: 'number',
  discountShift: 'number',
  /** Made while the line was not staffed (no order on a line with the order manager): beside productionQuantity, in no factor. */
  unstaffedQuantity: 'number',
  unstaffedDiscards: 'number',
  closed: 'boolean',
} as const satisfies ColumnMap;

/** A shift index as the API answers it (the shift-index grid, GET /api/history/get). */
export const shiftIndexRowSchema = rowSchemaOf(SHIFT_INDEX_COLUMNS, [
  'lineID',
  'shift',
  'productionDay',
  'shiftStart',
  'shiftEnd',
  'closed',
]);
/** A page of the shift-index grid. */
export const shiftIndexPageSchema = gridPageSchema(shiftIndexRowSchema);

/** GET /api/history/get: the shift of a line that contains shiftStart (absent: the current shift). */
/** The object a JSON `key` parameter holds; {} when it is absent or not a JSON object. */
function jsonObjectOf(key: unknown): Record<string, unknown> {
  if (typeof key !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(key);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const shiftQuerySchema = z.preprocess(
  (value) => {
    // SPEC.md section 7's form: `key` a JSON object { lineId, shiftStart }; plain parameters too. A key that is not a JSON
    // object gives nothing, so the line is missing (400).
    const plain = (value ?? {}) as Record<string, unknown>;
    const input = { ...jsonObjectOf(plain.key), ...plain };
    return { ...input, lineID: input.lineID ?? input.lineId ?? input.line, shiftStart: input.shiftStart ?? undefined };
  },
  z.object({ lineID: queryInt(), shiftStart: z.string().optional() }),
);
