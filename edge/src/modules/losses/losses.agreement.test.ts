import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlant } from '../../demo/demo-plant';
import { WATERFALL_BAR_KEYS, type Waterfall } from '../../domain/losses';
import { ROLE } from '../../domain/roles';
import { listLineSettings, type LineSettings } from '../indexes/indexes.repository';
import { recalculateAllOrders, recalculateAllShiftIndexes } from '../indexes/indexes.service';
import { openTestPlant, type TestPlant } from '../../../../test/support/test-plant';
import { adjustOrder } from '../orders/orders.service';
import { lineRangeInputs, loadLineRangeData } from '../indexes/line-indicators';
import { loadLossKindOf } from './loss-kinds';
import { linesWaterfall, orderWaterfall } from './losses.service';

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
    }
    // The week has every kind of loss, so each was split out and still agreed.
    for (const [key, ms] of Object.entries(kinds)) expect(ms, key).toBeGreaterThan(0);
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
