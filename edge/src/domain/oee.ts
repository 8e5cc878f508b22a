import { MINUTE_MS } from './time';
/**
 * The one indicators function: every screen, report, shift index, order index and roll-up calls computeIndicators.
 *
 * Definitions follow the published OEE calculation (oee.com, "OEE Calculation",
 * https://www.oee.com/calculating-oee/), with the product's names:
 *   utilization ≙ Availability = Run Time / Planned Production Time
 *   throughput  ≙ Performance  = (Ideal Cycle Time × Total Count) / Run Time = Total Count / ideal units
 *   acceptance  ≙ Quality      = Good Count / Total Count
 *   oee         = Availability × Performance × Quality
 * Planned production time is the staffed time minus the time discounted from OEE (staffedTimeCorrect); run time is
 * that minus the stop time that is not discounted. MTBF and MTTR follow the reliability definitions (IEC 60050-192:
 * mean operating time between failures, mean time to restoration): runtime / failures and failure time / failures,
 * where a failure is a stop not discounted from OEE and not a microstop (stops.ts, stopTimeTotals).
 *
 * A supervisor's adjustment ('Ajustar' on an order) says "these stop minutes should not count against this order":
 * it moves stop time that counts (stopMs) to discounted time, so it comes out of the planned time and the stop time
 * alike and the runtime does not change. It can only move stop time there is: the effective adjustment is capped at
 * stopMs (the API refuses a larger one, but a stop re-recognized later with a discounting reason can shrink stopMs
 * below an adjustment already made; the figures then stay sane instead of going negative). MTBF and MTTR do not
 * change with an adjustment: the failures happened and took the time they took, whoever they are charged to.
 *
 * Invariants: ratios are 0..1 except throughput, which may exceed 1 (running above nominal speed is shown, not
 * hidden); a division by zero yields null, never NaN or Infinity; oee is null when the planned time or the nominal speed
 * is unknown or zero, and 0 for a staffed period that produced nothing.
 * Roll-ups sum times and counts and then divide — they never average percentages.
 */

export interface IndicatorInputs {
  staffedMs: number;
  /** Time discounted from OEE (stops whose reason discounts, such as planned breaks). */
  discountMs: number;
  /** Stop time a supervisor discounted ('Ajustar'); only the part up to stopMs takes effect (effectiveAdjustedMs). */
  adjustedDiscountMs: number;
  /** Stop time NOT discounted from OEE (it reduces runtime), before any adjustment. */
  stopMs: number;
  /** The part of stopMs that is failures. */
  failureMs: number;
  failureCount: number;
  unitsProduced: number;
  unitsDiscarded: number;
  /**
   * The part of unitsDiscarded that is start-up rejects: discards made in the start-up window the line declares
   * (line-indicators.ts, the line's startupRejectMinutes after its order started). Absent: 0, every discard is a
   * production reject. Only the waterfall's quality bars read it (domain/losses.ts); acceptance counts every discard.
   */
  startupDiscards?: number;
  /** Nominal speed of the product on the line; null when unknown. */
  nominalUnitsPerMinute: number | null;
  /**
   * Units the line would make at nominal speed over the runtime. When present it is used instead of
   * nominalUnitsPerMinute × runtime minutes: a roll-up of orders with different nominal speeds carries
   * Σ nominal_i × runtime_i here, so its throughput is Σ units / Σ ideal_i exactly.
   */
  idealUnits?: number | null;
}

export interface Indicators {
  /** Planned production time: staffed − discount − effective adjustment, floored at 0. */
  staffedTimeCorrectMs: number;
  /** staffed − discount − stop time, floored at 0 (an adjustment does not change it). */
  runtimeMs: number;
  /** Production at nominal speed over the runtime; null when the nominal speed is unknown. */
  idealUnits: number | null;
  /** Produced minus discarded, floored at 0. */
  goodUnits: number;
  /** Actual speed: units per runtime minute. */
  unitsPerRuntimeMinute: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
  mtbfMinutes: number | null;
  mttrMinutes: number | null;
}

/** numerator / denominator, or null when the denominator is 0 or the result is not finite. */
function ratio(numerator: number, denominator: number): number | null {
  if (denominator === 0) return null;
  const value = numerator / denominator;
  return Number.isFinite(value) ? value : null;
}

/** The adjustment that takes effect: adjustedDiscount capped at the stop time it moves, min(adjusted, stop), ≥ 0. */
export function effectiveAdjustedMs(input: Pick<IndicatorInputs, 'adjustedDiscountMs' | 'stopMs'>): number {
  return Math.max(0, Math.min(input.adjustedDiscountMs, input.stopMs));
}

function staffedTimeCorrectMsOf(input: IndicatorInputs): number {
  return Math.max(0, input.staffedMs - input.discountMs - effectiveAdjustedMs(input));
}

/**
 * max(0, staffedTimeCorrect − (stop − effective adjustment)), which is max(0, staffed − discount − stop): when
 * staffed − discount < effective adjustment ≤ stop both are 0. Computed in the second form, which the SQL twin
 * (oee.indicators) repeats operation for operation.
 */
function runtimeMsOf(input: IndicatorInputs): number {
  return Math.max(0, input.staffedMs - input.discountMs - input.stopMs);
}

/** Ideal production of one input: the explicit idealUnits, else nominal × runtime (0 with no runtime). */
function idealUnitsOf(input: IndicatorInputs, runtimeMs: number): number | null {
  if (input.idealUnits != null) return input.idealUnits;
  if (runtimeMs === 0) return 0;
  if (input.nominalUnitsPerMinute == null) return null;
  return input.nominalUnitsPerMinute * (runtimeMs / MINUTE_MS);
}

/**
 * Computes the indicators from times (ms) and counts:
 * - adjusted = min(adjustedDiscount, stop), ≥ 0 (the effective adjustment); counted stop = stop − adjusted
 * - staffedTimeCorrect = max(0, staffed − discount − adjusted)
 * - runtime = max(0, staffedTimeCorrect − counted stop) = max(0, staffed − discount − stop)
 * - utilization = runtime / staffedTimeCorrect
 * - throughput = units / idealUnits, idealUnits = nominal units per minute × runtime minutes (or given)
 * - acceptance = (units − discards) / units
 * - oee = utilization × throughput × acceptance, computed as utilization × good units / idealUnits — the same
 *   product whenever units > 0, and also defined (0) for a staffed period that produced nothing, where
 *   acceptance alone is 0/0. A plant expects a staffed line that made nothing to show OEE 0 %, not '-'.
 * - mtbf = runtime minutes / failures; mttr = failure minutes / failures
 */
export function computeIndicators(input: IndicatorInputs): Indicators {
  const staffedTimeCorrectMs = staffedTimeCorrectMsOf(input);
  const runtimeMs = runtimeMsOf(input);
  const runtimeMinutes = runtimeMs / MINUTE_MS;
  const idealUnits = idealUnitsOf(input, runtimeMs);
  const goodUnits = Math.max(0, input.unitsProduced - input.unitsDiscarded);
  const utilization = ratio(runtimeMs, staffedTimeCorrectMs);
  const throughput = idealUnits === null ? null : ratio(input.unitsProduced, idealUnits);
  const acceptance = ratio(goodUnits, input.unitsProduced);
  const oee = utilization === null ? null : utilization === 0 ? 0 : idealUnits === null ? null : ratio(utilization * goodUnits, idealUnits);
  return {
    staffedTimeCorrectMs,
    runtimeMs,
    idealUnits,
    goodUnits,
    unitsPerRuntimeMinute: ratio(input.unitsProduced, runtimeMinutes),
    utilization,
    throughput,
    acceptance,
    oee,
    mtbfMinutes: ratio(runtimeMinutes, input.failureCount),
    mttrMinutes: ratio(input.failureMs / MINUTE_MS, input.failureCount),
  };
}

/** Nothing staffed, nothing produced: the starting point of a roll-up. */
export const NO_INDICATOR_INPUTS: Readonly<IndicatorInputs> = Object.freeze({
  staffedMs: 0,
  discountMs: 0,
  adjustedDiscountMs: 0,
  stopMs: 0,
  failureMs: 0,
  failureCount: 0,
  unitsProduced: 0,
  unitsDiscarded: 0,
  nominalUnitsPerMinute: null,
});

/**
 * Sums the inputs of several orders or shifts into one, for roll-ups (a shift from its orders, a day from its
 * shifts, a line from its days). Times and counts add up. The nominal speed cannot be added, so the sum carries
 * idealUnits = Σ ideal_i, each ideal_i from its own input (explicit, or nominal_i × runtime_i); throughput of the
 * sum is then Σ units / Σ ideal_i. It is null (unknown) when an input with runtime has no nominal speed.
 * nominalUnitsPerMinute of the sum is the runtime-weighted nominal speed Σ ideal_i / Σ runtime_i, for display.
 * The adjustment of the sum is Σ effective adjustment_i: an order's adjustment moves only its own stop time, never
 * another order's, so the roll-up's planned time is Σ staffedTimeCorrect_i whenever no part is floored at 0.
 */
export function sumIndicatorInputs(inputs: readonly IndicatorInputs[]): IndicatorInputs {
  const sum: IndicatorInputs = { ...NO_INDICATOR_INPUTS, idealUnits: 0 };
  let idealUnits: number | null = 0;
  let runtimeMs = 0;
  for (const input of inputs) {
    sum.staffedMs += input.staffedMs;
    sum.discountMs += input.discountMs;
    sum.adjustedDiscountMs += effectiveAdjustedMs(input);
    sum.stopMs += input.stopMs;
    sum.failureMs += input.failureMs;
    sum.failureCount += input.failureCount;
    sum.unitsProduced += input.unitsProduced;
    sum.unitsDiscarded += input.unitsDiscarded;
    if (input.startupDiscards) sum.startupDiscards = (sum.startupDiscards ?? 0) + input.startupDiscards;
    const itemRuntimeMs = runtimeMsOf(input);
    const itemIdealUnits = idealUnitsOf(input, itemRuntimeMs);
    runtimeMs += itemRuntimeMs;
    idealUnits = idealUnits === null || itemIdealUnits === null ? null : idealUnits + itemIdealUnits;
  }
  sum.idealUnits = idealUnits;
  sum.nominalUnitsPerMinute = idealUnits === null ? null : ratio(idealUnits, runtimeMs / MINUTE_MS);
  return sum;
}

/**
 * The period ran faster than the nominal speed its throughput is measured against: throughput above 1, which is
 * what lifts an OEE above 100 %. The figure is kept as it is (it is what the data says), but a plant reading it
 * should check the product's speed on the line: a nominal speed set below what the line really runs.
 */
export function aboveNominalSpeed(indicators: Pick<Indicators, 'throughput'>): boolean {
  return indicators.throughput !== null && indicators.throughput > 1;
}

/** A roll-up's indicators and how many of its parts its OEE and throughput cover. */
export interface RollUpIndicators {
  indicators: Indicators;
  /** Parts whose ideal units are known (a nominal speed wherever they ran): the OEE and throughput are theirs. */
  coveredParts: number;
  parts: number;
}

/**
 * The indicators of a roll-up of several lines (a sector, a plant) that stays defined when one line is not: OEE and
 * throughput need a nominal speed, so they are those of the sum of the parts whose ideal units are known (each part
 * as sumIndicatorInputs takes it: explicit, or nominal × runtime, 0 without runtime), and the roll-up says how many
 * of how many parts that is. Utilization, acceptance, MTBF and MTTR need no speed: they are those of the sum of all
 * parts. Both sums add times and counts, then divide, as sumIndicatorInputs does; with every part covered the result
 * is computeIndicators(sumIndicatorInputs(parts)) exactly. A line without a nominal speed never blanks its plant.
 */
export function rollUpIndicators(parts: readonly IndicatorInputs[]): RollUpIndicators {
  const covered = parts.filter((part) => idealUnitsOf(part, runtimeMsOf(part)) !== null);
  const all = computeIndicators(sumIndicatorInputs(parts));
  const ofCovered = covered.length === parts.length ? all : computeIndicators(sumIndicatorInputs(covered));
  return {
    indicators: { ...all, idealUnits: ofCovered.idealUnits, throughput: ofCovered.throughput, oee: ofCovered.oee },
    coveredParts: covered.length,
    parts: parts.length,
  };
}
