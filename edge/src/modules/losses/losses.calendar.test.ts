import { describe, expect, it } from 'vitest';
import { computeWaterfall, reasonLossKinds, WATERFALL_BAR_KEYS } from '../../domain/losses';
import type { WorkCalendar } from '../../domain/work-calendar';
import type { StopSpan, LineRangeData } from '../engine';
import { countedLossKindOf } from './loss-kinds';
import { waterfallPartOf, waterfallToApi } from './losses.service';

/**
 * The waterfall follows the line's work calendar (issue 29), worked out by hand: two 12-hour shifts from 07:00, Monday
 * to Friday, a 30-minute break at 12:00 in the day shift, Monday 11 May a holiday; the range is Friday 8 May 07:00 to
 * Tuesday 12 May 07:00 (UTC, 96 h = 5,760 min), so only Friday's production day (24 h) is scheduled.
 */

const TZ = 'UTC';
const MIN = 60_000;
const at = (iso: string) => Date.parse(`${iso}Z`);

const CALENDAR: WorkCalendar = {
  versions: [
    {
      effectiveFrom: '2026-01-01',
      pattern: {
        shifts: [
          { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00', end: null },
          { code: 'N', nameEs: 'Noche', nameEn: 'Night', start: '19:00', end: null },
        ],
        breaks: [{ shiftCode: 'D', start: '12:00', minutes: 30 }],
        weekdays: [1, 2, 3, 4, 5],
      },
    },
  ],
  exceptions: [{ date: '2026-05-11', kind: 'holiday' }],
};

const stop = (start: string, end: string, options: { reasonID?: number; discountOEE?: boolean } = {}): StopSpan => ({
  startMs: at(start),
  endMs: at(end),
  discountOEE: options.discountOEE ?? false,
  dataGap: false,
  reasonID: options.reasonID ?? null,
  eventID: null,
});

const DATA: LineRangeData = {
  line: { lineID: 1, sectorID: 1, description: 'L1', managesOrders: false, readByHand: false, startupRejectMinutes: null },
  firstDataMs: at('2026-05-01T00:00:00'),
  // One order runs all of Friday's production day at a nominal 10 units a minute.
  orders: [
    {
      order: 'A-RP',
      lineID: 1,
      status: 2,
      startMs: at('2026-05-08T07:00:00'),
      endMs: at('2026-05-09T07:00:00'),
      adjustedDiscountMs: 0,
      nominalUnitsPerMinute: 10,
      performance: null,
      productionQuantity: 11_000,
      discardQuantity: 500,
    },
  ],
  stops: [
    stop('2026-05-08T08:00:00', '2026-05-08T08:45:00'), // a breakdown, 45 min
    stop('2026-05-08T14:00:00', '2026-05-08T14:20:00', { discountOEE: true }), // planned, 20 min
    stop('2026-05-08T16:00:00', '2026-05-08T16:30:00', { reasonID: 5 }), // end of lot: a setup, 30 min
    // From 06:00 Saturday (the night shift's last scheduled hour) into the weekend: 60 min counted, the rest clipped.
    stop('2026-05-09T06:00:00', '2026-05-11T09:00:00'),
    // Monday is a holiday: the line ran 09:00–11:00 and made 100 units (5 discarded), then stopped until Tuesday.
    stop('2026-05-11T11:00:00', '2026-05-12T07:00:00'),
  ],
  production: [
    { minuteStart: at('2026-05-08T10:00:00'), order: 'A-RP', units: 11_000, discards: 500, startupDiscards: 0 },
    { minuteStart: at('2026-05-11T10:00:00'), order: null, units: 100, discards: 5, startupDiscards: 0 },
  ],
  latestStop: null,
  schedule: { calendar: CALENDAR, timeZone: TZ },
};

describe('the waterfall with a work calendar', () => {
  it('takes loading time from the schedule, counts breaks as planned and shows what was made on the holiday beside its bars', () => {
    const kindOf = countedLossKindOf(reasonLossKinds([{ reasonID: 5, parentID: null, lossKind: null }]));
    const fromMs = at('2026-05-08T07:00:00');
    const toMs = at('2026-05-12T07:00:00');
    const waterfall = computeWaterfall([waterfallPartOf(DATA, { fromMs, toMs }, toMs + 3_600_000, 60, kindOf)]);
    // Friday 07:00 → Saturday 07:00 is scheduled (1,440 min); Saturday, Sunday and the holiday Monday are not (4,320).
    // Planned: the 30-minute break and the 20-minute discounted stop. Stops counted: 45 + 60 (breakdown), 30 (setup).
    // Run time 1,440 − 50 − 135 = 1,255 min; ideal units 12,550; net run 1,255 × 11,000 / 12,550 = 1,100 min (speed
    // loss 155); fully productive 1,255 × 10,500 / 12,550 = 1,050 min (quality loss 50, all production rejects: the line declares no start-up window).
    const minutes = Object.fromEntries(WATERFALL_BAR_KEYS.map((key) => [key, waterfall.bars[key] / MIN]));
    expect(minutes).toEqual({
      notScheduled: 4_320,
      unstaffed: 0,
      planned: 50,
      adjusted: 0,
      breakdown: 105,
      setup: 30,
      notLineLoss: 0,
      smallStop: 0,
      speed: 155,
      startupRejects: 0,
      productionRejects: 50,
      unrated: 0,
      fullyProductive: 1_050,
    });
    expect(WATERFALL_BAR_KEYS.reduce((sum, key) => sum + waterfall.bars[key], 0)).toBe(waterfall.calendarMs);
    expect(waterfall.calendarMs).toBe(5_760 * MIN);
    expect(waterfall.loadingMs).toBe(1_440 * MIN);
    expect(waterfall.plannedMs).toBe(1_390 * MIN);
    expect(waterfall.oee).toBeCloseTo(1_050 / 1_390, 12);
    expect(waterfall.teep).toBeCloseTo((1_050 / 1_390) * (1_440 / 5_760), 12);
    // The holiday's production: its units and discards, and its 2 hours of run time (inside notScheduled).
    expect(waterfall.unscheduled).toEqual({ units: 100, discards: 5, runMs: 120 * MIN });
    expect(waterfallToApi(waterfall, fromMs, toMs, 1, TZ)).toMatchObject({
      calendarMinutes: 5_760,
      loadingMinutes: 1_440,
      plannedMinutes: 1_390,
      unscheduled: { units: 100, discards: 5, runMinutes: 120 },
    });
  });

  it('has no unscheduled time nor production without a schedule: the same data over the whole range is loading time', () => {
    const kindOf = countedLossKindOf(reasonLossKinds([]));
    const fromMs = at('2026-05-08T07:00:00');
    const toMs = at('2026-05-09T07:00:00');
    const waterfall = computeWaterfall([waterfallPartOf({ ...DATA, schedule: null }, { fromMs, toMs }, toMs, 60, kindOf)]);
    expect(waterfall.bars.notScheduled).toBe(0);
    expect(waterfall.loadingMs).toBe(waterfall.calendarMs);
    expect(waterfall.unscheduled).toEqual({ units: 0, discards: 0, runMs: 0 });
    expect(WATERFALL_BAR_KEYS.reduce((sum, key) => sum + waterfall.bars[key], 0)).toBe(waterfall.calendarMs);
  });
});
