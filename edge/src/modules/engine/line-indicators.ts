import type { Database } from '../../db/database';
import { computeIndicators, effectiveAdjustedMs, sumIndicatorInputs, type IndicatorInputs, type Indicators } from '../../domain/oee';
import { addCountedStopMs, noCountedStopMs, withoutShare, type CountedLossKind, type CountedStopMs } from '../../domain/losses';
import { manualLineKnownUntilMs } from '../../domain/manual-lines';
import { clippedDurationMs, effectiveEndMs, stopTimeTotals, type StopTimeTotals } from '../../domain/stops';
import {
  clipToIntervals,
  complementIntervals,
  scheduledIntervals,
  breakIntervals,
  totalMs,
  workingIntervals,
  type Interval,
  type WorkCalendar,
} from '../../domain/work-calendar';
import { MINUTE_MS, minuteOf } from '../../domain/time';
import { lineCalendars, schedulesEverything } from '../calendar/line-calendars';
import {
  findLineSettings,
  firstDataOfLines,
  latestStopsOfLines,
  firstSeenOfLine,
  orderSpansOfLine,
  ordersOverlappingLines,
  productionMinutesOfLine,
  productionMinutesOfLines,
  productionTotalsOfLines,
  stopSpansOfLine,
  stopSpansOfLines,
  type LineSettings,
  type OrderSpan,
  type ProductionMinute,
  type StopSpan,
} from './indexes.repository';

/**
 * THE computation of a line's indicators over a range. Order indexes, shift indexes, the dashboard, the line
 * overview and the sector roll-up all call `lineRangeInputs` and then the domain's `computeIndicators`; a roll-up
 * of several lines sums their inputs (sumIndicatorInputs), never their percentages.
 *
 * How a range is accounted (decisions where SPEC.md is silent):
 * - Time after `now` does not exist yet: a range ends at min(to, now).
 * - Staffed time is the time an order runs. A line with the order manager (enableOrderManager) is staffed only
 *   while an order runs; the rest of the range is `unstaffedMs` (the shift index's discountShift) and counts
 *   nowhere. A line without the order manager is staffed the whole range from the moment the line is known (its
 *   first order, stop, production or report by the acquisition); time outside orders counts with an unknown
 *   nominal speed.
 * - A line read by hand (no beacon; its stops entered by people) is known only up to the end of its latest stop, now
 *   while one is open (domain/manual-lines.ts): no part of the range after that counts, staffed or not; it is time
 *   not known, like time not staffed (unstaffedMs). Entering the next stop makes the time before it known (running).
 * - Each order's part of the range is one input: its stops clipped to that part (stops.ts stopTimeTotals), the
 *   production tagged with that order, its nominal speed (product speed on the line, else the order's desired
 *   speed) and its share of the order's adjustment ('Ajustar'). An adjustment moves stop time to discounted time
 *   (oee.ts), so it is shared out where the stops are: the order's effective adjustment (capped at its stop time) in
 *   proportion to the order's stop time inside the range. A part without stops gets none, no part gets more than
 *   its own stop time, and an order's shifts add up to the order (to rounding, 1 ms a part). The share depends on
 *   the whole order's stop time, so the loaders read the stops of the whole of an adjusted order (stopRangeOf).
 * - Production counts by minute, in the range where the minute starts, and by the order that was Ready when it was
 *   made (a minute in which the order changed holds a row per order). On a line that declares a start-up window
 *   (startupRejectMinutes), the discards of an order's minutes starting within that many minutes of the order's start
 *   are its start-up rejects (inputs.startupDiscards, a part of its discards: the waterfall's startupRejects bar), and
 *   so are, on any line, the discards declared by hand as start-up rejects (production_minutes.startupDiscards);
 *   production with no order has no start-up. Production made while the line was not staffed (no order running on a
 *   line with the order manager, or tagged with an order outside its part of the range) is never dropped: it is `unstaffedUnits` / `unstaffedDiscards` (the shift index's unstaffedQuantity and
 *   unstaffedDiscards), beside the staffed production the OEE factors are computed from, which has no planned time to
 *   charge it to. So, per line and range, the units of its orders plus those made with no order equal the units of
 *   its shifts, staffed and not.
 * - With a work calendar (`schedule`, modules/calendar line-calendars.ts) only scheduled time is planned: the staffed
 *   time is the staffed part of the range inside the schedule (time outside it is not staffed, unstaffedMs), its
 *   breaks are discounted time (planned, as a discountOEE stop, with nobody recording them), and stops count only
 *   inside the schedule's working time (scheduled, not on a break): a stop running into unscheduled time is clipped
 *   there, and one that starts outside it is a failure from the first working instant it reaches (so it counts once,
 *   in the range that instant is in). What the line made outside the schedule — its units and discards by the minute
 *   they were made, and its run time (known time outside the schedule without stops) — is unscheduled production
 *   (`unscheduledUnits`, `unscheduledDiscards`, `unscheduledRunMs`), beside the factors and never dropped. A calendar
 *   that schedules every instant without breaks (the default one) is no schedule: the figures are those without one.
 */

const NO_ORDER = null;

/** Everything the computation reads for one line and range. Loaders may give more than the range needs. */
export interface LineRangeData {
  line: LineSettings;
  /** The first instant the line is known from (indexes.repository firstDataOfLines); null: never seen. */
  firstDataMs: number | null;
  orders: readonly OrderSpan[];
  stops: readonly StopSpan[];
  production: readonly ProductionMinute[];
  /** On a line read by hand: its latest stop of all (null: none yet), how far it is known. Unused on other lines. */
  latestStop: { endMs: number | null } | null;
  /** The work calendar the line follows, in the plant's zone; absent or null: every instant is scheduled. */
  schedule?: LineSchedule | null;
}

/** A line's work calendar in the plant's zone (null from lineSchedule when it schedules every instant without breaks). */
export interface LineSchedule {
  calendar: WorkCalendar;
  timeZone: string;
}

export interface RangeScope {
  fromMs: number;
  toMs: number;
  /** Only this order's part of the range (an order index). */
  order?: string;
}

export interface RangeInputs {
  inputs: IndicatorInputs;
  /** Time of the range (up to now) that was not staffed: no order running on a line with the order manager. */
  unstaffedMs: number;
  /** Units and discards made in the range outside staffed time (not in `inputs`; 0 for an order's scope). */
  unstaffedUnits: number;
  unstaffedDiscards: number;
  /** With a loss classification (lineRangeInputs' `lossKindOf`): inputs.stopMs by loss kind, the adjustment taken out. */
  countedStopMs?: CountedStopMs;
  /** Made outside the work calendar's schedule (not in `inputs`, nor in the unstaffed figures); 0 without a schedule. */
  unscheduledUnits: number;
  unscheduledDiscards: number;
  /** Known time of the range outside the schedule that was not a stop: the line ran there. */
  unscheduledRunMs: number;
}

/** The loss kind of a stop whose time counts (not discounted); see domain/losses.ts. */
export type CountedLossKindOf = (stop: StopSpan) => CountedLossKind;

/**
 * The not-discounted stop time of a part by loss kind, clipped exactly as stopTimeTotals clips it, with the part's
 * share of its order's adjustment taken out in proportion (so it sums to the part's stopMs − its adjustment).
 */
function countedStopMsOf(
  stops: readonly StopSpan[],
  parts: readonly Interval[],
  nowMs: number,
  adjustedMs: number,
  kindOf: CountedLossKindOf,
): CountedStopMs {
  const byKind = noCountedStopMs();
  for (const part of parts) {
    for (const stop of stops) {
      if (stop.discountOEE) continue;
      const clippedMs = clippedDurationMs(stop, part.startMs, part.endMs, nowMs);
      if (clippedMs !== null) byKind[kindOf(stop)] += clippedMs;
    }
  }
  return withoutShare(byKind, adjustedMs);
}

/**
 * A line's schedule as lineRangeInputs reads it (see the rules above). Without one, the working time of a range is the
 * range itself and every stop counts as it is.
 */
class RangePlan {
  constructor(private readonly schedule: LineSchedule | null) {}

  get active(): boolean {
    return this.schedule !== null;
  }

  /** The parts of [fromMs, toMs) in which stops count: its working time. */
  working(fromMs: number, toMs: number): Interval[] {
    if (!(toMs > fromMs)) return [];
    if (!this.schedule) return [{ startMs: fromMs, endMs: toMs }];
    return workingIntervals(this.schedule.calendar, fromMs, toMs, this.schedule.timeZone);
  }

  scheduled(fromMs: number, toMs: number): Interval[] {
    if (!(toMs > fromMs)) return [];
    if (!this.schedule) return [{ startMs: fromMs, endMs: toMs }];
    return scheduledIntervals(this.schedule.calendar, fromMs, toMs, this.schedule.timeZone);
  }

  breaks(fromMs: number, toMs: number): Interval[] {
    if (!this.schedule || !(toMs > fromMs)) return [];
    return breakIntervals(this.schedule.calendar, fromMs, toMs, this.schedule.timeZone);
  }

  /**
   * The stops as they count inside the schedule: a stop that starts outside the working time starts (as a failure) at
   * the first working instant it reaches, its event's length kept for the microstop rule; one with no working time is
   * left out. Its later parts outside working time are clipped away by the parts it is totalled over.
   */
  countedStops(stops: readonly StopSpan[], nowMs: number, working: readonly Interval[] = []): readonly StopSpan[] {
    if (!this.schedule) return stops;
    const counted: StopSpan[] = [];
    for (const stop of stops) {
      // Starting inside known working time (`working`, sorted): it counts from its start, no need to look further.
      const inside = working[lowerBound(working, stop.startMs + 1, (interval) => interval.endMs)];
      if (inside && inside.startMs <= stop.startMs) {
        counted.push(stop);
        continue;
      }
      const endMs = effectiveEndMs(stop, nowMs);
      if (!(endMs > stop.startMs)) {
        // A zero-length stop counts where it is, if that instant is working time.
        if (this.working(stop.startMs, stop.startMs + 1).length > 0) counted.push(stop);
        continue;
      }
      const first = this.working(stop.startMs, endMs)[0];
      if (!first) continue;
      if (first.startMs === stop.startMs) {
        counted.push(stop);
        continue;
      }
      const event = stop.event ?? { startMs: stop.startMs, endMs: stop.endMs, failureStartMs: stop.startMs };
      counted.push({
        ...stop,
        startMs: first.startMs,
        event: { ...event, failureStartMs: event.failureStartMs === stop.startMs ? first.startMs : event.failureStartMs },
      });
    }
    return counted;
  }

  /** The stop totals of [fromMs, toMs): over its working parts, of the stops as they count. */
  totals(stops: readonly StopSpan[], fromMs: number, toMs: number, nowMs: number, microStopSeconds: number): StopTimeTotals {
    if (!this.schedule) return stopTimeTotals(stops, fromMs, toMs, nowMs, microStopSeconds);
    const parts = this.working(fromMs, toMs);
    const counted = this.countedStops(stops, nowMs, parts);
    const sum: StopTimeTotals = { discountedMs: 0, stopMs: 0, failureMs: 0, failureCount: 0 };
    for (const part of parts) {
      const totals = stopTimeTotals(counted, part.startMs, part.endMs, nowMs, microStopSeconds);
      sum.discountedMs += totals.discountedMs;
      sum.stopMs += totals.stopMs;
      sum.failureMs += totals.failureMs;
      sum.failureCount += totals.failureCount;
    }
    return sum;
  }
}

/** The stops that may share time with [fromMs, toMs) (see stopsAround). */
type StopsAround = (fromMs: number, toMs: number) => readonly StopSpan[];

/**
 * For stops sorted by start: those starting before toMs, from the last start before fromMs on — the only ones that can
 * reach into the range, since a line's stops never overlap (the rule the loaders read by, indexes.repository
 * stopSpansOfLines) — found by binary search, so a range of many orders does not read every stop once per order.
 * Stops given out of order get the whole list: the figures never depend on the shortcut.
 */
function stopsAround(stops: readonly StopSpan[]): StopsAround {
  for (let index = 1; index < stops.length; index += 1) if (stops[index]!.startMs < stops[index - 1]!.startMs) return () => stops;
  const startOf = (stop: StopSpan) => stop.startMs;
  return (fromMs, toMs) => {
    let first = lowerBound(stops, fromMs, startOf);
    // The last start before the range, with every stop sharing that start (a zero-length one may sort after the other).
    if (first > 0) {
      const before = stops[first - 1]!.startMs;
      first -= 1;
      while (first > 0 && stops[first - 1]!.startMs === before) first -= 1;
    }
    return stops.slice(first, lowerBound(stops, toMs, startOf));
  };
}

interface Segment {
  startMs: number;
  endMs: number;
  order: OrderSpan | null;
}

/**
 * The range's production by order; with `scheduled` intervals, what was made in a minute starting outside them goes to
 * `unscheduled` instead. `startupEndOf` answers when an order's start-up window ends (null: the line declares none):
 * the discards of its minutes starting before then are its start-up rejects (`startupDiscards`).
 */
function productionByOrder(
  production: readonly ProductionMinute[],
  fromMs: number,
  toMs: number,
  scheduled: readonly Interval[] | null,
  order: string | undefined,
  startupEndOf: (order: string | null) => number | null,
) {
  const totals = new Map<string | null, { units: number; discards: number; startupDiscards: number }>();
  const unscheduled = { units: 0, discards: 0 };
  const firstMinute = minuteOf(fromMs);
  for (const minute of production) {
    if (minute.minuteStart < firstMinute || minute.minuteStart >= toMs) continue;
    if (scheduled) {
      // A minute started before the range (the range begins inside it) is judged by the range's start.
      const at = Math.max(minute.minuteStart, fromMs);
      const span = scheduled[lowerBound(scheduled, at + 1, (interval) => interval.endMs)];
      if (!span || span.startMs > at) {
        if (order !== undefined && minute.order !== order) continue;
        unscheduled.units += minute.units;
        unscheduled.discards += minute.discards;
        continue;
      }
    }
    let total = totals.get(minute.order);
    if (!total) {
      total = { units: 0, discards: 0, startupDiscards: 0 };
      totals.set(minute.order, total);
    }
    total.units += minute.units;
    total.discards += minute.discards;
    // Declared as start-up rejects by hand, and in the window all the minute's discards.
    const startupEndMs = startupEndOf(minute.order);
    total.startupDiscards += startupEndMs !== null && minute.minuteStart < startupEndMs ? minute.discards : minute.startupDiscards;
  }
  return { totals, unscheduled };
}

/**
 * When each order's start-up window ends on a line that declares one (LineSettings.startupRejectMinutes after the
 * order's start); null for production with no order, an order not in the data, or a line that declares none.
 */
function startupWindows(data: LineRangeData): (order: string | null) => number | null {
  const minutes = data.line.startupRejectMinutes;
  if (minutes === null || !(minutes > 0)) return () => null;
  const starts = new Map(data.orders.map((span) => [span.order, span.startMs]));
  return (order) => {
    const startMs = order === null ? undefined : starts.get(order);
    return startMs === undefined ? null : startMs + minutes * MINUTE_MS;
  };
}

/** The parts of [fromMs, endMs) each order covers, and — on lines staffed without orders — the gaps between them. */
function segmentsOf(data: LineRangeData, scope: RangeScope, rangeEndMs: number, nowMs: number): Segment[] {
  const endMs = Math.min(rangeEndMs, knownUntilMs(data, nowMs));
  const segments: Segment[] = [];
  for (const order of data.orders) {
    if (scope.order !== undefined && order.order !== scope.order) continue;
    const startMs = Math.max(order.startMs, scope.fromMs);
    const orderEndMs = Math.min(order.endMs ?? nowMs, endMs);
    if (orderEndMs > startMs) segments.push({ startMs, endMs: orderEndMs, order });
  }
  segments.sort((a, b) => a.startMs - b.startMs);
  if (scope.order !== undefined || data.line.managesOrders || data.firstDataMs === null) return segments;
  const withGaps: Segment[] = [];
  let cursor = Math.max(scope.fromMs, data.firstDataMs);
  for (const segment of segments) {
    if (segment.startMs > cursor) withGaps.push({ startMs: cursor, endMs: segment.startMs, order: NO_ORDER });
    withGaps.push(segment);
    cursor = Math.max(cursor, segment.endMs);
  }
  if (endMs > cursor) withGaps.push({ startMs: cursor, endMs, order: NO_ORDER });
  return withGaps;
}

/** How far the line is known: now, or on a line read by hand the end of its latest stop (its first data without one). */
function knownUntilMs(data: LineRangeData, nowMs: number): number {
  if (!data.line.readByHand) return nowMs;
  return manualLineKnownUntilMs(data.latestStop, data.firstDataMs, nowMs) ?? Number.NEGATIVE_INFINITY;
}

/** An input with nothing in it yet (no explicit ideal units: they follow from the nominal speed). */
function emptyInput(): IndicatorInputs {
  return { ...sumIndicatorInputs([]), idealUnits: null };
}

/**
 * The range whose stops lineRangeInputs needs for [fromMs, toMs): that range, widened to the whole of every order
 * with an adjustment among `orders` (its share in the range depends on all its stop time). A running order reaches
 * to the end of time: the loader does not know `now`.
 */
function stopRangeOf(orders: readonly OrderSpan[], fromMs: number, toMs: number): { fromMs: number; toMs: number } {
  const range = { fromMs, toMs };
  for (const order of orders) {
    if (order.adjustedDiscountMs === 0) continue;
    range.fromMs = Math.min(range.fromMs, order.startMs);
    range.toMs = Math.max(range.toMs, order.endMs ?? Number.MAX_SAFE_INTEGER);
  }
  return range;
}

/**
 * The share of `order`'s adjustment in a part of it whose not-discounted stop time is `partStopMs`: the effective
 * adjustment (at most the order's stop time) × partStop / the order's stop time. At most partStopMs (stop times are
 * whole ms); the whole effective adjustment when the part is the whole order.
 */
function adjustedShareMs(
  plan: RangePlan,
  order: OrderSpan,
  partStopMs: number,
  nowMs: number,
  microStopSeconds: number,
  around: StopsAround,
): number {
  if (order.adjustedDiscountMs === 0 || partStopMs === 0) return 0;
  const orderEndMs = order.endMs ?? nowMs;
  const orderStopMs = plan.totals(around(order.startMs, orderEndMs), order.startMs, orderEndMs, nowMs, microStopSeconds).stopMs;
  const adjustedMs = effectiveAdjustedMs({ adjustedDiscountMs: order.adjustedDiscountMs, stopMs: orderStopMs });
  return partStopMs >= orderStopMs ? adjustedMs : Math.round((adjustedMs * partStopMs) / orderStopMs);
}

/**
 * The indicator inputs of a line over a range (or of one order's part of it), as of `nowMs`. Pure: reads only
 * `data`, so the same inputs give the same figures whether the data came from range queries or a bulk load.
 * With `lossKindOf` it also splits the counted stop time by loss kind (the waterfall, domain/losses.ts) from the very
 * parts and adjustment shares the inputs are summed from.
 */
export function lineRangeInputs(
  data: LineRangeData,
  scope: RangeScope,
  nowMs: number,
  microStopSeconds: number,
  lossKindOf?: CountedLossKindOf,
): RangeInputs {
  const endMs = Math.min(scope.toMs, nowMs);
  const countedStopMs = lossKindOf ? noCountedStopMs() : undefined;
  if (!(endMs > scope.fromMs))
    return {
      inputs: sumIndicatorInputs([]),
      unstaffedMs: 0,
      unstaffedUnits: 0,
      unstaffedDiscards: 0,
      ...(countedStopMs && { countedStopMs }),
      unscheduledUnits: 0,
      unscheduledDiscards: 0,
      unscheduledRunMs: 0,
    };
  const plan = new RangePlan(data.schedule ?? null);
  const scheduled = plan.active ? plan.scheduled(scope.fromMs, endMs) : null;
  const { totals: production, unscheduled } = productionByOrder(
    data.production,
    scope.fromMs,
    endMs,
    scheduled,
    scope.order,
    startupWindows(data),
  );
  const gap = emptyInput();
  let gapSeen = false;
  const inputs: IndicatorInputs[] = [];
  let staffedMs = 0;
  let unscheduledRunMs = 0;

  const around = stopsAround(data.stops);
  for (const segment of segmentsOf(data, scope, endMs, nowMs)) {
    const stops = around(segment.startMs, segment.endMs);
    let partMs = segment.endMs - segment.startMs;
    let breakMs = 0;
    let parts: Interval[] = [segment];
    if (scheduled) {
      const inSchedule = clipToIntervals(segment, scheduled);
      partMs = totalMs(inSchedule);
      breakMs = totalMs(plan.breaks(segment.startMs, segment.endMs));
      parts = plan.working(segment.startMs, segment.endMs);
      // Outside the schedule the line is known but not planned: what of it was not a stop, it ran there.
      for (const off of complementIntervals(inSchedule, segment.startMs, segment.endMs)) {
        let stoppedMs = 0;
        for (const stop of stops) stoppedMs += clippedDurationMs(stop, off.startMs, off.endMs, nowMs) ?? 0;
        unscheduledRunMs += Math.max(0, off.endMs - off.startMs - stoppedMs);
      }
    }
    staffedMs += partMs;
    const totals = plan.totals(stops, segment.startMs, segment.endMs, nowMs, microStopSeconds);
    const input = segment.order ? emptyInput() : gap;
    input.staffedMs += partMs;
    input.discountMs += totals.discountedMs + breakMs;
    input.stopMs += totals.stopMs;
    input.failureMs += totals.failureMs;
    input.failureCount += totals.failureCount;
    if (segment.order) {
      const made = production.get(segment.order.order);
      production.delete(segment.order.order);
      input.unitsProduced = made?.units ?? 0;
      input.unitsDiscarded = made?.discards ?? 0;
      if (made?.startupDiscards) input.startupDiscards = made.startupDiscards;
      input.nominalUnitsPerMinute = segment.order.nominalUnitsPerMinute;
      input.adjustedDiscountMs = adjustedShareMs(plan, segment.order, totals.stopMs, nowMs, microStopSeconds, around);
      inputs.push(input);
    } else {
      gapSeen = true;
    }
    if (countedStopMs && lossKindOf) {
      const adjustedMs = segment.order ? effectiveAdjustedMs({ adjustedDiscountMs: input.adjustedDiscountMs, stopMs: totals.stopMs }) : 0;
      addCountedStopMs(countedStopMs, countedStopMsOf(plan.countedStops(stops, nowMs, parts), parts, nowMs, adjustedMs, lossKindOf));
    }
  }
  if (gapSeen) {
    const made = production.get(NO_ORDER);
    production.delete(NO_ORDER);
    gap.unitsProduced = made?.units ?? 0;
    gap.unitsDiscarded = made?.discards ?? 0;
    inputs.push(gap);
  }
  // What no staffed part of the range took (an order's scope takes only its own order's production).
  let unstaffedUnits = 0;
  let unstaffedDiscards = 0;
  if (scope.order === undefined) {
    for (const made of production.values()) {
      unstaffedUnits += made.units;
      unstaffedDiscards += made.discards;
    }
  }
  const elapsedMs = endMs - scope.fromMs;
  return {
    inputs: sumIndicatorInputs(inputs),
    unstaffedMs: scope.order === undefined ? Math.max(0, elapsedMs - staffedMs) : 0,
    unstaffedUnits,
    unstaffedDiscards,
    ...(countedStopMs && { countedStopMs }),
    unscheduledUnits: unscheduled.units,
    unscheduledDiscards: unscheduled.discards,
    unscheduledRunMs,
  };
}

/**
 * Reads what lineRangeInputs needs for several lines over one range: one read per table for all of them. With
 * `summedUntilMs` (the scope's end: min(range end, now)) the data serves only the scope [fromMs, toMs) itself (the
 * periodic refresh of the open shift), and the production comes summed by order instead of minute by minute.
 */
export async function loadLinesRangeData(
  db: Database,
  lines: readonly LineSettings[],
  fromMs: number,
  toMs: number,
  options: { summedUntilMs?: number; timeZone?: string } = {},
): Promise<Map<number, LineRangeData>> {
  const lineIDs = lines.map((line) => line.lineID);
  const schedules = await lineSchedules(db, lineIDs, options.timeZone);
  // A line with a schedule needs its production minute by minute (each minute is in the schedule or not), and so does
  // one with a start-up window (each minute is in it or not).
  const summed =
    options.summedUntilMs === undefined
      ? []
      : lines.filter((line) => !schedules.get(line.lineID) && line.startupRejectMinutes === null).map((line) => line.lineID);
  const byMinute = lineIDs.filter((lineID) => !summed.includes(lineID));
  const [orders, stops, production, firstData] = [
    await ordersOverlappingLines(db, lineIDs, fromMs, toMs),
    await stopSpansOfLines(db, lineIDs, fromMs, toMs),
    new Map([
      ...(byMinute.length > 0 ? await productionMinutesOfLines(db, byMinute, fromMs, toMs) : []),
      ...(summed.length > 0 ? await productionTotalsOfLines(db, summed, fromMs, Math.min(toMs, options.summedUntilMs!)) : []),
    ]),
    await firstDataOfLines(db, lineIDs),
  ];
  const latestStops = await latestStopsOfLines(
    db,
    lines.filter((line) => line.readByHand).map((line) => line.lineID),
  );
  // Rare (an adjusted order reaching into the range from outside it): that line's stops are read again, wider.
  for (const lineID of lineIDs) {
    const wider = stopRangeOf(orders.get(lineID)!, fromMs, toMs);
    if (wider.fromMs < fromMs || wider.toMs > toMs)
      stops.set(lineID, (await stopSpansOfLines(db, [lineID], wider.fromMs, wider.toMs)).get(lineID)!);
  }
  return new Map(
    lines.map((line) => [
      line.lineID,
      {
        line,
        firstDataMs: firstData.get(line.lineID) ?? null,
        orders: orders.get(line.lineID)!,
        stops: stops.get(line.lineID)!,
        production: production.get(line.lineID)!,
        latestStop: latestStops.get(line.lineID) ?? null,
        schedule: schedules.get(line.lineID) ?? null,
      },
    ]),
  );
}

/**
 * The schedule of each line in the plant's zone `timeZone`: null for a line whose calendar schedules every instant
 * without breaks, and for every line when no zone is given (the figures then need no calendar).
 */
async function lineSchedules(
  db: Database,
  lineIDs: readonly number[],
  timeZone: string | undefined,
): Promise<Map<number, LineSchedule | null>> {
  const schedules = new Map<number, LineSchedule | null>();
  if (timeZone === undefined) return schedules;
  const calendars = await lineCalendars(db);
  for (const lineID of lineIDs) schedules.set(lineID, lineSchedule(calendars.of(lineID), timeZone));
  return schedules;
}

/** A line's schedule for lineRangeInputs: null when its calendar schedules every instant without breaks. */
export function lineSchedule(calendar: WorkCalendar, timeZone: string): LineSchedule | null {
  return schedulesEverything(calendar) ? null : { calendar, timeZone };
}

/** Reads what lineRangeInputs needs for one line and range (with the line's work calendar when `timeZone` is given). */
export async function loadLineRangeData(
  db: Database,
  line: LineSettings,
  fromMs: number,
  toMs: number,
  timeZone?: string,
): Promise<LineRangeData> {
  return (await loadLinesRangeData(db, [line], fromMs, toMs, timeZone === undefined ? {} : { timeZone })).get(line.lineID)!;
}

/** The first index of `items` whose key is >= `value` (items sorted by key). */
function lowerBound<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (key(items[mid]!) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * A line's whole history held in memory, for rebuilding every index of the line: one read per table instead of a
 * few per index. `slice` hands lineRangeInputs the same candidates loadLineRangeData would read for the range
 * (orders sharing time with it; the last stop before it plus the stops inside, the range widened by stopRangeOf;
 * the minutes inside), so a rebuilt index equals the one the periodic refresh writes.
 */
export class LineHistory {
  private constructor(
    readonly line: LineSettings,
    private readonly firstDataMs: number | null,
    private readonly orders: readonly OrderSpan[],
    private readonly stops: readonly StopSpan[],
    private readonly production: readonly ProductionMinute[],
    private readonly schedule: LineSchedule | null,
  ) {}

  /** With `timeZone`, the slices carry the line's work calendar (as loadLinesRangeData's do). */
  static async load(db: Database, line: LineSettings, timeZone?: string): Promise<LineHistory> {
    const [orders, stops, production, firstSeenMs] = [
      await orderSpansOfLine(db, line.lineID),
      await stopSpansOfLine(db, line.lineID),
      await productionMinutesOfLine(db, line.lineID),
      await firstSeenOfLine(db, line.lineID),
    ];
    // The same first instant firstDataOfLines reads: the earliest order, stop, production minute or report.
    const candidates = [orders[0]?.startMs, stops[0]?.startMs, production[0]?.minuteStart, firstSeenMs ?? undefined].filter(
      (ms): ms is number => ms !== undefined,
    );
    const schedule = (await lineSchedules(db, [line.lineID], timeZone)).get(line.lineID) ?? null;
    return new LineHistory(line, candidates.length ? Math.min(...candidates) : null, orders, stops, production, schedule);
  }

  get orderSpans(): readonly OrderSpan[] {
    return this.orders;
  }

  slice(fromMs: number, toMs: number): LineRangeData {
    const orders = this.orders.filter((order) => order.startMs < toMs && (order.endMs === null || order.endMs > fromMs));
    const stopRange = stopRangeOf(orders, fromMs, toMs);
    const firstStop = lowerBound(this.stops, stopRange.fromMs, (stop) => stop.startMs);
    const endStop = lowerBound(this.stops, stopRange.toMs, (stop) => stop.startMs);
    const firstMinute = lowerBound(this.production, minuteOf(fromMs), (minute) => minute.minuteStart);
    const endMinute = lowerBound(this.production, toMs, (minute) => minute.minuteStart);
    return {
      line: this.line,
      firstDataMs: this.firstDataMs,
      orders,
      stops: this.stops.slice(Math.max(0, firstStop - 1), endStop),
      production: this.production.slice(firstMinute, endMinute),
      latestStop: this.stops.at(-1) ?? null,
      schedule: this.schedule,
    };
  }
}

export interface LineIndicators extends RangeInputs {
  indicators: Indicators;
}

/** A line's indicators over [fromMs, toMs) as of `nowMs`, read from the database. Null for an unknown line. */
export async function lineIndicators(
  db: Database,
  lineID: number,
  scope: RangeScope,
  nowMs: number,
  microStopSeconds: number,
  timeZone?: string,
): Promise<LineIndicators | null> {
  const line = await findLineSettings(db, lineID);
  if (!line) return null;
  const data = await loadLineRangeData(db, line, scope.fromMs, Math.min(scope.toMs, nowMs), timeZone);
  const range = lineRangeInputs(data, scope, nowMs, microStopSeconds);
  return { ...range, indicators: computeIndicators(range.inputs) };
}
