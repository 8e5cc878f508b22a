import type { Database } from '../../db/database';
import {
  addCountedStopMs,
  computeWaterfall,
  noCountedStopMs,
  noUnscheduledProduction,
  scheduledMsOf,
  WATERFALL_BAR_KEYS,
  wholeRangeSchedule,
  type CountedStopMs,
  type Interval,
  type UnscheduledProduction,
  type Waterfall,
  type WaterfallPart,
} from '../../domain/losses';
import { scheduledIntervals, type WorkCalendar } from '../../domain/work-calendar';
import { lineCalendars } from '../calendar/line-calendars';
import { sumIndicatorInputs, type IndicatorInputs } from '../../domain/oee';
import { toPlantIso, parsePlantDate } from '../../domain/time-zone';
import { AppError, fieldError, notFound } from '../../http/errors';
import {
  engineParameters,
  findLineSettings,
  findOrderSpan,
  listLineSettings,
  type LineSettings,
  type EngineClock,
  lineRangeInputs,
  lineSchedule,
  loadLineRangeData,
  loadLinesRangeData,
  type CountedLossKindOf,
  type LineRangeData,
  type LineSchedule,
  type RangeInputs,
  type RangeScope,
} from '../engine';
import { loadLossKindOf } from './loss-kinds';
import { closedShiftSumsOfLines, type ClosedShiftSums } from './losses.repository';
import { WATERFALL_MAX_DAYS, type WaterfallAnswer, type WaterfallQuery } from './losses.schemas';
import { DAY_MS, MINUTE_MS } from '../../domain/time';

/**
 * Where the time went (issue 29): the waterfall of a line, a sector, the plant or an order, computed by the indexes'
 * own lineRangeInputs (line-indicators.ts) over the same data, so its OEE is the shift's or the order's stored OEE to
 * the last digit, and its bars split the very times the index sums (domain/losses.ts).
 */

/** The scheduled (loading) intervals of a line's range: its work calendar's scheduled time, breaks included. */
export type ScheduleOf = (fromMs: number, toMs: number) => Interval[];

/** The schedule of a line's range: its calendar's (lineRangeInputs' LineSchedule), or all of it without one. */
export function scheduleOfLine(schedule: LineSchedule | null | undefined): ScheduleOf {
  if (!schedule) return wholeRangeSchedule;
  return (fromMs, toMs) => scheduledIntervals(schedule.calendar, fromMs, toMs, schedule.timeZone);
}

/** A line's waterfall part over [fromMs, endMs) from its summed inputs, counted stop time and unscheduled production. */
function partOf(
  inputs: IndicatorInputs,
  countedStopMs: CountedStopMs,
  unscheduled: UnscheduledProduction,
  fromMs: number,
  endMs: number,
  scheduleOf: ScheduleOf,
): WaterfallPart {
  const calendarMs = Math.max(0, endMs - fromMs);
  const loadingMs = calendarMs === 0 ? 0 : scheduledMsOf(scheduleOf(fromMs, endMs), fromMs, endMs);
  return { calendarMs, loadingMs, unstaffedMs: loadingMs - inputs.staffedMs, inputs, countedStopMs, unscheduled };
}

function unscheduledOf(range: RangeInputs): UnscheduledProduction {
  return { units: range.unscheduledUnits, discards: range.unscheduledDiscards, runMs: range.unscheduledRunMs };
}

/**
 * One line's (or one order's) waterfall part over `scope` as of `nowMs`: pure, over data loaded for the scope. Its
 * loading time is the schedule of the data's work calendar (loaders given the plant's zone carry it), all of the range
 * without one.
 */
export function waterfallPartOf(
  data: LineRangeData,
  scope: RangeScope,
  nowMs: number,
  microStopSeconds: number,
  kindOf: CountedLossKindOf,
): WaterfallPart {
  const range = lineRangeInputs(data, scope, nowMs, microStopSeconds, kindOf);
  const endMs = Math.min(scope.toMs, nowMs);
  return partOf(range.inputs, range.countedStopMs!, unscheduledOf(range), scope.fromMs, endMs, scheduleOfLine(data.schedule));
}

/** A closed shift index's indicator inputs: what its stored figures were computed from (indexes.service). */
function shiftInputsOf(row: ClosedShiftSums): IndicatorInputs {
  return {
    staffedMs: row.staffedTime,
    discountMs: row.discountTime,
    adjustedDiscountMs: row.adjustedDiscountTime,
    stopMs: row.stopTime,
    failureMs: row.failureTime,
    failureCount: row.failureCount,
    unitsProduced: row.productionQuantity,
    unitsDiscarded: row.discardQuantity,
    ...(row.startupDiscards > 0 && { startupDiscards: row.startupDiscards }),
    nominalUnitsPerMinute: null,
    idealUnits: row.idealUnits,
  };
}

/** What a line's part is summed from: closed shifts' stored sums and the stretches computed from the stops. */
interface LineSums {
  inputs: IndicatorInputs[];
  countedStopMs: CountedStopMs;
  unscheduled: UnscheduledProduction;
}

function addUnscheduled(into: UnscheduledProduction, add: UnscheduledProduction): void {
  into.units += add.units;
  into.discards += add.discards;
  into.runMs += add.runMs;
}

/**
 * The waterfall of several lines over [fromMs, toMs) as of `nowMs`: each line's part, then summed.
 *
 * A line's part is summed from its pieces, as a roll-up sums its shifts (times and counts, then divided): the closed
 * shift indexes lying wholly inside the range whose counted stop time is split by loss kind (edge migration 0026,
 * computed by lineRangeInputs when the shift closed, kept by the refreshes after a stop changes, so their times and
 * counts are what the stops give) are read as stored; only the rest — a shift cut by the range's ends, the open
 * shift, a shift without an index or without the split — is computed from the stops (one read per stretch, for all
 * the lines that need that stretch). So a year of a line reads about 1,100 shift rows instead of its 200,000 stops,
 * and its minutes are those of the central copy, which sums the same shift indexes (portal.service waterfall).
 */
export async function linesWaterfall(
  db: Database,
  lines: readonly LineSettings[],
  fromMs: number,
  toMs: number,
  nowMs: number,
  timeZone?: string,
): Promise<Waterfall> {
  const endMs = Math.min(toMs, nowMs);
  if (lines.length === 0 || !(endMs > fromMs)) return computeWaterfall([]);
  const { microStopSeconds } = await engineParameters(db);
  const kindOf = await loadLossKindOf(db);
  const calendars = timeZone === undefined ? null : await lineCalendars(db);
  // Lines sharing a calendar (most follow the plant's) share its schedule of the range: computed once.
  const schedules = new Map<WorkCalendar, Interval[]>();
  const scheduleOf = (lineID: number): ScheduleOf => {
    const calendar = calendars?.of(lineID);
    const schedule = calendar && lineSchedule(calendar, timeZone!);
    if (!calendar || !schedule) return wholeRangeSchedule;
    return (startMs, stopMs) => {
      let intervals = schedules.get(calendar);
      if (!intervals) schedules.set(calendar, (intervals = scheduleOfLine(schedule)(startMs, stopMs)));
      return intervals;
    };
  };
  const sums = new Map<number, LineSums>(
    lines.map((line) => [line.lineID, { inputs: [], countedStopMs: noCountedStopMs(), unscheduled: noUnscheduledProduction() }]),
  );
  const rowsOf = new Map<number, ClosedShiftSums[]>();
  for (const row of await closedShiftSumsOfLines(db, [...sums.keys()], fromMs, endMs)) {
    const rows = rowsOf.get(row.lineID);
    if (rows) rows.push(row);
    else rowsOf.set(row.lineID, [row]);
  }
  // The stretches to compute from the stops, each with the lines that need it (most share the range's two ends).
  const stretches = new Map<string, { fromMs: number; toMs: number; lines: LineSettings[] }>();
  const stretch = (line: LineSettings, startMs: number, stopMs: number) => {
    const key = `${startMs}:${stopMs}`;
    const found = stretches.get(key);
    if (found) found.lines.push(line);
    else stretches.set(key, { fromMs: startMs, toMs: stopMs, lines: [line] });
  };
  for (const line of lines) {
    const lineSums = sums.get(line.lineID)!;
    let cursor = fromMs;
    for (const row of rowsOf.get(line.lineID) ?? []) {
      // A row overlapping one already taken (shifts of an earlier calendar) is left to the stops' computation.
      if (row.shiftStart < cursor) continue;
      if (row.shiftStart > cursor) stretch(line, cursor, row.shiftStart);
      lineSums.inputs.push(shiftInputsOf(row));
      addCountedStopMs(lineSums.countedStopMs, {
        breakdown: row.breakdownTime,
        setup: row.setupTime,
        smallStop: row.smallStopTime,
        notLineLoss: row.notLineLossTime,
      });
      addUnscheduled(lineSums.unscheduled, {
        units: row.unscheduledQuantity,
        discards: row.unscheduledDiscards,
        runMs: row.unscheduledRuntime,
      });
      cursor = row.shiftEnd;
    }
    if (cursor < endMs) stretch(line, cursor, endMs);
  }
  for (const { fromMs: startMs, toMs: stopMs, lines: stretchLines } of stretches.values()) {
    // Production summed by order over the stretch: the computation covers exactly [startMs, stopMs).
    const data = await loadLinesRangeData(db, stretchLines, startMs, stopMs, {
      summedUntilMs: stopMs,
      ...(timeZone !== undefined && { timeZone }),
    });
    for (const line of stretchLines) {
      const range = lineRangeInputs(data.get(line.lineID)!, { fromMs: startMs, toMs: stopMs }, nowMs, microStopSeconds, kindOf);
      const lineSums = sums.get(line.lineID)!;
      lineSums.inputs.push(range.inputs);
      addCountedStopMs(lineSums.countedStopMs, range.countedStopMs!);
      addUnscheduled(lineSums.unscheduled, unscheduledOf(range));
    }
  }
  return computeWaterfall(
    lines.map((line) => {
      const { inputs, countedStopMs, unscheduled } = sums.get(line.lineID)!;
      // One piece is used as it is (a shift's own inputs: its OEE is its index's to the last digit).
      const summed = inputs.length === 1 ? inputs[0]! : sumIndicatorInputs(inputs);
      return partOf(summed, countedStopMs, unscheduled, fromMs, endMs, scheduleOf(line.lineID));
    }),
  );
}

/** A line's range whose waterfall is wanted (a shift of the report). */
export interface LineRange {
  lineID: number;
  fromMs: number;
  toMs: number;
}

/**
 * The waterfall of each of many line ranges (the report's shifts) as of `nowMs`, in their order: each line's data is
 * read once over the span of its ranges (minute by minute, since each range takes its own minutes), then each range
 * is computed over it as if read alone (the loaders may give more than a range needs). Unknown lines give nothing.
 */
export async function lineRangesWaterfalls(
  db: Database,
  ranges: readonly LineRange[],
  nowMs: number,
  timeZone?: string,
): Promise<Array<Waterfall | null>> {
  if (ranges.length === 0) return [];
  const { microStopSeconds } = await engineParameters(db);
  const kindOf = await loadLossKindOf(db);
  const lines = await listLineSettings(db, { lineIDs: [...new Set(ranges.map((range) => range.lineID))] });
  const dataOf = new Map<number, LineRangeData>();
  for (const line of lines) {
    const own = ranges.filter((range) => range.lineID === line.lineID);
    const fromMs = Math.min(...own.map((range) => range.fromMs));
    const toMs = Math.min(nowMs, Math.max(...own.map((range) => range.toMs)));
    const options = timeZone === undefined ? {} : { timeZone };
    dataOf.set(line.lineID, (await loadLinesRangeData(db, [line], fromMs, Math.max(fromMs, toMs), options)).get(line.lineID)!);
  }
  return ranges.map((range) => {
    const data = dataOf.get(range.lineID);
    return data
      ? computeWaterfall([waterfallPartOf(data, { fromMs: range.fromMs, toMs: range.toMs }, nowMs, microStopSeconds, kindOf)])
      : null;
  });
}

/** The waterfall of one order over its whole span (up to now while it runs); undefined for an order not started. */
export async function orderWaterfall(
  db: Database,
  order: string,
  nowMs: number,
  timeZone?: string,
): Promise<{ waterfall: Waterfall; fromMs: number; toMs: number } | undefined> {
  const span = await findOrderSpan(db, order);
  const line = span && (await findLineSettings(db, span.lineID));
  if (!span || !line) return undefined;
  const toMs = Math.min(span.endMs ?? nowMs, nowMs);
  const { microStopSeconds } = await engineParameters(db);
  const data = await loadLineRangeData(db, line, span.startMs, toMs, timeZone);
  const part = waterfallPartOf(
    data,
    { fromMs: span.startMs, toMs: span.endMs ?? nowMs, order },
    nowMs,
    microStopSeconds,
    await loadLossKindOf(db),
  );
  return { waterfall: computeWaterfall([part]), fromMs: span.startMs, toMs };
}

/** The answer of the API: minutes (ms / 60,000, so they add up as the ms do) and each bar's share of calendar time. */
export function waterfallToApi(waterfall: Waterfall, fromMs: number, toMs: number, lineCount: number, timeZone: string): WaterfallAnswer {
  const share = (ms: number) => (waterfall.calendarMs === 0 ? null : ms / waterfall.calendarMs);
  return {
    from: toPlantIso(fromMs, timeZone),
    to: toPlantIso(toMs, timeZone),
    lineCount,
    calendarMinutes: waterfall.calendarMs / MINUTE_MS,
    loadingMinutes: waterfall.loadingMs / MINUTE_MS,
    plannedMinutes: waterfall.plannedMs / MINUTE_MS,
    oee: waterfall.oee,
    teep: waterfall.teep,
    bars: WATERFALL_BAR_KEYS.map((key) => ({ key, minutes: waterfall.bars[key] / MINUTE_MS, share: share(waterfall.bars[key]) })),
    unscheduled: {
      units: waterfall.unscheduled.units,
      discards: waterfall.unscheduled.discards,
      runMinutes: waterfall.unscheduled.runMs / MINUTE_MS,
    },
  };
}

function instantOf(value: string | undefined, field: 'from' | 'to', timeZone: string): number {
  if (value === undefined) throw fieldError('validation', 'losses.rangeRequired', field);
  const ms = parsePlantDate(value, timeZone);
  if (ms === null) throw fieldError('validation', 'validation.invalid', field);
  return ms;
}

/** GET /api/losses/waterfall: checks the scope and the range, then computes. */
export async function lossWaterfall(db: Database, query: WaterfallQuery, clock: EngineClock): Promise<WaterfallAnswer> {
  const scopes = [query.lineID, query.sectorID, query.order].filter((value) => value !== undefined).length;
  if (scopes > 1) throw new AppError('validation', 'losses.oneScope');
  if (query.order !== undefined) {
    const found = await orderWaterfall(db, query.order, clock.nowMs, clock.timeZone);
    if (!found) throw notFound();
    return waterfallToApi(found.waterfall, found.fromMs, found.toMs, 1, clock.timeZone);
  }
  const fromMs = instantOf(query.from, 'from', clock.timeZone);
  const toMs = instantOf(query.to, 'to', clock.timeZone);
  if (!(toMs > fromMs)) throw fieldError('validation', 'losses.rangeOrder', 'to');
  if (toMs - fromMs > WATERFALL_MAX_DAYS * DAY_MS) throw fieldError('validation', 'losses.rangeTooLong', 'to', { max: WATERFALL_MAX_DAYS });
  let lines: LineSettings[];
  if (query.lineID !== undefined) {
    const line = await findLineSettings(db, query.lineID);
    if (!line) throw notFound();
    lines = [line];
  } else {
    lines = await listLineSettings(db, query.sectorID !== undefined ? { sectorID: query.sectorID } : {});
  }
  const waterfall = await linesWaterfall(db, lines, fromMs, toMs, clock.nowMs, clock.timeZone);
  return waterfallToApi(waterfall, fromMs, Math.max(fromMs, Math.min(toMs, clock.nowMs)), lines.length, clock.timeZone);
}
