import {
  computeWaterfall,
  scheduledMsOf,
  WATERFALL_BAR_KEYS,
  wholeRangeSchedule,
  type Interval,
  type Waterfall,
  type WaterfallPart,
} from '../../domain/losses';
import { toPlantIso, parsePlantDate } from '../../domain/time-zone';
import { AppError, fieldError, notFound } from '../../http/errors';
import {
  engineParameters,
  findLineSettings,
  findOrderSpan,
  listLineSettings,
  type Executor,
  type LineSettings,
} from '../indexes/indexes.repository';
import type { EngineClock } from '../indexes/indexes.service';
import {
  lineRangeInputs,
  loadLineRangeData,
  loadLinesRangeData,
  type CountedLossKindOf,
  type LineRangeData,
  type RangeScope,
} from '../indexes/line-indicators';
import { loadLossKindOf } from './loss-kinds';
import { WATERFALL_MAX_DAYS, type WaterfallAnswer, type WaterfallQuery } from './losses.schemas';

/**
 * Where the time went (issue 29): the waterfall of a line, a sector, the plant or an order, computed by the indexes'
 * own lineRangeInputs (line-indicators.ts) over the same data, so its OEE is the shift's or the order's stored OEE to
 * the last digit, and its bars split the very times the index sums (domain/losses.ts).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The scheduled (loading) intervals of a range: today's fixed calendar schedules all of it; a work calendar will not. */
export type ScheduleOf = (fromMs: number, toMs: number) => Interval[];

/** One line's (or one order's) waterfall part over `scope` as of `nowMs`: pure, over data loaded for the scope. */
export function waterfallPartOf(
  data: LineRangeData,
  scope: RangeScope,
  nowMs: number,
  microStopSeconds: number,
  kindOf: CountedLossKindOf,
  scheduleOf: ScheduleOf = wholeRangeSchedule,
): WaterfallPart {
  const endMs = Math.min(scope.toMs, nowMs);
  const range = lineRangeInputs(data, scope, nowMs, microStopSeconds, kindOf);
  const calendarMs = Math.max(0, endMs - scope.fromMs);
  const loadingMs = calendarMs === 0 ? 0 : scheduledMsOf(scheduleOf(scope.fromMs, endMs), scope.fromMs, endMs);
  return {
    calendarMs,
    loadingMs,
    unstaffedMs: loadingMs - range.inputs.staffedMs,
    inputs: range.inputs,
    countedStopMs: range.countedStopMs!,
  };
}

/** The waterfall of several lines over [fromMs, toMs) as of `nowMs`: each line's part, then summed. */
export async function linesWaterfall(
  db: Executor,
  lines: readonly LineSettings[],
  fromMs: number,
  toMs: number,
  nowMs: number,
): Promise<Waterfall> {
  const endMs = Math.min(toMs, nowMs);
  if (lines.length === 0 || !(endMs > fromMs)) return computeWaterfall([]);
  const { microStopSeconds } = await engineParameters(db);
  const kindOf = await loadLossKindOf(db);
  // Production summed by order over the range: the computation covers exactly [fromMs, endMs).
  const data = await loadLinesRangeData(db, lines, fromMs, endMs, { summedUntilMs: endMs });
  return computeWaterfall(
    lines.map((line) => waterfallPartOf(data.get(line.lineID)!, { fromMs, toMs: endMs }, nowMs, microStopSeconds, kindOf)),
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
export async function lineRangesWaterfalls(db: Executor, ranges: readonly LineRange[], nowMs: number): Promise<Array<Waterfall | null>> {
  if (ranges.length === 0) return [];
  const { microStopSeconds } = await engineParameters(db);
  const kindOf = await loadLossKindOf(db);
  const lines = await listLineSettings(db, { lineIDs: [...new Set(ranges.map((range) => range.lineID))] });
  const dataOf = new Map<number, LineRangeData>();
  for (const line of lines) {
    const own = ranges.filter((range) => range.lineID === line.lineID);
    const fromMs = Math.min(...own.map((range) => range.fromMs));
    const toMs = Math.min(nowMs, Math.max(...own.map((range) => range.toMs)));
    dataOf.set(line.lineID, (await loadLinesRangeData(db, [line], fromMs, Math.max(fromMs, toMs))).get(line.lineID)!);
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
  db: Executor,
  order: string,
  nowMs: number,
): Promise<{ waterfall: Waterfall; fromMs: number; toMs: number } | undefined> {
  const span = await findOrderSpan(db, order);
  const line = span && (await findLineSettings(db, span.lineID));
  if (!span || !line) return undefined;
  const toMs = Math.min(span.endMs ?? nowMs, nowMs);
  const { microStopSeconds } = await engineParameters(db);
  const data = await loadLineRangeData(db, line, span.startMs, toMs);
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
  };
}

function instantOf(value: string | undefined, field: 'from' | 'to', timeZone: string): number {
  if (value === undefined) throw fieldError('validation', 'losses.rangeRequired', field);
  const ms = parsePlantDate(value, timeZone);
  if (ms === null) throw fieldError('validation', 'validation.invalid', field);
  return ms;
}

/** GET /api/losses/waterfall: checks the scope and the range, then computes. */
export async function lossWaterfall(db: Executor, query: WaterfallQuery, clock: EngineClock): Promise<WaterfallAnswer> {
  const scopes = [query.lineID, query.sectorID, query.order].filter((value) => value !== undefined).length;
  if (scopes > 1) throw new AppError('validation', 'losses.oneScope');
  if (query.order !== undefined) {
    const found = await orderWaterfall(db, query.order, clock.nowMs);
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
  const waterfall = await linesWaterfall(db, lines, fromMs, toMs, clock.nowMs);
  return waterfallToApi(waterfall, fromMs, Math.max(fromMs, Math.min(toMs, clock.nowMs)), lines.length, clock.timeZone);
}
