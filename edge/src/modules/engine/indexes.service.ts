import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { deleteRow, insertAnyRow, updateAnyRow, updateRow, updateRows, type RowChange, type WriteContext } from '../../db/writes';
import { computeIndicators, type Indicators } from '../../domain/oee';
import {
  calendarShiftAt,
  calendarShiftsOverlapping,
  DEFAULT_CALENDAR,
  productionDay,
  stepCalendarShift,
  type CalendarShift,
  type WorkCalendar,
} from '../../domain/work-calendar';
import { parsePlantDate } from '../../domain/time-zone';
import { listResource } from '../grid';
import { rowToApi, type GridResource } from '../grid/grid-resource';
import {
  engineParameters,
  endOfStopBefore,
  findLineSettings,
  findOrderIndex,
  findOrderSpan,
  findShiftIndex,
  firstActivityOfLine,
  listLineSettings,
  openShiftIndexesOfLine,
  orderIndexesOfLine,
  ordersOverlapping,
  shiftCloseStartsOfLines,
  shiftCodesOf,
  shiftIndexBefore,
  shiftIndexesAt,
  shiftIndexesOfLine,
  shiftIndexGridSource,
  type LineSettings,
  type OrderSpan,
} from './indexes.repository';
import { calendarsRevision, lineCalendars, type LineCalendars } from '../calendar/line-calendars';
import { loadLossKindOf } from '../losses/loss-kinds';
import { readyOrdersOfLines } from '../orders';
import { openStopsOfLines } from '../stops';
import { indexTimesInMinutes, SHIFT_INDEX_COLUMNS } from './indexes.schemas';
import {
  LineHistory,
  lineRangeInputs,
  loadLineRangeData,
  loadLinesRangeData,
  type CountedLossKindOf,
  type LineRangeData,
  type RangeInputs,
} from './line-indicators';

// For the modules the engine's ingestion calls (orders, stops), which import this file rather than the engine's entry.
export { engineParameters } from './indexes.repository';

/**
 * Order and shift indexes: computed by line-indicators.ts, stored through the write chokepoint (outbox + audit),
 * and only written when a value changed — so refreshing or rebuilding an index whose inputs did not change writes
 * nothing, and running the recalculation twice leaves no trace the second time.
 */

export interface EngineClock {
  nowMs: number;
  timeZone: string;
}

/** The clock of a request (its `now` and the plant's time zone). */
export function clockOf(ctx: { now: number; timeZone: string }): EngineClock {
  return { nowMs: ctx.now, timeZone: ctx.timeZone };
}

/**
 * A shift of a line's work calendar as the indexes know it (domain/work-calendar.ts): its code (any the calendar
 * names), its production day and its period [startMs, endMs). A shift index row is one of these of one line.
 */
export type IndexShift = Pick<CalendarShift, 'code' | 'plantDate' | 'startMs' | 'endMs'>;

/** The shift of `calendar` containing `instantMs`. */
function shiftOfCalendar(calendar: WorkCalendar, instantMs: number, timeZone: string): CalendarShift {
  return calendarShiftAt(calendar, instantMs, timeZone);
}

/** The code of the calendar's shift containing `instantMs` (a shift index's, from its start). */
export function shiftCodeAt(calendar: WorkCalendar, instantMs: number, timeZone: string): string {
  return calendarShiftAt(calendar, instantMs, timeZone).code;
}

/** How far back the shift-close job catches up after the edge was off; older shifts need the recalculation. */
export const SHIFT_CATCH_UP_DAYS = 31;
/** Indexes written per transaction by the recalculation: short transactions keep the API and acquisition responsive. */
export const RECALCULATION_BATCH = 250;

type IndexValues = Record<string, number | string | null>;

function commonValues(range: RangeInputs, indicators: Indicators): IndexValues {
  const inputs = range.inputs;
  return {
    productionQuantity: inputs.unitsProduced,
    discardQuantity: inputs.unitsDiscarded,
    // The part of the discards that is start-up rejects (the waterfall's startupRejects bar; 0 without a window).
    startupDiscards: inputs.startupDiscards ?? 0,
    staffedTime: inputs.staffedMs,
    discountTime: inputs.discountMs,
    adjustedDiscountTime: inputs.adjustedDiscountMs,
    staffedTimeCorrect: indicators.staffedTimeCorrectMs,
    runtime: indicators.runtimeMs,
    stopTime: inputs.stopMs,
    failureTime: inputs.failureMs,
    failureCount: inputs.failureCount,
    utilization: indicators.utilization,
    throughput: indicators.throughput,
    acceptance: indicators.acceptance,
    oee: indicators.oee,
    mtbf: indicators.mtbfMinutes,
    mttr: indicators.mttrMinutes,
  };
}

/** What was made outside the work calendar's schedule (both index tables store it; zeros with the default calendar). */
function unscheduledValues(range: RangeInputs): IndexValues {
  return {
    unscheduledQuantity: range.unscheduledUnits,
    unscheduledDiscards: range.unscheduledDiscards,
    unscheduledRuntime: range.unscheduledRunMs,
  };
}

/** The indicator inputs of the whole of one order as of `nowMs` (what its index is computed from). */
function orderRangeInputs(span: OrderSpan, data: LineRangeData, nowMs: number, microStopSeconds: number): RangeInputs {
  return lineRangeInputs(data, { fromMs: span.startMs, toMs: span.endMs ?? nowMs, order: span.order }, nowMs, microStopSeconds);
}

/** The order_indexes row of an order (times in ms, mtbf/mttr in minutes, speeds in units per minute). */
export function orderIndexValues(span: OrderSpan, data: LineRangeData, nowMs: number, microStopSeconds: number): IndexValues {
  const range = orderRangeInputs(span, data, nowMs, microStopSeconds);
  const indicators = computeIndicators(range.inputs);
  return {
    order: span.order,
    lineID: span.lineID,
    ...commonValues(range, indicators),
    ...unscheduledValues(range),
    productionSpeed: indicators.unitsPerRuntimeMinute,
    nominalSpeed: span.nominalUnitsPerMinute,
    performance: span.performance,
  };
}

/** The shift_indexes row of a line's shift; `closed` once the shift has ended. */
export function shiftIndexValues(
  lineID: number,
  shift: IndexShift,
  data: LineRangeData,
  nowMs: number,
  microStopSeconds: number,
  kindOf: CountedLossKindOf,
): IndexValues {
  const range = lineRangeInputs(data, { fromMs: shift.startMs, toMs: shift.endMs }, nowMs, microStopSeconds, kindOf);
  const indicators = computeIndicators(range.inputs);
  const lost = range.countedStopMs!;
  return {
    lineID,
    shiftStart: shift.startMs,
    shiftEnd: shift.endMs,
    ...commonValues(range, indicators),
    idealUnits: indicators.idealUnits,
    discountShift: range.unstaffedMs,
    unstaffedQuantity: range.unstaffedUnits,
    unstaffedDiscards: range.unstaffedDiscards,
    ...unscheduledValues(range),
    // Where the shift's counted stop time went (the waterfall's availability bars), so the central copy can sum it.
    breakdownTime: lost.breakdown,
    setupTime: lost.setup,
    smallStopTime: lost.smallStop,
    notLineLossTime: lost.notLineLoss,
    shiftCode: shift.code,
    // The production day of the calendar computing the row, kept with it when a calendar version is added later.
    productionDay: shift.plantDate,
    closed: shift.endMs <= nowMs ? 1 : 0,
  };
}

function unchanged(existing: Record<string, unknown> | undefined, values: IndexValues): boolean {
  if (!existing) return false;
  for (const [column, value] of Object.entries(values)) {
    const stored = existing[column];
    if (stored !== value && !(stored == null && value == null)) return false;
  }
  return true;
}

/** What an index row stores: its values and when they were computed. */
function indexRow(values: IndexValues, ctx: WriteContext): IndexValues {
  return { ...values, calculatedAt: ctx.now };
}

/** Writes an index row when it is new or a value differs; answers whether it wrote. */
async function writeIndex(
  trx: Transaction<DB>,
  table: 'order_indexes' | 'shift_indexes',
  key: Record<string, string | number>,
  values: IndexValues,
  existing: Record<string, unknown> | undefined,
  ctx: WriteContext,
): Promise<boolean> {
  if (unchanged(existing, values)) return false;
  const row = indexRow(values, ctx);
  // Both index tables share the columns the row is built of, named at run time: the writers' untyped form.
  if (existing) await updateAnyRow(trx, table, key, row, ctx, existing);
  else await insertAnyRow(trx, table, row, Object.keys(key), ctx);
  return true;
}

/**
 * Stores an ended order's final quantities on the order itself. A running order's quantities live in its index
 * (the order lists read them from there), so the periodic refresh does not rewrite the order row — and add an audit
 * row — every few seconds.
 */
async function writeOrderQuantities(trx: Transaction<DB>, span: OrderSpan, values: IndexValues, ctx: WriteContext): Promise<boolean> {
  if (span.endMs === null) return false;
  // Everything the order made, in the schedule or not: nothing made is lost from the order's quantities.
  const productionQuantity = Number(values.productionQuantity) + Number(values.unscheduledQuantity ?? 0);
  const discardQuantity = Number(values.discardQuantity) + Number(values.unscheduledDiscards ?? 0);
  if (span.productionQuantity === productionQuantity && span.discardQuantity === discardQuantity) return false;
  await updateRow(
    trx,
    'orders',
    { order: span.order },
    { productionQuantity, discardQuantity },
    { ...ctx, action: ctx.action ?? 'production' },
  );
  return true;
}

async function writeOrderIndex(
  trx: Transaction<DB>,
  span: OrderSpan,
  values: IndexValues,
  existing: Record<string, unknown> | undefined,
  ctx: WriteContext,
) {
  const wrote = await writeIndex(trx, 'order_indexes', { order: span.order }, values, existing, ctx);
  const quantities = await writeOrderQuantities(trx, span, values, ctx);
  return wrote || quantities;
}

/** An order's span and the data of its line over it as of `nowMs`; undefined for an order not started (or lineless). */
async function loadOrderData(
  db: Database,
  order: string,
  clock: EngineClock,
): Promise<{ span: OrderSpan; data: LineRangeData } | undefined> {
  const span = await findOrderSpan(db, order);
  if (!span) return undefined;
  const line = await findLineSettings(db, span.lineID);
  if (!line) return undefined;
  return { span, data: await loadLineRangeData(db, line, span.startMs, span.endMs ?? clock.nowMs, clock.timeZone) };
}

/** Recomputes and stores one order's index (nothing for an order that has not started). */
export async function refreshOrderIndex(
  trx: Transaction<DB>,
  order: string,
  clock: EngineClock,
  microStopSeconds: number,
  ctx: WriteContext,
): Promise<boolean> {
  const loaded = await loadOrderData(trx, order, clock);
  if (!loaded) return false;
  return writeOrderIndex(
    trx,
    loaded.span,
    orderIndexValues(loaded.span, loaded.data, clock.nowMs, microStopSeconds),
    await findOrderIndex(trx, order),
    ctx,
  );
}

/**
 * The stop time that counts against an order as of `nowMs` — its not-discounted stop time, the stopTime its index
 * holds, computed from the stored stops the way the index is (so read in the transaction that acts on it). 0 for an
 * order that has not started.
 */
export async function orderStopTimeMs(db: Database, order: string, clock: EngineClock): Promise<number> {
  const loaded = await loadOrderData(db, order, clock);
  if (!loaded) return 0;
  const { microStopSeconds } = await engineParameters(db);
  return orderRangeInputs(loaded.span, loaded.data, clock.nowMs, microStopSeconds).inputs.stopMs;
}

/** Stores the shift index computed from `data` (loadLineRangeData of the shift). */
async function writeShiftIndex(
  trx: Transaction<DB>,
  shift: IndexShift,
  data: LineRangeData,
  nowMs: number,
  microStopSeconds: number,
  ctx: WriteContext,
): Promise<boolean> {
  const lineID = data.line.lineID;
  const values = shiftIndexValues(lineID, shift, data, nowMs, microStopSeconds, await loadLossKindOf(trx));
  return writeIndex(
    trx,
    'shift_indexes',
    { lineID, shiftStart: shift.startMs },
    values,
    await findShiftIndex(trx, lineID, shift.startMs),
    ctx,
  );
}

/** Recomputes and stores one shift index of a line (a shift of its calendar; `timeZone` the plant's). */
export async function refreshShiftIndex(
  trx: Transaction<DB>,
  line: LineSettings,
  shift: IndexShift,
  nowMs: number,
  microStopSeconds: number,
  ctx: WriteContext,
  timeZone: string,
): Promise<boolean> {
  const data = await loadLineRangeData(trx, line, shift.startMs, shift.endMs, timeZone);
  return writeShiftIndex(trx, shift, data, nowMs, microStopSeconds, ctx);
}

/**
 * After a change to a line's stops or orders over [fromMs, toMs) (a recognition, a split, a manual stop, an
 * adjustment, a long stop closing): refreshes the indexes of the orders and the shifts that share time with it, in
 * the caller's transaction, so the change and its effect on the indexes commit together. Answers how many changed.
 */
export async function refreshIndexesAffectedBy(
  trx: Transaction<DB>,
  lineID: number,
  changedFromMs: number,
  toMs: number,
  clock: EngineClock,
  ctx: WriteContext,
  options: { stopsEntered?: boolean } = {},
): Promise<number> {
  const line = await findLineSettings(trx, lineID);
  if (!line) return 0;
  // On a line read by hand, a stop entered, moved or deleted by hand also changes how far the line is known (the end of
  // its latest stop, line-indicators.ts): the time since the stop before it is affected too.
  const fromMs =
    options.stopsEntered && line.readByHand
      ? Math.min(changedFromMs, (await endOfStopBefore(trx, lineID, changedFromMs)) ?? changedFromMs)
      : changedFromMs;
  const { microStopSeconds } = await engineParameters(trx);
  const untilMs = Math.max(toMs, fromMs + 1);
  let changed = 0;
  for (const order of await ordersOverlapping(trx, lineID, fromMs, untilMs)) {
    if (await refreshOrderIndex(trx, order.order, clock, microStopSeconds, ctx)) changed += 1;
  }
  const calendar = (await lineCalendars(trx)).of(lineID);
  for (const shift of calendarShiftsOverlapping(calendar, fromMs, untilMs, clock.timeZone)) {
    if (shift.startMs > clock.nowMs) break;
    if (await refreshShiftIndex(trx, line, shift, clock.nowMs, microStopSeconds, ctx, clock.timeZone)) changed += 1;
  }
  return changed;
}

const systemWrite = (clock: EngineClock, action: string): WriteContext => ({ userID: null, now: clock.nowMs, action });

/**
 * Lines per transaction of the periodic refresh. A commit is an fsync (synchronous=FULL); the lines of a transaction
 * are read and written together in a dozen statements (about 5 ms of CPU for 50 lines), so a transaction of this
 * many lines still holds the database only briefly (the acquisition's ingestion waits for it).
 */
export const REFRESH_LINES_PER_TRANSACTION = 50;

/**
 * The periodic refresh (every oeeCalculationRefresh seconds): the index of each line's Ready order and of the open
 * shift, in short transactions of REFRESH_LINES_PER_TRANSACTION lines (a failure leaves the lines of its
 * transaction as they were; the next refresh computes them again). The shift's data, stored indexes and Ready
 * orders are read for all the lines of a transaction at once.
 */
export async function refreshOpenIndexes(db: Database, clock: EngineClock): Promise<{ orders: number; shifts: number }> {
  const { microStopSeconds } = await engineParameters(db);
  const ctx = systemWrite(clock, 'refresh');
  const calendars = await lineCalendars(db);
  await settleOpenShiftsAfterCalendarChange(db, clock, calendars, microStopSeconds);
  const result = { orders: 0, shifts: 0 };
  const lines = await listLineSettings(db);
  let kindOf: CountedLossKindOf | undefined;
  for (let start = 0; start < lines.length; start += REFRESH_LINES_PER_TRANSACTION) {
    const chunk = lines.slice(start, start + REFRESH_LINES_PER_TRANSACTION);
    // Each line's open shift is its calendar's: the lines of one calendar (most often all of them) are read together.
    const byShift = new Map<string, { shift: IndexShift; lines: LineSettings[] }>();
    for (const line of chunk) {
      const shift = shiftOfCalendar(calendars.of(line.lineID), clock.nowMs, clock.timeZone);
      const key = `${shift.startMs}|${shift.endMs}|${shift.code}`;
      const group = byShift.get(key) ?? { shift, lines: [] };
      group.lines.push(line);
      byShift.set(key, group);
    }
    await db.transaction().execute(async (trx) => {
      const lineIDs = chunk.map((line) => line.lineID);
      const [ready, openStops] = [await readyOrdersOfLines(trx, lineIDs), await openStopsOfLines(trx, lineIDs)];
      // The shift indexes that exist and changed are written together at the end (updateRows).
      const updates: RowChange[] = [];
      for (const { shift, lines: group } of byShift.values()) {
        const groupIDs = group.map((line) => line.lineID);
        const [data, stored] = [
          await loadLinesRangeData(trx, group, shift.startMs, shift.endMs, { summedUntilMs: clock.nowMs, timeZone: clock.timeZone }),
          await shiftIndexesAt(trx, groupIDs, shift.startMs),
        ];
        for (const line of group) {
          const lineData = data.get(line.lineID)!;
          const existing = stored.get(line.lineID);
          // A line with data (or this shift's index) is active; only a line without any looks further (an older index).
          if (lineData.firstDataMs === null && !existing && (await firstActivityOfLine(trx, line.lineID)) === null) continue;
          const order = ready.get(line.lineID);
          if (order && (await refreshOrderIndex(trx, order.order, clock, microStopSeconds, ctx))) result.orders += 1;
          // A stop still open that began before the Ready order reaches into orders that ended during it: its length so
          // far decides whether it is a failure of theirs, so their final indexes follow it until it closes.
          const open = openStops.get(line.lineID);
          if (open && (!order || order.startDate === null || open.startDate < order.startDate)) {
            for (const ended of await ordersOverlapping(trx, line.lineID, open.startDate, clock.nowMs)) {
              if (ended.order !== order?.order && (await refreshOrderIndex(trx, ended.order, clock, microStopSeconds, ctx)))
                result.orders += 1;
            }
          }
          const key = { lineID: line.lineID, shiftStart: shift.startMs };
          const values = shiftIndexValues(
            line.lineID,
            shift,
            lineData,
            clock.nowMs,
            microStopSeconds,
            (kindOf ??= await loadLossKindOf(trx)),
          );
          if (existing && !unchanged(existing, values)) updates.push({ key, values: indexRow(values, ctx), current: existing });
          else if (!existing && (await writeIndex(trx, 'shift_indexes', key, values, undefined, ctx))) result.shifts += 1;
        }
      }
      result.shifts += (await updateRows(trx, 'shift_indexes', updates, ctx)).filter(Boolean).length;
    });
  }
  return result;
}

/** The calendar revision (calendar.repository) at which each database's open shift indexes were last settled. */
const openShiftsSettledAt = new WeakMap<object, number>();

/**
 * After a calendar write (and at a process's first refresh): a change that moves the current shift's bounds would
 * leave the open shift index of the old bounds open beside the new one, overlapping it. For each line with an open
 * shift index that is not its calendar's current shift, the calendar's shifts from the one containing that row's
 * start (or from the stored shift running into it) up to now are written again — the ended ones closed, the current
 * one open — and the stored rows of that span that are no shift of the calendar are deleted: the shifts tile time
 * again, and one is open. Closed shifts before that span keep their calendar until a recalculation.
 */
async function settleOpenShiftsAfterCalendarChange(
  db: Database,
  clock: EngineClock,
  calendars: LineCalendars,
  microStopSeconds: number,
): Promise<void> {
  const key = db.getExecutor().adapter;
  const revision = calendarsRevision();
  if (openShiftsSettledAt.get(key) === revision) return;
  const zone = clock.timeZone;
  const ctx = systemWrite(clock, 'refresh');
  for (const line of await listLineSettings(db)) {
    const calendar = calendars.of(line.lineID);
    const current = shiftOfCalendar(calendar, clock.nowMs, zone);
    const open = await openShiftIndexesOfLine(db, line.lineID);
    // Open rows overlapping the current shift but not it (an ended one before it is the shift close's to close).
    const stale = open.filter((row) => row.shiftStart !== current.startMs && row.shiftEnd > current.startMs);
    if (stale.length === 0) continue;
    let first = shiftOfCalendar(calendar, Math.min(...stale.map((row) => row.shiftStart)), zone);
    const before = await shiftIndexBefore(db, line.lineID, first.startMs);
    if (before && before.shiftEnd > first.startMs) first = shiftOfCalendar(calendar, before.shiftStart, zone);
    const shifts: IndexShift[] = [];
    for (let shift: IndexShift = first; shift.startMs <= clock.nowMs; shift = stepCalendarShift(calendar, shift as CalendarShift, 1, zone))
      shifts.push(shift);
    const starts = new Set(shifts.map((shift) => shift.startMs));
    const spanEndMs = shifts.at(-1)!.endMs;
    await db.transaction().execute(async (trx) => {
      for (const row of (await shiftIndexesOfLine(trx, line.lineID)).values()) {
        if (row.shiftStart >= first.startMs && row.shiftStart < spanEndMs && !starts.has(row.shiftStart))
          await deleteRow(trx, 'shift_indexes', { lineID: line.lineID, shiftStart: row.shiftStart }, ctx);
      }
      for (const shift of shifts) await refreshShiftIndex(trx, line, shift, clock.nowMs, microStopSeconds, ctx, zone);
    });
  }
  openShiftsSettledAt.set(key, revision);
}

/**
 * Writes the final index of every shift that has ended since the line's last closed one (the shift-close job, and
 * the catch-up at start after the edge was off), at most SHIFT_CATCH_UP_DAYS back. Answers how many it closed.
 */
export async function closeDueShifts(db: Database, clock: EngineClock): Promise<number> {
  const { microStopSeconds } = await engineParameters(db);
  const ctx = systemWrite(clock, 'shiftClose');
  const oldestMs = clock.nowMs - SHIFT_CATCH_UP_DAYS * 86_400_000;
  const calendars = await lineCalendars(db);
  const zone = clock.timeZone;
  let closed = 0;
  const lines = await listLineSettings(db);
  const starts = await shiftCloseStartsOfLines(
    db,
    lines.map((line) => line.lineID),
  );
  for (const line of lines) {
    const calendar = calendars.of(line.lineID);
    const { lastClosed, firstActivity } = starts.get(line.lineID)!;
    if (lastClosed === null && firstActivity === null) continue;
    // The shift after the last closed one: the calendar's shift that starts at or after its start's successor.
    let shift =
      lastClosed !== null
        ? stepCalendarShift(calendar, shiftOfCalendar(calendar, lastClosed, zone), 1, zone)
        : shiftOfCalendar(calendar, firstActivity!, zone);
    if (shift.startMs < oldestMs) shift = shiftOfCalendar(calendar, oldestMs, zone);
    const due: IndexShift[] = [];
    for (; shift.endMs <= clock.nowMs; shift = stepCalendarShift(calendar, shift, 1, zone)) due.push(shift);
    if (due.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      for (const item of due) {
        await refreshShiftIndex(trx, line, item, clock.nowMs, microStopSeconds, ctx, zone);
        closed += 1;
      }
    });
  }
  return closed;
}

export interface RecalculationResult {
  /** Indexes rebuilt (every one computed). */
  count: number;
  /** Of those, the ones whose stored values changed. */
  changed: number;
}

interface LineRebuild<T> {
  /** The rows to store for the line, computed from its history (nothing stored yet). */
  rows: T[];
  write: (trx: Transaction<DB>, row: T, ctx: WriteContext) => Promise<boolean>;
  /** Stored rows the rebuild has no row for (shifts of a calendar no longer in force there): deleted. */
  stale?: T[];
  remove?: (trx: Transaction<DB>, row: T, ctx: WriteContext) => Promise<void>;
}

/**
 * Rebuilds indexes line by line: each line's history is read once, its rows computed in memory, then compared with
 * the stored ones and written in short transactions of RECALCULATION_BATCH (only the differences).
 */
async function rebuildEachLine<T>(
  db: Database,
  clock: EngineClock,
  userID: string | null,
  rebuild: (line: LineSettings, microStopSeconds: number) => Promise<LineRebuild<T> | null>,
): Promise<RecalculationResult> {
  const { microStopSeconds } = await engineParameters(db);
  const ctx: WriteContext = { userID, now: clock.nowMs, action: 'recalculate' };
  const result: RecalculationResult = { count: 0, changed: 0 };
  for (const line of await listLineSettings(db)) {
    const rebuilt = await rebuild(line, microStopSeconds);
    if (!rebuilt) continue;
    result.count += rebuilt.rows.length;
    const stale = rebuilt.stale ?? [];
    for (let start = 0; start < stale.length; start += RECALCULATION_BATCH) {
      const batch = stale.slice(start, start + RECALCULATION_BATCH);
      await db.transaction().execute(async (trx) => {
        for (const row of batch) await rebuilt.remove!(trx, row, ctx);
      });
      result.changed += batch.length;
    }
    for (let start = 0; start < rebuilt.rows.length; start += RECALCULATION_BATCH) {
      const batch = rebuilt.rows.slice(start, start + RECALCULATION_BATCH);
      await db.transaction().execute(async (trx) => {
        for (const row of batch) if (await rebuilt.write(trx, row, ctx)) result.changed += 1;
      });
    }
  }
  return result;
}

/** RecalculateAllOrders: rebuilds the index of every started order from the stored stops and production. */
export function recalculateAllOrders(db: Database, clock: EngineClock, userID: string | null): Promise<RecalculationResult> {
  return rebuildEachLine<{ span: OrderSpan; values: IndexValues }>(db, clock, userID, async (line, microStopSeconds) => {
    const history = await LineHistory.load(db, line, clock.timeZone);
    const existing = await orderIndexesOfLine(db, line.lineID);
    return {
      rows: history.orderSpans.map((span) => ({
        span,
        values: orderIndexValues(span, history.slice(span.startMs, span.endMs ?? clock.nowMs), clock.nowMs, microStopSeconds),
      })),
      write: (trx, row, ctx) => writeOrderIndex(trx, row.span, row.values, existing.get(row.span.order), ctx),
    };
  });
}

/**
 * RecalculateAllOrdersHistory: rebuilds every shift index of every line, from the line's first shift with data (or
 * its oldest stored shift index) to the open shift.
 */
export function recalculateAllShiftIndexes(
  db: Database,
  clock: EngineClock,
  userID: string | null,
  days?: { from: string; to: string },
): Promise<RecalculationResult> {
  return rebuildEachLine<IndexValues>(db, clock, userID, async (line, microStopSeconds) => {
    const firstMs = await firstActivityOfLine(db, line.lineID);
    if (firstMs === null || firstMs > clock.nowMs) return null;
    // The calendar in force on each production date (its versions), as now stored: a recalculation applies a change.
    const calendar = (await lineCalendars(db)).of(line.lineID);
    const zone = clock.timeZone;
    // A chosen range of production days (as the line's calendar has them), else the whole history.
    const fromMs = days ? Math.max(firstMs, productionDay(calendar, days.from, zone).startMs) : firstMs;
    const untilMs = days ? Math.min(clock.nowMs, productionDay(calendar, days.to, zone).endMs - 1) : clock.nowMs;
    if (fromMs > untilMs) return null;
    const history = await LineHistory.load(db, line, zone);
    const existing = await shiftIndexesOfLine(db, line.lineID);
    const kindOf = await loadLossKindOf(db);
    const rows: IndexValues[] = [];
    let spanStartMs = Number.POSITIVE_INFINITY;
    let spanEndMs = Number.NEGATIVE_INFINITY;
    for (
      let shift = shiftOfCalendar(calendar, fromMs, zone);
      shift.startMs <= untilMs;
      shift = stepCalendarShift(calendar, shift, 1, zone)
    ) {
      rows.push(shiftIndexValues(line.lineID, shift, history.slice(shift.startMs, shift.endMs), clock.nowMs, microStopSeconds, kindOf));
      spanStartMs = Math.min(spanStartMs, shift.startMs);
      spanEndMs = Math.max(spanEndMs, shift.endMs);
    }
    // Stored rows inside the rebuilt span that are no shift of the calendar in force (computed before a change of it).
    const starts = new Set(rows.map((values) => values.shiftStart as number));
    const stale = [...existing.values()].filter(
      (row) => !starts.has(row.shiftStart) && row.shiftStart < spanEndMs && row.shiftEnd > spanStartMs,
    ) as unknown as IndexValues[];
    const keyOf = (values: IndexValues) => ({ lineID: line.lineID, shiftStart: values.shiftStart as number });
    return {
      rows,
      write: (trx, values, ctx) => writeIndex(trx, 'shift_indexes', keyOf(values), values, existing.get(values.shiftStart as number), ctx),
      stale,
      remove: async (trx, values, ctx) => {
        await deleteRow(trx, 'shift_indexes', keyOf(values), ctx);
      },
    };
  });
}

/**
 * The index of the line's shift containing `atMs`: the stored one once the shift is closed, else computed now (the
 * open shift, or a past shift never stored) — what the periodic refresh and the shift close would write. Times in
 * ms; null for an unknown line.
 */
export async function shiftIndexAt(
  db: Database,
  lineID: number,
  atMs: number,
  clock: EngineClock,
): Promise<Record<string, unknown> | null> {
  const line = await findLineSettings(db, lineID);
  if (!line) return null;
  const shift = shiftOfCalendar((await lineCalendars(db)).of(lineID), atMs, clock.timeZone);
  const stored = await findShiftIndex(db, lineID, shift.startMs);
  const base = { description: line.description, shift: shift.code, productionDay: shift.plantDate };
  // A closed shift keeps the calendar it was computed with until a recalculation: its own code (the default's before
  // 0027) and its own production day (0029).
  if (stored?.closed === 1)
    return {
      ...stored,
      ...base,
      shift: stored.shiftCode ?? shiftCodeAt(DEFAULT_CALENDAR, stored.shiftStart, clock.timeZone),
      productionDay: stored.productionDay ?? shift.plantDate,
    };
  const { microStopSeconds } = await engineParameters(db);
  const data = await loadLineRangeData(db, line, shift.startMs, shift.endMs, clock.timeZone);
  return {
    ...shiftIndexValues(lineID, shift, data, clock.nowMs, microStopSeconds, await loadLossKindOf(db)),
    calculatedAt: clock.nowMs,
    ...base,
  };
}

/**
 * The shift code is the stored shiftCode, or derived from the row's start on rows of before 0027 (listShiftIndexes): no
 * SQL column to filter or sort on. The production day is the stored column (0029): filtered and sorted in SQL.
 */
const { shift: _derivedShift, ...SHIFT_INDEX_GRID_COLUMNS } = SHIFT_INDEX_COLUMNS;

/** The shift-index grid (GET /api/oeeindex/history/get): stored shift indexes; lineID and shiftStart as plain parameters too. */
export const SHIFT_INDEX_GRID: GridResource = {
  name: 'shift-indexes',
  path: '/api/oeeindex/history',
  table: 'shift_indexes',
  key: ['lineID', 'shiftStart'],
  columns: SHIFT_INDEX_GRID_COLUMNS,
  plainFilters: ['lineID', 'shiftStart', 'closed'],
  schema: z.object({}),
  access: { read: 'authenticated', write: [] },
  defaultSort: [{ column: 'shiftStart', desc: true }],
  source: (db) => shiftIndexGridSource(db),
};

/**
 * A page of shift indexes, each with its shift code (the code of its line's calendar shift starting there) and its
 * production day (stored with the row by the calendar that computed it, migration 0029).
 */
export async function listShiftIndexes(db: Database, query: Record<string, unknown>, timeZone: string) {
  const page = await listResource(SHIFT_INDEX_GRID, db, query, timeZone);
  const rows = page.data.map((row) => ({ row, startMs: parsePlantDate(String(row.shiftStart), timeZone) }));
  const codes = await shiftCodesOf(
    db,
    rows.flatMap(({ row, startMs }) => (startMs === null ? [] : [{ lineID: Number(row.lineID), shiftStart: startMs }])),
  );
  // Each row's own shift code, stored with it; a row computed before 0027 was the default calendar's.
  const data = rows.map(({ row, startMs }) => ({
    ...row,
    shift: startMs === null ? null : (codes.get(`${String(row.lineID)}|${startMs}`) ?? shiftCodeAt(DEFAULT_CALENDAR, startMs, timeZone)),
  }));
  return { ...page, data };
}

/** An index row (stored or computed, times in ms) as the API shows it. */
export function shiftIndexToApi(row: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  return rowToApi(indexTimesInMinutes(row), SHIFT_INDEX_COLUMNS, timeZone);
}
