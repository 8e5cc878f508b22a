/**
 * Where the time went: the loss kinds of stop reasons and the time waterfall from calendar time to fully productive
 * time (the "six big losses" reading of OEE: oee.com, "Six Big Losses", https://www.oee.com/oee-six-big-losses/;
 * ISO 22400-2's loading, planned busy and actual production times).
 *
 * The waterfall is built from the same summed indicator inputs computeIndicators reads (oee.ts), so its OEE is the
 * indexes' OEE: fully productive time / planned production time = utilization × throughput × acceptance. Every bar is
 * whole milliseconds and the bars add up exactly to the calendar time; speed and quality are the runtime's shares
 * computed from the summed counts (runtime × units / ideal units, runtime × good / ideal), never averages of ratios.
 */
import { computeIndicators, effectiveAdjustedMs, rollUpIndicators, sumIndicatorInputs, type IndicatorInputs } from './oee';
import { REASON } from './stops';

/**
 * The loss a stop's time is: breakdown (failures and other unplanned stops), setup (setups, changeovers and
 * adjustments), smallStop (microstops), planned (excluded from planned production time: discountOEE), notLineLoss
 * (a gap in the line's data, reasons 4 and 9: not known to be the line's loss, kept visible on its own).
 */
export const LOSS_KINDS = ['breakdown', 'setup', 'smallStop', 'planned', 'notLineLoss'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

/**
 * The kinds a reason can be given. planned and notLineLoss are not chosen: they follow the stop's discountOEE and the
 * data-gap reasons, because the indicators already account for that time that way (oee.ts, stops.ts).
 */
export const CONFIGURABLE_LOSS_KINDS = ['breakdown', 'setup', 'smallStop'] as const;
export type ConfigurableLossKind = (typeof CONFIGURABLE_LOSS_KINDS)[number];

/** The kinds of stop time that counts (not discounted): what lies between planned production time and net run. */
export type CountedLossKind = Exclude<LossKind, 'planned'>;
export const COUNTED_LOSS_KINDS = ['breakdown', 'setup', 'smallStop', 'notLineLoss'] as const satisfies readonly CountedLossKind[];

export type CountedStopMs = Record<CountedLossKind, number>;

export function noCountedStopMs(): CountedStopMs {
  return { breakdown: 0, setup: 0, smallStop: 0, notLineLoss: 0 };
}

/** A node of the stop-reason tree as the loss kinds need it. */
export interface LossReasonNode {
  reasonID: number;
  parentID: number | null;
  /** The kind set on this reason; null: inherited from its category. */
  lossKind: ConfigurableLossKind | null;
}

/** What a reason is by default when no reason up its tree says: microstops small stops, end of lot and adjustment setups. */
function defaultKindOf(reasonID: number): ConfigurableLossKind | null {
  if (reasonID === REASON.MICROSTOP) return 'smallStop';
  if (reasonID === REASON.END_OF_LOT || reasonID === REASON.ADJUSTMENT) return 'setup';
  return null;
}

export function isConfigurableLossKind(value: unknown): value is ConfigurableLossKind {
  return (CONFIGURABLE_LOSS_KINDS as readonly unknown[]).includes(value);
}

/**
 * The kind of every reason's counted stop time, inherited down the tree: a reason's own lossKind, else its nearest
 * ancestor's, else the system default of the nearest system reason on the way up (3 microstop → smallStop; 5 end of
 * lot and 6 adjustment stop → setup), else breakdown. A plant's changeover category ('Cambios') is a setup once it is
 * given that kind: nothing guesses it from a name. A missing parent or a cycle ends the walk (breakdown).
 */
export function reasonLossKinds(reasons: Iterable<LossReasonNode>): Map<number, ConfigurableLossKind> {
  const byID = new Map<number, LossReasonNode>();
  for (const reason of reasons) byID.set(reason.reasonID, reason);
  const resolved = new Map<number, ConfigurableLossKind>();
  for (const reasonID of byID.keys()) {
    const chain: number[] = [];
    let kind: ConfigurableLossKind | undefined;
    let id: number | null = reasonID;
    while (id !== null && kind === undefined && chain.length <= byID.size) {
      const known = resolved.get(id);
      if (known !== undefined) {
        kind = known;
        break;
      }
      const node = byID.get(id);
      if (!node) break;
      chain.push(id);
      kind = node.lossKind ?? defaultKindOf(id) ?? undefined;
      id = node.parentID;
    }
    for (const walked of chain) resolved.set(walked, kind ?? 'breakdown');
  }
  return resolved;
}

/** A stop as its loss kind needs it (the indexes' StopSpan carries these). */
export interface ClassifiedStop {
  discountOEE: boolean;
  dataGap: boolean;
  reasonID: number | null;
}

/**
 * The loss kind of a stop: planned when it is discounted, notLineLoss when it is a data gap, else its reason's kind;
 * a stop not recognized yet (no reason) is a breakdown until someone says otherwise.
 */
export function stopLossKind(stop: ClassifiedStop, kinds: ReadonlyMap<number, ConfigurableLossKind>): LossKind {
  if (stop.discountOEE) return 'planned';
  if (stop.dataGap) return 'notLineLoss';
  return (stop.reasonID !== null ? kinds.get(stop.reasonID) : undefined) ?? 'breakdown';
}

/**
 * Takes `amountMs` (whole ms, at most their total) out of the counted stop times in proportion to each, by the largest
 * remainder, so the result stays whole ms and sums to total − amount exactly. How an order's adjustment ('Ajustar'),
 * which moves counted stop time to discounted time, comes out of the kinds of that time.
 */
export function withoutShare(stopMs: Readonly<CountedStopMs>, amountMs: number): CountedStopMs {
  const total = COUNTED_LOSS_KINDS.reduce((sum, kind) => sum + stopMs[kind], 0);
  const result = { ...stopMs };
  if (amountMs <= 0 || total <= 0) return result;
  const amount = Math.min(amountMs, total);
  const shares = COUNTED_LOSS_KINDS.map((kind) => {
    const exact = (amount * stopMs[kind]) / total;
    return { kind, whole: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.whole, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    const extra = left > 0 && stopMs[share.kind] - share.whole > 0 ? 1 : 0;
    left -= extra;
    result[share.kind] -= share.whole + extra;
  }
  return result;
}

export function addCountedStopMs(into: CountedStopMs, add: Readonly<CountedStopMs>): CountedStopMs {
  for (const kind of COUNTED_LOSS_KINDS) into[kind] += add[kind];
  return into;
}

export interface Interval {
  startMs: number;
  endMs: number;
}

/**
 * Loading (scheduled) time of [fromMs, toMs): the part of it inside the scheduled intervals. A calendar that schedules
 * every instant (the default three shifts) passes the whole range; a work calendar passes its scheduled time (its
 * breaks inside it: planned time, counted in the 'planned' bar), and everything else falls to 'notScheduled'.
 */
export function scheduledMsOf(intervals: readonly Interval[], fromMs: number, toMs: number): number {
  let total = 0;
  for (const interval of intervals) total += Math.max(0, Math.min(interval.endMs, toMs) - Math.max(interval.startMs, fromMs));
  return Math.min(total, Math.max(0, toMs - fromMs));
}

/** The whole range as the only scheduled interval: a calendar that schedules every instant (the default one). */
export function wholeRangeSchedule(fromMs: number, toMs: number): Interval[] {
  return [{ startMs: fromMs, endMs: toMs }];
}

/**
 * What a line made outside its work calendar's schedule (line-indicators.ts: a holiday, a weekend not worked): its
 * units, discards and run time (ms). Never in the factors (no planned time to charge it to), and never dropped: the
 * waterfall shows it beside its bars. Its run time lies inside the 'notScheduled' bar.
 */
export interface UnscheduledProduction {
  units: number;
  discards: number;
  runMs: number;
}

export function noUnscheduledProduction(): UnscheduledProduction {
  return { units: 0, discards: 0, runMs: 0 };
}

/** What the waterfall of one line over a range (or one order) is computed from. */
export interface WaterfallPart {
  /** The range's length up to now. */
  calendarMs: number;
  /** Its scheduled part (loading time). */
  loadingMs: number;
  /** Loading time no order staffed (lines with the order manager), or before the line was known. */
  unstaffedMs: number;
  /** The summed indicator inputs of the range: exactly what its index is computed from. */
  inputs: IndicatorInputs;
  /** inputs.stopMs by loss kind, the adjustment taken out (sums to stopMs − effective adjustment). */
  countedStopMs: CountedStopMs;
  /** Made outside the schedule (absent or zeros with a calendar that schedules every instant, the default one). */
  unscheduled?: UnscheduledProduction;
}

export const WATERFALL_BAR_KEYS = [
  'notScheduled',
  'unstaffed',
  'planned',
  'adjusted',
  'breakdown',
  'setup',
  'notLineLoss',
  'smallStop',
  'speed',
  'startupRejects',
  'productionRejects',
  'unrated',
  'fullyProductive',
] as const;
export type WaterfallBarKey = (typeof WATERFALL_BAR_KEYS)[number];

export interface Waterfall {
  calendarMs: number;
  loadingMs: number;
  /** Planned production time (staffed − discounted − adjusted): what utilization and OEE divide by. */
  plannedMs: number;
  oee: number | null;
  /** OEE × loading / calendar. */
  teep: number | null;
  /** Whole ms per bar, in WATERFALL_BAR_KEYS order; they add up to calendarMs exactly. */
  bars: Record<WaterfallBarKey, number>;
  /** The parts' unscheduled production summed: beside the bars (its run time is inside notScheduled). */
  unscheduled: UnscheduledProduction;
}

function runtimeMsOf(inputs: IndicatorInputs): number {
  return Math.max(0, inputs.staffedMs - inputs.discountMs - inputs.stopMs);
}

interface PerformanceSplit {
  speedMs: number;
  startupRejectsMs: number;
  productionRejectsMs: number;
  fullyProductiveMs: number;
}

/**
 * Runtime split into speed loss, the two quality losses (start-up and production rejects) and fully productive time,
 * or null when the ideal units are unknown.
 */
function performanceSplit(inputs: IndicatorInputs): PerformanceSplit | null {
  const runtimeMs = runtimeMsOf(inputs);
  if (runtimeMs === 0) return { speedMs: 0, startupRejectsMs: 0, productionRejectsMs: 0, fullyProductiveMs: 0 };
  const ideal = computeIndicators(inputs).idealUnits;
  if (ideal === null || !(ideal > 0)) return null;
  const goodUnits = Math.max(0, inputs.unitsProduced - inputs.unitsDiscarded);
  // The start-up rejects are the first of the discards: never more than all of them (nor than the units made).
  const startupDiscards = Math.min(Math.max(0, inputs.startupDiscards ?? 0), inputs.unitsProduced - goodUnits);
  // Net run time: the units made, in time at the nominal speed (ideal units / runtime); then those left once the
  // start-up rejects are taken out; then the good ones. Each step rounded from the counts, so the bars stay whole ms
  // and add up exactly (start-up + production rejects = the quality loss, net run − fully productive).
  const netRunMs = Math.round((runtimeMs * inputs.unitsProduced) / ideal);
  const afterStartupMs = Math.round((runtimeMs * (inputs.unitsProduced - startupDiscards)) / ideal);
  const fullyProductiveMs = Math.round((runtimeMs * goodUnits) / ideal);
  return {
    speedMs: runtimeMs - netRunMs,
    startupRejectsMs: netRunMs - afterStartupMs,
    productionRejectsMs: afterStartupMs - fullyProductiveMs,
    fullyProductiveMs,
  };
}

/**
 * The time waterfall of one line's range, or of several (a sector, the plant: their parts summed first, times and
 * counts, then divided):
 *   calendar − notScheduled (outside the work calendar's schedule) = loading − unstaffed = staffed − planned (discountOEE) − adjusted ('Ajustar')
 *   = planned production time − breakdown − setup − notLineLoss − smallStop = runtime
 *   − speed (units short of the nominal speed) − startupRejects − productionRejects (the quality loss: the discards,
 *   the start-up rejects the line declares apart, inputs.startupDiscards, and the rest) = fully productive time.
 * Small stops are counted as stop time by the indicators (utilization), and shown here as the six big losses do,
 * beside the speed loss. A part whose runtime has no nominal speed (no ideal units) cannot be split into speed,
 * quality and productive time: its runtime is 'unrated', and the OEE is that of the parts that have one (as
 * rollUpIndicators reads a roll-up; a single part without one has OEE null). A speed above nominal gives a negative
 * speed bar (the figures stay as the data says, as the indexes flag them). TEEP = OEE × loading / calendar. What was
 * made outside the schedule (unscheduled production) is summed beside the bars, never in them nor in the OEE.
 */
export function computeWaterfall(parts: readonly WaterfallPart[]): Waterfall {
  const bars = Object.fromEntries(WATERFALL_BAR_KEYS.map((key) => [key, 0])) as Record<WaterfallBarKey, number>;
  let calendarMs = 0;
  let loadingMs = 0;
  const unscheduled = noUnscheduledProduction();
  const rated: IndicatorInputs[] = [];
  for (const part of parts) {
    calendarMs += part.calendarMs;
    unscheduled.units += part.unscheduled?.units ?? 0;
    unscheduled.discards += part.unscheduled?.discards ?? 0;
    unscheduled.runMs += part.unscheduled?.runMs ?? 0;
    loadingMs += part.loadingMs;
    bars.notScheduled += part.calendarMs - part.loadingMs;
    bars.unstaffed += part.unstaffedMs;
    bars.planned += part.inputs.discountMs;
    bars.adjusted += effectiveAdjustedMs(part.inputs);
    for (const kind of COUNTED_LOSS_KINDS) bars[kind] += part.countedStopMs[kind];
    if (performanceSplit(part.inputs) === null) bars.unrated += runtimeMsOf(part.inputs);
    else rated.push(part.inputs);
  }
  const split = performanceSplit(sumIndicatorInputs(rated))!;
  bars.speed = split.speedMs;
  bars.startupRejects = split.startupRejectsMs;
  bars.productionRejects = split.productionRejectsMs;
  bars.fullyProductive = split.fullyProductiveMs;
  const allInputs = parts.map((part) => part.inputs);
  const oee =
    parts.length === 1 ? computeIndicators(allInputs[0]!).oee : parts.length === 0 ? null : rollUpIndicators(allInputs).indicators.oee;
  const plannedMs = computeIndicators(sumIndicatorInputs(allInputs)).staffedTimeCorrectMs;
  return {
    calendarMs,
    loadingMs,
    plannedMs,
    oee,
    teep: oee === null || calendarMs === 0 ? null : oee * (loadingMs / calendarMs),
    bars,
    unscheduled,
  };
}
