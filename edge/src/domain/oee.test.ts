import { describe, expect, it } from 'vitest';
import {
  aboveNominalSpeed,
  computeIndicators,
  effectiveAdjustedMs,
  NO_INDICATOR_INPUTS,
  rollUpIndicators,
  sumIndicatorInputs,
  type IndicatorInputs,
} from './oee';
import { MINUTE_MS } from './time';

/** |ratio − expected %| in percentage points, for "to 0.01 %" comparisons with published rounded figures. */
const pointsOff = (ratio: number | null, expectedPercent: number) => Math.abs((ratio ?? Number.NaN) * 100 - expectedPercent);

function inputs(overrides: Partial<IndicatorInputs>): IndicatorInputs {
  return { ...NO_INDICATOR_INPUTS, ...overrides };
}

/** oee.com "OEE Calculation" worked example: 480 min shift, 60 min breaks, 47 min down, 1.0 s ideal cycle. */
const textbook = inputs({
  staffedMs: 480 * MINUTE_MS,
  discountMs: 60 * MINUTE_MS,
  stopMs: 47 * MINUTE_MS,
  failureMs: 30 * MINUTE_MS,
  failureCount: 3,
  unitsProduced: 19_271,
  unitsDiscarded: 19_271 - 18_848,
  nominalUnitsPerMinute: 60,
});

describe('computeIndicators', () => {
  it('reproduces the oee.com worked example: availability 88.81 %, performance 86.11 %, quality 97.81 %, OEE 74.79 %', () => {
    const result = computeIndicators(textbook);
    expect(result.staffedTimeCorrectMs).toBe(420 * MINUTE_MS);
    expect(result.runtimeMs).toBe(373 * MINUTE_MS);
    expect(result.idealUnits).toBe(22_380);
    expect(result.goodUnits).toBe(18_848);
    expect(pointsOff(result.utilization, 88.81)).toBeLessThanOrEqual(0.01);
    expect(pointsOff(result.throughput, 86.11)).toBeLessThanOrEqual(0.01);
    // 18,848 / 19,271 = 97.805 %; the article rounds it to 97.81 %.
    expect(pointsOff(result.acceptance, 97.81)).toBeLessThanOrEqual(0.01);
    expect(pointsOff(result.oee, 74.79)).toBeLessThanOrEqual(0.01);
  });

  it('gives OEE as good units at nominal speed over planned time (the simple form of the same formula)', () => {
    const result = computeIndicators(textbook);
    expect(result.oee).toBeCloseTo(18_848 / (60 * 420), 12);
  });

  it('computes MTBF as runtime minutes per failure and MTTR as failure minutes per failure', () => {
    const result = computeIndicators(textbook);
    expect(result.mtbfMinutes).toBeCloseTo(373 / 3, 12);
    expect(result.mttrMinutes).toBe(10);
    expect(result.unitsPerRuntimeMinute).toBeCloseTo(19_271 / 373, 12);
  });

  it('gives null, not NaN or Infinity, for MTBF and MTTR when there is no failure', () => {
    const result = computeIndicators({ ...textbook, failureCount: 0, failureMs: 0 });
    expect(result.mtbfMinutes).toBeNull();
    expect(result.mttrMinutes).toBeNull();
  });

  it('on a staffed shift with zero production: acceptance unknown (0/0) but OEE 0, as good production over planned time', () => {
    const result = computeIndicators(inputs({ staffedMs: 480 * MINUTE_MS, stopMs: 480 * MINUTE_MS, nominalUnitsPerMinute: 60 }));
    expect(result.runtimeMs).toBe(0);
    expect(result.utilization).toBe(0);
    expect(result.throughput).toBeNull();
    expect(result.oee).toBe(0);
    const running = computeIndicators(inputs({ staffedMs: 480 * MINUTE_MS, nominalUnitsPerMinute: 60 }));
    expect(running.utilization).toBe(1);
    expect(running.throughput).toBe(0);
    expect(running.acceptance).toBeNull();
    expect(running.oee).toBe(0);
  });

  it('with zero staffed time gives null ratios and zero times, never NaN', () => {
    const result = computeIndicators(inputs({ nominalUnitsPerMinute: 60 }));
    expect(result).toEqual({
      staffedTimeCorrectMs: 0,
      runtimeMs: 0,
      idealUnits: 0,
      goodUnits: 0,
      unitsPerRuntimeMinute: null,
      utilization: null,
      throughput: null,
      acceptance: null,
      oee: null,
      mtbfMinutes: null,
      mttrMinutes: null,
    });
  });

  it('floors planned time and runtime at 0 when discounts or stops exceed the staffed time', () => {
    const result = computeIndicators(inputs({ staffedMs: 60 * MINUTE_MS, discountMs: 90 * MINUTE_MS, stopMs: 10 * MINUTE_MS }));
    expect(result.staffedTimeCorrectMs).toBe(0);
    expect(result.runtimeMs).toBe(0);
    expect(computeIndicators(inputs({ staffedMs: 60 * MINUTE_MS, stopMs: 90 * MINUTE_MS })).utilization).toBe(0);
  });

  it('does not cap throughput above 1 (a line faster than its nominal speed shows it)', () => {
    const result = computeIndicators({ ...textbook, unitsProduced: 30_000, unitsDiscarded: 0 });
    expect(result.throughput).toBeCloseTo(30_000 / 22_380, 12);
    expect(result.oee).toBeGreaterThan(result.utilization ?? 0);
  });

  it('leaves throughput and OEE unknown when the nominal speed is unknown', () => {
    const result = computeIndicators({ ...textbook, nominalUnitsPerMinute: null });
    expect(result.idealUnits).toBeNull();
    expect(result.throughput).toBeNull();
    expect(result.oee).toBeNull();
    expect(result.utilization).not.toBeNull();
  });

  it('prefers an explicit idealUnits over nominal × runtime', () => {
    expect(computeIndicators({ ...textbook, idealUnits: 19_271 }).throughput).toBe(1);
  });

  it('floors good units at 0 when discards exceed production', () => {
    const result = computeIndicators({ ...textbook, unitsProduced: 10, unitsDiscarded: 12 });
    expect(result.goodUnits).toBe(0);
    expect(result.acceptance).toBe(0);
  });

  it('never returns NaN or Infinity for any mix of zero inputs', () => {
    const zeroable: Array<keyof IndicatorInputs> = [
      'staffedMs',
      'discountMs',
      'stopMs',
      'failureMs',
      'failureCount',
      'unitsProduced',
      'unitsDiscarded',
    ];
    for (let mask = 0; mask < 1 << zeroable.length; mask += 1) {
      const candidate: IndicatorInputs = { ...textbook };
      zeroable.forEach((key, bit) => {
        if (mask & (1 << bit)) (candidate[key] as number) = 0;
      });
      for (const value of Object.values(computeIndicators(candidate))) {
        expect(value === null || Number.isFinite(value)).toBe(true);
      }
    }
  });
});

describe("computeIndicators with a supervisor's adjustment ('Ajustar')", () => {
  // Issue 12 point 5: a 1.6-minute order stopped 1.15 min of it, so 0.45 min of runtime; 0.5 min adjusted.
  const shortOrder = inputs({
    staffedMs: 96_000,
    stopMs: 69_000,
    failureMs: 69_000,
    failureCount: 1,
    unitsProduced: 40,
    unitsDiscarded: 4,
    nominalUnitsPerMinute: 100,
  });
  const adjustedShortOrder = { ...shortOrder, adjustedDiscountMs: 30_000 };

  it('takes the adjusted minutes out of planned time and stop time alike: 0.5 min on 0.45 min of runtime keeps the runtime', () => {
    const before = computeIndicators(shortOrder);
    const after = computeIndicators(adjustedShortOrder);
    expect(before.runtimeMs).toBe(27_000);
    expect(after.runtimeMs).toBe(27_000);
    expect(after.staffedTimeCorrectMs).toBe(66_000);
    expect(after.utilization).toBe(27_000 / 66_000);
    expect(after.oee).toBeGreaterThan(0);
  });

  it('raises utilization and OEE by planned time before / after, and leaves throughput, acceptance, MTBF and MTTR as they were', () => {
    const before = computeIndicators(shortOrder);
    const after = computeIndicators(adjustedShortOrder);
    expect(before.utilization).toBe(27_000 / 96_000);
    expect(after.utilization! / before.utilization!).toBeCloseTo(96_000 / 66_000, 12);
    expect(after.oee! / before.oee!).toBeCloseTo(96_000 / 66_000, 12);
    expect(after.oee).toBeCloseTo((27_000 / 66_000) * (36 / 45), 12);
    for (const unchanged of [
      'idealUnits',
      'goodUnits',
      'unitsPerRuntimeMinute',
      'throughput',
      'acceptance',
      'mtbfMinutes',
      'mttrMinutes',
    ] as const) {
      expect(after[unchanged], unchanged).toBe(before[unchanged]);
    }
  });

  it('on the worked example, 20 adjusted minutes of its 47 stop minutes: planned 400 min, runtime still 373 min', () => {
    const result = computeIndicators({ ...textbook, adjustedDiscountMs: 20 * MINUTE_MS });
    expect(result.staffedTimeCorrectMs).toBe(400 * MINUTE_MS);
    expect(result.runtimeMs).toBe(373 * MINUTE_MS);
    expect(result.utilization).toBe(373 / 400);
  });

  it('adjusting all the stop time gives utilization 1', () => {
    const result = computeIndicators({ ...textbook, adjustedDiscountMs: 47 * MINUTE_MS });
    expect(result.staffedTimeCorrectMs).toBe(373 * MINUTE_MS);
    expect(result.utilization).toBe(1);
  });

  it('caps the adjustment at the stop time it moves (a stop re-recognized as discounted after the adjustment)', () => {
    expect(effectiveAdjustedMs({ adjustedDiscountMs: 100 * MINUTE_MS, stopMs: 69_000 })).toBe(69_000);
    expect(effectiveAdjustedMs({ adjustedDiscountMs: 30_000, stopMs: 69_000 })).toBe(30_000);
    const overAdjusted = computeIndicators({ ...shortOrder, adjustedDiscountMs: 100 * MINUTE_MS });
    expect(overAdjusted).toEqual(computeIndicators({ ...shortOrder, adjustedDiscountMs: 69_000 }));
    expect(overAdjusted).toMatchObject({ staffedTimeCorrectMs: 27_000, runtimeMs: 27_000, utilization: 1 });
    // Nothing left to move: no stop time, no effect.
    const noStops = inputs({ staffedMs: 96_000, unitsProduced: 40, nominalUnitsPerMinute: 100 });
    expect(computeIndicators({ ...noStops, adjustedDiscountMs: 30_000 })).toEqual(computeIndicators(noStops));
  });

  it('keeps runtime at staffed − discount − stop, floored at 0, whatever the adjustment', () => {
    const stopped = inputs({ staffedMs: 10 * MINUTE_MS, discountMs: 8 * MINUTE_MS, stopMs: 5 * MINUTE_MS, nominalUnitsPerMinute: 60 });
    for (const adjustedDiscountMs of [0, MINUTE_MS, 5 * MINUTE_MS, 50 * MINUTE_MS]) {
      const result = computeIndicators({ ...stopped, adjustedDiscountMs });
      expect(result.runtimeMs).toBe(0);
      expect(result.staffedTimeCorrectMs).toBe(Math.max(0, 2 * MINUTE_MS - Math.min(adjustedDiscountMs, 5 * MINUTE_MS)));
    }
  });
});

describe('sumIndicatorInputs', () => {
  // Order A: 1 h at a slow nominal speed, half stopped, made all it could. Order B: 7 h at a fast speed, half speed.
  const orderA = inputs({
    staffedMs: 60 * MINUTE_MS,
    stopMs: 30 * MINUTE_MS,
    failureMs: 30 * MINUTE_MS,
    failureCount: 1,
    unitsProduced: 300,
    nominalUnitsPerMinute: 10,
  });
  const orderB = inputs({ staffedMs: 420 * MINUTE_MS, unitsProduced: 21_000, unitsDiscarded: 2_100, nominalUnitsPerMinute: 100 });

  it('rolls up by summing times and counts, so the shift utilization is not the average of the orders', () => {
    const a = computeIndicators(orderA);
    const b = computeIndicators(orderB);
    const shift = computeIndicators(sumIndicatorInputs([orderA, orderB]));
    expect(shift.utilization).toBeCloseTo(450 / 480, 12);
    expect(shift.utilization).not.toBeCloseTo(((a.utilization ?? 0) + (b.utilization ?? 0)) / 2, 3);
  });

  it('rolls up throughput as Σ units / Σ (nominal_i × runtime_i), exact across different nominal speeds', () => {
    const sum = sumIndicatorInputs([orderA, orderB]);
    expect(sum.idealUnits).toBe(10 * 30 + 100 * 420);
    const shift = computeIndicators(sum);
    expect(shift.throughput).toBeCloseTo(21_300 / 42_300, 12);
    expect(shift.throughput).not.toBeCloseTo(
      ((computeIndicators(orderA).throughput ?? 0) + (computeIndicators(orderB).throughput ?? 0)) / 2,
      3,
    );
    expect(sum.nominalUnitsPerMinute).toBeCloseTo(42_300 / 450, 12);
  });

  it('rolls up acceptance, MTBF and MTTR from the summed counts', () => {
    const shift = computeIndicators(sumIndicatorInputs([orderA, orderB]));
    expect(shift.acceptance).toBeCloseTo((21_300 - 2_100) / 21_300, 12);
    expect(shift.mtbfMinutes).toBe(450);
    expect(shift.mttrMinutes).toBe(30);
  });

  it('gives the same result for a roll-up of roll-ups as for the flat roll-up (a day from shifts from orders)', () => {
    const orderC = inputs({
      staffedMs: 480 * MINUTE_MS,
      discountMs: 30 * MINUTE_MS,
      stopMs: 50 * MINUTE_MS,
      unitsProduced: 7_000,
      nominalUnitsPerMinute: 20,
    });
    const nested = computeIndicators(sumIndicatorInputs([sumIndicatorInputs([orderA, orderB]), sumIndicatorInputs([orderC])]));
    const flat = computeIndicators(sumIndicatorInputs([orderA, orderB, orderC]));
    expect(nested).toEqual(flat);
  });

  it('makes the roll-up throughput unknown when an input that ran has no nominal speed, and ignores one that did not run', () => {
    expect(sumIndicatorInputs([orderA, { ...orderB, nominalUnitsPerMinute: null }]).idealUnits).toBeNull();
    const idle = inputs({ staffedMs: 60 * MINUTE_MS, stopMs: 60 * MINUTE_MS });
    expect(sumIndicatorInputs([orderA, idle]).idealUnits).toBe(300);
  });

  it("sums each part's effective adjustment: one order's excess adjustment never moves another order's stop time", () => {
    const adjustedA = { ...orderA, adjustedDiscountMs: 10 * MINUTE_MS };
    const overAdjustedB = { ...orderB, stopMs: 5 * MINUTE_MS, adjustedDiscountMs: 60 * MINUTE_MS };
    const sum = sumIndicatorInputs([adjustedA, overAdjustedB]);
    expect(sum.adjustedDiscountMs).toBe(15 * MINUTE_MS);
    const shift = computeIndicators(sum);
    const parts = [adjustedA, overAdjustedB].map(computeIndicators);
    expect(shift.staffedTimeCorrectMs).toBe(parts[0]!.staffedTimeCorrectMs + parts[1]!.staffedTimeCorrectMs);
    expect(shift.runtimeMs).toBe(parts[0]!.runtimeMs + parts[1]!.runtimeMs);
    expect(shift.utilization).toBe((30 + 415) / (50 + 415));
    expect(computeIndicators(sumIndicatorInputs([sumIndicatorInputs([adjustedA]), sumIndicatorInputs([overAdjustedB])]))).toEqual(shift);
  });

  it('sums nothing into zeros with unknown nominal speed', () => {
    expect(sumIndicatorInputs([])).toEqual({ ...inputs({}), idealUnits: 0 });
  });
});

describe('rollUpIndicators', () => {
  const lineA = inputs({
    staffedMs: 60 * MINUTE_MS,
    stopMs: 30 * MINUTE_MS,
    failureMs: 30 * MINUTE_MS,
    failureCount: 1,
    unitsProduced: 300,
    nominalUnitsPerMinute: 10,
  });
  const lineB = inputs({ staffedMs: 420 * MINUTE_MS, unitsProduced: 21_000, unitsDiscarded: 2_100, nominalUnitsPerMinute: 100 });
  const manualLine = inputs({
    staffedMs: 480 * MINUTE_MS,
    stopMs: 60 * MINUTE_MS,
    failureMs: 60 * MINUTE_MS,
    failureCount: 2,
    unitsProduced: 500,
  });

  it('is computeIndicators of the sum when every line has a nominal speed, covering all of them', () => {
    expect(rollUpIndicators([lineA, lineB])).toEqual({
      indicators: computeIndicators(sumIndicatorInputs([lineA, lineB])),
      coveredParts: 2,
      parts: 2,
    });
  });

  it('is never blank because one line has no nominal speed: OEE and throughput of the lines that have one, the rest of all', () => {
    const rollUp = rollUpIndicators([lineA, manualLine, lineB]);
    const covered = computeIndicators(sumIndicatorInputs([lineA, lineB]));
    const all = computeIndicators(sumIndicatorInputs([lineA, manualLine, lineB]));
    expect(all.oee).toBeNull();
    expect(rollUp).toMatchObject({ coveredParts: 2, parts: 3 });
    expect(rollUp.indicators.oee).toBe(covered.oee);
    expect(rollUp.indicators.throughput).toBe(covered.throughput);
    expect(rollUp.indicators.utilization).toBe(all.utilization);
    expect(rollUp.indicators.mtbfMinutes).toBe(all.mtbfMinutes);
    expect(rollUp.indicators.acceptance).toBe(all.acceptance);
  });

  it('covers nothing, with OEE unknown, when no line that ran has a nominal speed; an empty roll-up covers 0 of 0', () => {
    expect(rollUpIndicators([manualLine])).toMatchObject({ coveredParts: 0, parts: 1, indicators: { oee: null, throughput: null } });
    expect(rollUpIndicators([])).toMatchObject({ coveredParts: 0, parts: 0 });
  });
});

describe('aboveNominalSpeed', () => {
  it('flags a throughput over 100 % (an OEE can exceed 100 % only then), never one at or under it, or unknown', () => {
    const fast = computeIndicators(inputs({ staffedMs: 60 * MINUTE_MS, unitsProduced: 9_000, nominalUnitsPerMinute: 120 }));
    expect(fast.oee).toBeCloseTo(1.25, 12);
    expect(aboveNominalSpeed(fast)).toBe(true);
    expect(aboveNominalSpeed({ throughput: 1 })).toBe(false);
    expect(aboveNominalSpeed({ throughput: null })).toBe(false);
  });
});
