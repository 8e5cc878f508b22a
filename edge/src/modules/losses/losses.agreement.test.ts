import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlant } from '../../demo/demo-plant';
import { computeWaterfall, WATERFALL_BAR_KEYS, type Waterfall } from '../../domain/losses';
import { scheduledIntervals, totalMs, type WorkCalendar } from '../../domain/work-calendar';
import { savePlantCalendar } from '../calendar/calendar.service';
import { ROLE } from '../../domain/roles';
import {
  listLineSettings,
  type LineSettings,
  recalculateAllOrders,
  recalculateAllShiftIndexes,
  lineRangeInputs,
  loadLineRangeData,
} from '../engine';
import { openTestPlant, type TestPlant } from '../../../../test/support/test-plant';
import { adjustOrder } from '../orders/orders.service';
import { loadLossKindOf } from './loss-kinds';
import { linesWaterfall, orderWaterfall, waterfallPartOf } from './losses.service';

/**
 * The waterfall and the stored indexes agree: for every closed shift of every line of the demo plant's week (made by
 * the engine itself: orders, recognized and unrecognized stops, microstops, discounted breaks, changeovers counted as
 * setups, data gaps) and for every order, the waterfall's OEE is the stored index's OEE to the last digit, its planned
 * production time the index's, and its bars add up to the calendar time exactly.
 */

const TZ = 'Europe/Madrid';
const NOW = Date.parse('2026-05-06T10:17:42+02:00');
const clock = { nowMs: NOW, timeZone: TZ };

let plant: TestPlant;
let lines: LineSettings[];

/** The demo line given a start-up window, and its length. */
const STARTUP_LINE = 1;
const STARTUP_MINUTES = 30;

const sumOfBars = (waterfall: Waterfall) => WATERFALL_BAR_KEYS.reduce((sum, key) => sum + waterfall.bars[key], 0);

beforeAll(async () => {
  plant = await openTestPlant();
  await seedDemoPlant(plant.db, clock);
  // An adjusted order, so an adjustment's share is part of what must agree.
  const order = await plant.db
    .selectFrom('order_indexes')
    .select('order')
    .where('stopTime', '>', 10 * 60_000)
    .orderBy('order')
    .executeTakeFirstOrThrow();
  await adjustOrder(
    plant.db,
    { order: order.order, minutes: 10 },
    { userID: 'supervisor', roleID: ROLE.SUPERVISOR, firstName: 'S', lastName: 'S' },
    clock,
  );
  // Gaps in the data (reason 4) in a few pauses between stops of line 1, then every index rebuilt with them.
  const stops = await plant.db
    .selectFrom('stops')
    .select(['startDate', 'endDate'])
    .where('lineID', '=', 1)
    .where('endDate', 'is not', null)
    .orderBy('startDate')
    .execute();
  let added = 0;
  for (let index = 1; index < stops.length && added < 5; index += 7) {
    const pauseStart = stops[index - 1]!.endDate!;
    if (stops[index]!.startDate - pauseStart < 20 * 60_000) continue;
    await plant.db
      .insertInto('stops')
      .values({
        lineID: 1,
        startDate: pauseStart + 5 * 60_000,
        endDate: pauseStart + 12 * 60_000,
        reasonID: 4,
        reason: 'OPC desconectado',
        recognized: 1,
      })
      .execute();
    added += 1;
  }
  expect(added).toBeGreaterThan(0);
  // Line 1 declares a start-up window (issue 29): the discards of each of its orders' first 30 minutes are start-up
  // rejects; the other lines declare none (all their discards production rejects).
  await plant.db.updateTable('lines').set({ startupRejectMinutes: STARTUP_MINUTES }).where('lineID', '=', STARTUP_LINE).execute();
  await recalculateAllShiftIndexes(plant.db, clock, null);
  await recalculateAllOrders(plant.db, clock, null);
  lines = await listLineSettings(plant.db);
}, 180_000);
afterAll(async () => {
  await plant?.close();
});

describe('the waterfall agrees with the stored indexes', () => {
  it('gives every closed shift of the demo week the stored shift index’s OEE and planned time, its bars adding up to the shift', async () => {
    const shifts = await plant.db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('closed', '=', 1)
      .orderBy('lineID')
      .orderBy('shiftStart')
      .execute();
    expect(shifts.length).toBeGreaterThan(50);
    const kinds = { setup: 0, smallStop: 0, breakdown: 0, planned: 0, notLineLoss: 0, adjusted: 0 };
    // The start-up rejects counted, and the waterfall bar they make (a figure of lost time, not a duration).
    const startup = { discards: 0, lossMs: 0 };
    const kindOf = await loadLossKindOf(plant.db);
    for (const shift of shifts) {
      const line = lines.find((candidate) => candidate.lineID === shift.lineID)!;
      const waterfall = await linesWaterfall(plant.db, [line], shift.shiftStart, shift.shiftEnd, NOW);
      const label = `line ${shift.lineID} shift ${new Date(shift.shiftStart).toISOString()}`;
      expect(waterfall.oee, label).toBe(shift.oee);
      expect(waterfall.plannedMs, label).toBe(shift.staffedTimeCorrect);
      expect(waterfall.calendarMs, label).toBe(shift.shiftEnd - shift.shiftStart);
      expect(sumOfBars(waterfall), label).toBe(waterfall.calendarMs);
      expect(waterfall.bars.planned, label).toBe(shift.discountTime);
      expect(waterfall.bars.adjusted, label).toBe(shift.adjustedDiscountTime);
      expect(waterfall.bars.unstaffed, label).toBe(shift.discountShift);
      const availability = waterfall.bars.breakdown + waterfall.bars.setup + waterfall.bars.smallStop + waterfall.bars.notLineLoss;
      expect(availability, label).toBe(shift.stopTime - shift.adjustedDiscountTime);
      for (const key of Object.keys(kinds) as Array<keyof typeof kinds>) kinds[key] += waterfall.bars[key];
      // The stored start-up rejects: a part of the discards, only on the line that declares a window.
      expect(shift.startupDiscards, label).toBeLessThanOrEqual(shift.discardQuantity);
      if (shift.lineID !== STARTUP_LINE) expect(waterfall.bars.startupRejects, label).toBe(0);
      else {
        startup.discards += shift.startupDiscards;
        startup.lossMs += waterfall.bars.startupRejects;
        // The waterfall from the stored index (the closed shift's sums) equals the one computed from the minutes.
        const data = await loadLineRangeData(plant.db, line, shift.shiftStart, shift.shiftEnd);
        const full = computeWaterfall([waterfallPartOf(data, { fromMs: shift.shiftStart, toMs: shift.shiftEnd }, NOW, 60, kindOf)]);
        for (const key of ['speed', 'startupRejects', 'productionRejects', 'fullyProductive'] as const)
          expect(waterfall.bars[key], `${label} ${key}`).toBe(full.bars[key]);
      }
    }
    // The week has every kind of loss, so each was split out and still agreed.
    for (const [key, ms] of Object.entries(kinds)) expect(ms, key).toBeGreaterThan(0);
    // Line 1's orders started in the week and discarded in their first half hour: start-up rejects, apart.
    expect(startup.discards).toBeGreaterThan(0);
    expect(startup.lossMs).toBeGreaterThan(0);
  }, 120_000);

  it('counts as start-up rejects exactly the discards of the minutes within the window after each order’s start', async () => {
    const orders = await plant.db
      .selectFrom('orders')
      .select(['order', 'startDate'])
      .where('lineID', '=', STARTUP_LINE)
      .where('startDate', 'is not', null)
      .execute();
    expect(orders.length).toBeGreaterThan(1);
    let counted = 0;
    for (const order of orders) {
      const minutes = await plant.db
        .selectFrom('production_minutes')
        .select(['minuteStart', 'discards'])
        .where('order', '=', order.order)
        .execute();
      const index = await plant.db
        .selectFrom('order_indexes')
        .select(['discardQuantity', 'startupDiscards', 'unscheduledDiscards'])
        .where('order', '=', order.order)
        .executeTakeFirstOrThrow();
      const expected = minutes
        .filter((minute) => minute.minuteStart < order.startDate! + STARTUP_MINUTES * 60_000)
        .reduce((sum, minute) => sum + minute.discards, 0);
      expect(index.startupDiscards, order.order).toBe(expected);
      counted += expected;
      const found = await orderWaterfall(plant.db, order.order, NOW);
      expect(found!.waterfall.bars.startupRejects > 0, order.order).toBe(expected > 0);
      expect(sumOfBars(found!.waterfall), order.order).toBe(found!.waterfall.calendarMs);
    }
    expect(counted).toBeGreaterThan(0);
    // The shifts' start-up rejects add up to the orders' (every minute of an order is in one shift).
    const shifts = await plant.db
      .selectFrom('shift_indexes')
      .select((eb) => eb.fn.sum<number>('startupDiscards').as('total'))
      .where('lineID', '=', STARTUP_LINE)
      .executeTakeFirstOrThrow();
    expect(Number(shifts.total)).toBe(counted);
  }, 120_000);

  it('computes a range the same from stops in time order (found by binary search) as from stops in any order (all read)', async () => {
    const kindOf = await loadLossKindOf(plant.db);
    const weekStart = NOW - 8 * 86_400_000;
    for (const line of lines) {
      const data = await loadLineRangeData(plant.db, line, weekStart, NOW);
      const shuffled = { ...data, stops: [...data.stops].reverse() };
      for (let fromMs = weekStart; fromMs < NOW; fromMs += 5 * 3_600_000) {
        const scope = { fromMs, toMs: fromMs + 7 * 3_600_000 };
        expect(lineRangeInputs(data, scope, NOW, 60, kindOf), `line ${line.lineID} ${fromMs}`).toEqual(
          lineRangeInputs(shuffled, scope, NOW, 60, kindOf),
        );
      }
    }
  });

  it('gives every order the stored order index’s OEE, and a day of the plant the roll-up of its lines', async () => {
    const indexes = await plant.db.selectFrom('order_indexes').select(['order', 'oee', 'staffedTimeCorrect']).execute();
    expect(indexes.length).toBeGreaterThan(10);
    for (const index of indexes) {
      const found = await orderWaterfall(plant.db, index.order, NOW);
      expect(found, index.order).toBeDefined();
      expect(found!.waterfall.oee, index.order).toBe(index.oee);
      expect(found!.waterfall.plannedMs, index.order).toBe(index.staffedTimeCorrect);
      expect(sumOfBars(found!.waterfall), index.order).toBe(found!.waterfall.calendarMs);
    }
    const day = Date.parse('2026-05-04T06:00:00+02:00');
    const plantDay = await linesWaterfall(plant.db, lines, day, day + 86_400_000, NOW);
    expect(plantDay.calendarMs).toBe(lines.length * 86_400_000);
    expect(sumOfBars(plantDay)).toBe(plantDay.calendarMs);
  }, 120_000);
});

/**
 * The same with the plant on a work calendar (issue 29): two 12-hour shifts from 07:00, Monday to Friday, a 30-minute
 * break at 12:00 in the day shift, Friday 1 May a holiday; the demo's lines run every day, so the holiday and the
 * weekend are unscheduled production. Every index is recalculated on it, then the waterfall (given the plant's zone)
 * agrees with each stored shift, and a week summed from the closed shifts equals the week computed from the stops.
 */
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
  exceptions: [{ date: '2026-05-01', kind: 'holiday' }],
};

describe('the waterfall agrees with the stored indexes on a work calendar', () => {
  beforeAll(async () => {
    await savePlantCalendar(plant.db, CALENDAR, { userID: null, now: NOW });
    await recalculateAllShiftIndexes(plant.db, clock, null);
    await recalculateAllOrders(plant.db, clock, null);
  }, 180_000);

  it('gives every closed calendar shift its index’s OEE and planned time, loading from the schedule and the unscheduled production', async () => {
    const shifts = await plant.db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('closed', '=', 1)
      .orderBy('lineID')
      .orderBy('shiftStart')
      .execute();
    expect(shifts.length).toBeGreaterThan(20);
    const seen = { notScheduled: 0, unscheduledUnits: 0, breakShifts: 0 };
    for (const shift of shifts) {
      const line = lines.find((candidate) => candidate.lineID === shift.lineID)!;
      const waterfall = await linesWaterfall(plant.db, [line], shift.shiftStart, shift.shiftEnd, NOW, TZ);
      const label = `line ${shift.lineID} shift ${shift.shiftCode} ${new Date(shift.shiftStart).toISOString()}`;
      expect(['D', 'N'], label).toContain(shift.shiftCode);
      expect(waterfall.oee, label).toBe(shift.oee);
      expect(waterfall.plannedMs, label).toBe(shift.staffedTimeCorrect);
      expect(waterfall.calendarMs, label).toBe(shift.shiftEnd - shift.shiftStart);
      expect(waterfall.loadingMs, label).toBe(totalMs(scheduledIntervals(CALENDAR, shift.shiftStart, shift.shiftEnd, TZ)));
      expect(sumOfBars(waterfall), label).toBe(waterfall.calendarMs);
      expect(waterfall.bars.planned, label).toBe(shift.discountTime);
      expect(waterfall.bars.adjusted, label).toBe(shift.adjustedDiscountTime);
      // What the shift did not staff is the time outside its schedule plus the scheduled time no one staffed.
      expect(waterfall.bars.notScheduled + waterfall.bars.unstaffed, label).toBe(shift.discountShift);
      expect(waterfall.unscheduled, label).toEqual({
        units: shift.unscheduledQuantity,
        discards: shift.unscheduledDiscards,
        runMs: shift.unscheduledRuntime,
      });
      expect(waterfall.unscheduled.runMs, label).toBeLessThanOrEqual(waterfall.bars.notScheduled);
      seen.notScheduled += waterfall.bars.notScheduled;
      seen.unscheduledUnits += waterfall.unscheduled.units;
      if (shift.shiftCode === 'D' && waterfall.loadingMs > 0 && shift.discountTime >= 30 * 60_000) seen.breakShifts += 1;
    }
    // The weekend and the holiday were not scheduled, the lines made units on them, and the day shifts had their break.
    for (const [key, value] of Object.entries(seen)) expect(value, key).toBeGreaterThan(0);
  }, 120_000);

  it('sums a week from the closed shifts to the minutes computed from the stops, its bars adding up to calendar time', async () => {
    const fromMs = Date.parse('2026-04-29T07:00:00+02:00');
    let unscheduledUnits = 0;
    for (const line of lines) {
      const label = `line ${line.lineID}`;
      const fast = await linesWaterfall(plant.db, [line], fromMs, NOW, NOW, TZ);
      const data = await loadLineRangeData(plant.db, line, fromMs, NOW, TZ);
      const full = computeWaterfall([waterfallPartOf(data, { fromMs, toMs: NOW }, NOW, 60, await loadLossKindOf(plant.db))]);
      expect(sumOfBars(fast), label).toBe(fast.calendarMs);
      for (const key of ['calendarMs', 'loadingMs', 'plannedMs', 'unscheduled'] as const)
        expect(fast[key], `${label} ${key}`).toEqual(full[key]);
      for (const key of ['notScheduled', 'unstaffed', 'planned'] as const) expect(fast.bars[key], `${label} ${key}`).toBe(full.bars[key]);
      // The stop time and the run time are exact; how an adjustment is shared out among them may differ by 1 ms a shift.
      const stopped = (w: Waterfall) => w.bars.adjusted + w.bars.breakdown + w.bars.setup + w.bars.notLineLoss + w.bars.smallStop;
      expect(stopped(fast), label).toBe(stopped(full));
      expect(fast.loadingMs, label).toBe(totalMs(scheduledIntervals(CALENDAR, fromMs, NOW, TZ)));
      unscheduledUnits += fast.unscheduled.units;
    }
    expect(unscheduledUnits).toBeGreaterThan(0);
  }, 120_000);
});
