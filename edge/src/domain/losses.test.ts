import { describe, expect, it } from 'vitest';
import {
  computeWaterfall,
  noCountedStopMs,
  reasonLossKinds,
  scheduledMsOf,
  stopLossKind,
  WATERFALL_BAR_KEYS,
  withoutShare,
  type CountedStopMs,
  type LossReasonNode,
  type Waterfall,
  type WaterfallPart,
} from './losses';
import { computeIndicators, NO_INDICATOR_INPUTS, rollUpIndicators, type IndicatorInputs } from './oee';
import { MINUTE_MS } from './time';

const min = (minutes: number) => minutes * MINUTE_MS;
const sumOfBars = (waterfall: Waterfall) => WATERFALL_BAR_KEYS.reduce((sum, key) => sum + waterfall.bars[key], 0);

/** The seeded skeleton (seed.ts) and a plant's own tree under 7 planned and 8 unplanned. */
const TREE: LossReasonNode[] = [
  { reasonID: 1, parentID: null, lossKind: null },
  { reasonID: 2, parentID: 1, lossKind: null },
  { reasonID: 3, parentID: 2, lossKind: null },
  { reasonID: 4, parentID: 2, lossKind: null },
  { reasonID: 5, parentID: 2, lossKind: null },
  { reasonID: 6, parentID: 2, lossKind: null },
  { reasonID: 7, parentID: 1, lossKind: null },
  { reasonID: 8, parentID: 1, lossKind: null },
  { reasonID: 9, parentID: 2, lossKind: null },
  // 'Cambios' under unplanned, set as setups: its reasons inherit it, one of them overrides it.
  { reasonID: 20, parentID: 8, lossKind: 'setup' },
  { reasonID: 21, parentID: 20, lossKind: null },
  { reasonID: 22, parentID: 20, lossKind: 'breakdown' },
  { reasonID: 23, parentID: 21, lossKind: null },
  // 'Mecánica' under unplanned: nothing set.
  { reasonID: 30, parentID: 8, lossKind: null },
  { reasonID: 31, parentID: 30, lossKind: null },
];

function part(inputs: Partial<IndicatorInputs>, extra: Partial<Omit<WaterfallPart, 'inputs'>> = {}): WaterfallPart {
  const full = { ...NO_INDICATOR_INPUTS, ...inputs };
  const counted: CountedStopMs = extra.countedStopMs ?? {
    ...noCountedStopMs(),
    breakdown: full.stopMs - Math.min(full.adjustedDiscountMs, full.stopMs),
  };
  const calendarMs = extra.calendarMs ?? full.staffedMs + (extra.unstaffedMs ?? 0);
  return {
    calendarMs,
    loadingMs: extra.loadingMs ?? calendarMs,
    unstaffedMs: extra.unstaffedMs ?? 0,
    inputs: full,
    countedStopMs: counted,
  };
}

describe('reasonLossKinds', () => {
  const kinds = reasonLossKinds(TREE);

  it('gives microstops small stops, end of lot and adjustment stops setups, and everything else breakdowns by default', () => {
    expect(kinds.get(3)).toBe('smallStop');
    expect(kinds.get(5)).toBe('setup');
    expect(kinds.get(6)).toBe('setup');
    expect(kinds.get(30)).toBe('breakdown');
    expect(kinds.get(31)).toBe('breakdown');
    expect(kinds.get(8)).toBe('breakdown');
  });

  it('inherits a category’s kind down the tree, at any depth, unless a reason sets its own', () => {
    expect(kinds.get(21)).toBe('setup');
    expect(kinds.get(23)).toBe('setup');
    expect(kinds.get(22)).toBe('breakdown');
  });

  it('lets a plant override a system reason (end of lot counted as a breakdown) and its default', () => {
    const changed = reasonLossKinds(TREE.map((node) => (node.reasonID === 5 ? { ...node, lossKind: 'breakdown' as const } : node)));
    expect(changed.get(5)).toBe('breakdown');
    expect(changed.get(6)).toBe('setup');
  });

  it('ends on a missing parent or a cycle without looping (breakdown)', () => {
    const broken = reasonLossKinds([
      { reasonID: 40, parentID: 99, lossKind: null },
      { reasonID: 41, parentID: 42, lossKind: null },
      { reasonID: 42, parentID: 41, lossKind: null },
    ]);
    expect(broken.get(40)).toBe('breakdown');
    expect(broken.get(41)).toBe('breakdown');
  });
});

describe('stopLossKind', () => {
  const kinds = reasonLossKinds(TREE);

  it('makes a discounted stop planned and a data gap (4, 9) not a loss of the line, whatever its reason', () => {
    expect(stopLossKind({ discountOEE: true, dataGap: false, reasonID: 21 }, kinds)).toBe('planned');
    expect(stopLossKind({ discountOEE: false, dataGap: true, reasonID: 4 }, kinds)).toBe('notLineLoss');
    expect(stopLossKind({ discountOEE: false, dataGap: true, reasonID: 9 }, kinds)).toBe('notLineLoss');
  });

  it('gives a recognized stop its reason’s kind and an unrecognized one breakdown', () => {
    expect(stopLossKind({ discountOEE: false, dataGap: false, reasonID: 23 }, kinds)).toBe('setup');
    expect(stopLossKind({ discountOEE: false, dataGap: false, reasonID: 3 }, kinds)).toBe('smallStop');
    expect(stopLossKind({ discountOEE: false, dataGap: false, reasonID: null }, kinds)).toBe('breakdown');
    expect(stopLossKind({ discountOEE: false, dataGap: false, reasonID: 777 }, kinds)).toBe('breakdown');
  });
});

describe('withoutShare', () => {
  it('takes an adjustment out of the kinds in proportion, in whole ms, summing exactly', () => {
    const stops = { breakdown: 7, setup: 5, smallStop: 1, notLineLoss: 0 };
    const left = withoutShare(stops, 6);
    expect(left.breakdown + left.setup + left.smallStop + left.notLineLoss).toBe(7);
    for (const value of Object.values(left)) expect(Number.isInteger(value) && value >= 0).toBe(true);
    expect(withoutShare(stops, 13)).toEqual(noCountedStopMs());
    expect(withoutShare(stops, 0)).toEqual(stops);
  });
});

describe('scheduledMsOf', () => {
  it('counts the part of the range inside the scheduled intervals (today: the whole range)', () => {
    expect(scheduledMsOf([{ startMs: 0, endMs: 100 }], 0, 100)).toBe(100);
    expect(
      scheduledMsOf(
        [
          { startMs: 10, endMs: 20 },
          { startMs: 50, endMs: 200 },
        ],
        0,
        100,
      ),
    ).toBe(60);
  });
});

describe('computeWaterfall', () => {
  /** oee.com's worked example: 480 min, 60 min breaks, 47 min down, 1 s ideal cycle, 19,271 made, 423 rejected. */
  const textbook = part(
    { staffedMs: min(480), discountMs: min(60), stopMs: min(47), unitsProduced: 19_271, unitsDiscarded: 423, nominalUnitsPerMinute: 60 },
    { countedStopMs: { breakdown: min(30), setup: min(10), smallStop: min(5), notLineLoss: min(2) } },
  );

  it('splits the textbook shift into its losses, adding up to calendar time, with the indicators’ OEE', () => {
    const waterfall = computeWaterfall([textbook]);
    expect(sumOfBars(waterfall)).toBe(min(480));
    expect(waterfall.calendarMs).toBe(min(480));
    expect(waterfall.plannedMs).toBe(min(420));
    expect(waterfall.bars.planned).toBe(min(60));
    expect(waterfall.bars.breakdown).toBe(min(30));
    expect(waterfall.bars.setup).toBe(min(10));
    expect(waterfall.bars.smallStop).toBe(min(5));
    expect(waterfall.bars.notLineLoss).toBe(min(2));
    // Runtime 373 min: 19,271 units at 60/min are 321.18 min (speed loss 51.82), 18,848 good ones 314.13 min.
    expect(waterfall.bars.speed).toBe(min(373) - Math.round((19_271 / 60) * MINUTE_MS));
    expect(waterfall.bars.fullyProductive).toBe(Math.round((18_848 / 60) * MINUTE_MS));
    // No start-up window declared: every discard is a production reject.
    expect(waterfall.bars.startupRejects).toBe(0);
    expect(waterfall.bars.productionRejects).toBe(Math.round((19_271 / 60) * MINUTE_MS) - Math.round((18_848 / 60) * MINUTE_MS));
    expect(waterfall.oee).toBe(computeIndicators(textbook.inputs).oee);
    expect(waterfall.bars.fullyProductive / waterfall.plannedMs).toBeCloseTo(waterfall.oee!, 9);
    expect(waterfall.teep).toBe(waterfall.oee);
  });

  it('splits the quality loss into start-up and production rejects, from the counts, adding up to the same quality loss', () => {
    const withStartup = part({ ...textbook.inputs, startupDiscards: 100 }, { countedStopMs: textbook.countedStopMs });
    const split = computeWaterfall([withStartup]);
    const whole = computeWaterfall([textbook]);
    expect(sumOfBars(split)).toBe(min(480));
    // 100 of the 423 discards are start-up rejects: 19,271 − 100 = 19,171 units left after them at 60/min.
    expect(split.bars.startupRejects).toBe(Math.round((19_271 / 60) * MINUTE_MS) - Math.round((19_171 / 60) * MINUTE_MS));
    expect(split.bars.productionRejects).toBe(Math.round((19_171 / 60) * MINUTE_MS) - Math.round((18_848 / 60) * MINUTE_MS));
    expect(split.bars.startupRejects + split.bars.productionRejects).toBe(whole.bars.productionRejects);
    for (const key of ['speed', 'fullyProductive', 'breakdown', 'planned'] as const) expect(split.bars[key]).toBe(whole.bars[key]);
    expect(split.oee).toBe(whole.oee);
    // Never more start-up rejects than discards: all of them at most.
    const all = computeWaterfall([part({ ...textbook.inputs, startupDiscards: 1_000 }, { countedStopMs: textbook.countedStopMs })]);
    expect(all.bars.productionRejects).toBe(0);
    expect(all.bars.startupRejects).toBe(whole.bars.productionRejects);
    // Summed parts split by their summed counts, as every roll-up here.
    const both = computeWaterfall([withStartup, textbook]);
    expect(sumOfBars(both)).toBe(min(960));
    expect(both.bars.startupRejects).toBe(Math.round((38_542 / 60) * MINUTE_MS) - Math.round((38_442 / 60) * MINUTE_MS));
  });

  it('shows unscheduled and unstaffed time and makes TEEP = OEE × loading / calendar', () => {
    const waterfall = computeWaterfall([
      part(
        { staffedMs: min(300), stopMs: min(30), unitsProduced: 2_000, nominalUnitsPerMinute: 10 },
        { calendarMs: min(480), loadingMs: min(420), unstaffedMs: min(120) },
      ),
    ]);
    expect(waterfall.bars.notScheduled).toBe(min(60));
    expect(waterfall.bars.unstaffed).toBe(min(120));
    expect(sumOfBars(waterfall)).toBe(min(480));
    expect(waterfall.teep).toBeCloseTo(waterfall.oee! * (420 / 480), 12);
  });

  it('takes an adjustment out of planned production time as its own bar, the availability losses net of it', () => {
    const adjusted = part(
      { staffedMs: min(480), stopMs: min(60), adjustedDiscountMs: min(20), unitsProduced: 4_000, nominalUnitsPerMinute: 10 },
      { countedStopMs: withoutShare({ breakdown: min(40), setup: min(20), smallStop: 0, notLineLoss: 0 }, min(20)) },
    );
    const waterfall = computeWaterfall([adjusted]);
    expect(waterfall.bars.adjusted).toBe(min(20));
    expect(waterfall.bars.breakdown + waterfall.bars.setup).toBe(min(40));
    expect(waterfall.plannedMs).toBe(min(460));
    expect(sumOfBars(waterfall)).toBe(min(480));
    expect(waterfall.oee).toBe(computeIndicators(adjusted.inputs).oee);
  });

  it('shows a speed above nominal as a negative speed bar, still adding up', () => {
    const waterfall = computeWaterfall([part({ staffedMs: min(60), unitsProduced: 720, nominalUnitsPerMinute: 10 })]);
    expect(waterfall.bars.speed).toBe(-min(12));
    expect(sumOfBars(waterfall)).toBe(min(60));
    expect(waterfall.oee).toBeCloseTo(1.2, 12);
  });

  it('keeps the runtime of a part without a nominal speed as unrated, and the roll-up’s OEE that of the covered parts', () => {
    const covered = part({ staffedMs: min(480), stopMs: min(80), unitsProduced: 3_000, unitsDiscarded: 30, nominalUnitsPerMinute: 10 });
    const unknown = part({ staffedMs: min(480), stopMs: min(40), unitsProduced: 500 });
    const waterfall = computeWaterfall([covered, unknown]);
    expect(waterfall.bars.unrated).toBe(min(440));
    expect(sumOfBars(waterfall)).toBe(min(960));
    expect(waterfall.oee).toBe(rollUpIndicators([covered.inputs, unknown.inputs]).indicators.oee);
    expect(computeWaterfall([unknown]).oee).toBeNull();
  });

  it('sums a roll-up’s times and counts before dividing (two lines at different nominal speeds)', () => {
    const a = part({ staffedMs: min(480), stopMs: min(48), unitsProduced: 4_000, unitsDiscarded: 40, nominalUnitsPerMinute: 10 });
    const b = part({ staffedMs: min(480), stopMs: min(96), unitsProduced: 30_000, unitsDiscarded: 900, nominalUnitsPerMinute: 100 });
    const waterfall = computeWaterfall([a, b]);
    expect(sumOfBars(waterfall)).toBe(min(960));
    expect(waterfall.oee).toBe(rollUpIndicators([a.inputs, b.inputs]).indicators.oee);
    expect(waterfall.bars.fullyProductive / waterfall.plannedMs).toBeCloseTo(waterfall.oee!, 6);
  });

  it('gives a shift that never ran (all stopped) zero productive time and OEE 0, and an empty roll-up nothing', () => {
    const waterfall = computeWaterfall([part({ staffedMs: min(480), stopMs: min(480), nominalUnitsPerMinute: 10 })]);
    expect(waterfall.bars.breakdown).toBe(min(480));
    expect(waterfall.oee).toBe(0);
    expect(sumOfBars(waterfall)).toBe(min(480));
    const none = computeWaterfall([]);
    expect(none.calendarMs).toBe(0);
    expect(none.oee).toBeNull();
    expect(none.teep).toBeNull();
  });
});
