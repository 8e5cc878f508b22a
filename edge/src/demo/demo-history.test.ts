import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftsOverlapping } from '../domain/calendar';
import { openTestPlant, type TestPlant } from '../../../test/support/test-plant';
import { DEMO_HISTORY_DAYS } from './demo-history';
import { DEMO_LINES, MAINTENANCE_CALL_REASONS, seedDemoPlant } from './demo-plant';

const TZ = 'America/Argentina/Buenos_Aires';
const NOW = Date.parse('2026-05-06T10:17:42-03:00');
const DAY = 86_400_000;

let plant: TestPlant;
beforeAll(async () => {
  plant = await openTestPlant();
  await seedDemoPlant(plant.db, { nowMs: NOW, timeZone: TZ });
}, 120_000);
afterAll(async () => {
  await plant.close();
});

describe('the demo plant starts with a week of history', () => {
  it('runs finished orders back to back on every line over the week, each with its index, before the live order', async () => {
    for (const line of DEMO_LINES) {
      const orders = await plant.db.selectFrom('orders').selectAll().where('lineID', '=', line.lineID).orderBy('startDate').execute();
      const live = orders.at(-1)!;
      expect(live).toMatchObject({ status: 1, startDate: NOW });
      const past = orders.slice(0, -1);
      expect(past.length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS * 2);
      expect(past.every((order) => order.status === 2 && order.endDate !== null && order.endDate <= NOW)).toBe(true);
      expect(past[0]!.startDate).toBeLessThanOrEqual(NOW - DEMO_HISTORY_DAYS * DAY + 60_000);
      for (const [index, order] of past.slice(1).entries()) expect(order.startDate).toBe(past[index]!.endDate);
      const indexes = await plant.db
        .selectFrom('order_indexes')
        .selectAll()
        .where(
          'order',
          'in',
          past.map((order) => order.order),
        )
        .execute();
      expect(indexes).toHaveLength(past.length);
      for (const index of indexes) {
        expect(index.productionQuantity).toBeGreaterThan(0);
        expect(index.oee).toBeGreaterThan(0.3);
        expect(index.oee).toBeLessThan(1);
      }
    }
  });

  it('has stops that never overlap, none of zero length, none charged to a disconnection or to the edge, most recognized', async () => {
    const stops = await plant.db.selectFrom('stops').selectAll().orderBy('lineID').orderBy('startDate').execute();
    expect(stops.length).toBeGreaterThan(DEMO_LINES.length * DEMO_HISTORY_DAYS * 5);
    expect(
      stops.filter((stop) => stop.endDate === null || stop.endDate <= stop.startDate || stop.reasonID === 4 || stop.reasonID === 9),
    ).toEqual([]);
    for (const [index, stop] of stops.slice(1).entries()) {
      const previous = stops[index]!;
      if (previous.lineID === stop.lineID) expect(stop.startDate).toBeGreaterThanOrEqual(previous.endDate!);
    }
    const recognized = stops.filter((stop) => stop.recognized === 1 && stop.reasonID !== 3);
    expect(recognized.length / stops.length).toBeGreaterThan(0.6);
    expect(stops.some((stop) => stop.reasonID === 3)).toBe(true);
    expect(stops.some((stop) => stop.recognized === 0)).toBe(true);
  });

  it('closes every shift of the week with its index, and leaves the engine nothing of the lines but their live order', async () => {
    const due = shiftsOverlapping(NOW - DEMO_HISTORY_DAYS * DAY, NOW, TZ).filter((shift) => shift.endMs <= NOW);
    for (const line of DEMO_LINES) {
      const shifts = await plant.db
        .selectFrom('shift_indexes')
        .select('shiftStart')
        .where('lineID', '=', line.lineID)
        .where('shiftEnd', '<=', NOW)
        .execute();
      expect(shifts.length).toBeGreaterThanOrEqual(due.length - 1);
    }
    const states = await plant.db.selectFrom('line_states').selectAll().execute();
    expect(states.every((state) => state.lastSampleAt === null && state.unitsCounter === null)).toBe(true);
  });

  it('counts changeovers as availability loss: their stops are stop time, not discounted from planned time', async () => {
    const changeovers = await plant.db.selectFrom('stops').select(['discountOEE']).where('path', 'like', '%/ Cambios /%').execute();
    expect(changeovers.length).toBeGreaterThan(0);
    expect(changeovers.filter((stop) => stop.discountOEE !== 0)).toEqual([]);
    const reasons = await plant.db
      .selectFrom('stop_reasons')
      .select(['reason', 'discountOEE'])
      .where('reason', 'in', ['Cambio de formato', 'Cambio de producto', 'Refrigerio'])
      .orderBy('reason')
      .execute();
    // A planned break stays discounted (time the line is not meant to produce).
    expect(reasons).toEqual([
      { reason: 'Cambio de formato', discountOEE: 0 },
      { reason: 'Cambio de producto', discountOEE: 0 },
      { reason: 'Refrigerio', discountOEE: 1 },
    ]);
  });

  it('has finished maintenance calls on every line of the week, each inside its recognized stop, in order call → start → end', async () => {
    const calls = await plant.db
      .selectFrom('maintenance_calls as c')
      .innerJoin('stops as s', 's.stopID', 'c.stopID')
      .select([
        'c.resourceLineID',
        'c.status',
        'c.callReason',
        'c.callDate',
        'c.startDate',
        'c.endDate',
        's.lineID',
        's.startDate as stopStart',
        's.endDate as stopEnd',
        's.recognized',
      ])
      .execute();
    const simulated = DEMO_LINES.map((line) => line.lineID);
    expect(new Set(calls.map((call) => call.resourceLineID))).toEqual(new Set(simulated));
    for (const call of calls) {
      expect(call).toMatchObject({ status: 2, recognized: 1, lineID: call.resourceLineID });
      expect(MAINTENANCE_CALL_REASONS).toContain(call.callReason);
      expect(
        call.stopStart < call.callDate &&
          call.callDate < call.startDate! &&
          call.startDate! < call.endDate! &&
          call.endDate! <= call.stopEnd!,
      ).toBe(true);
    }
  });

  it('has the lots each finished order declared: a little under what the line counted, in the order’s last minute', async () => {
    for (const line of DEMO_LINES) {
      const finished = await plant.db
        .selectFrom('orders')
        .select('order')
        .where('lineID', '=', line.lineID)
        .where('status', '=', 2)
        .execute();
      for (const { order } of finished) {
        const lots = await plant.db.selectFrom('production_lots').selectAll().where('order', '=', order).execute();
        const counted = await plant.db
          .selectFrom('production_minutes')
          .select((eb) => [eb.fn.sum<number>('units').as('units'), eb.fn.max<number>('minuteStart').as('last')])
          .where('order', '=', order)
          .executeTakeFirstOrThrow();
        expect(lots.length).toBeGreaterThanOrEqual(2);
        const declared = lots.reduce((sum, lot) => sum + lot.units, 0);
        expect(declared).toBeLessThanOrEqual(Number(counted.units));
        expect(declared).toBeGreaterThan(Number(counted.units) * 0.97);
        for (const lot of lots)
          expect(lot).toMatchObject({ lineID: line.lineID, booked: 0, minuteStart: counted.last, createdBy: 'supervisor' });
      }
    }
  });

  it('with --shifts 07:00,19:00 is the same history computed by two 12-hour shifts from 07:00, every unit on a shift', async () => {
    const other = await openTestPlant();
    try {
      await seedDemoPlant(other.db, { nowMs: NOW, timeZone: TZ }, { shifts: ['07:00', '19:00'] });
      const stops = (db: TestPlant['db']) => db.selectFrom('stops').select(['lineID', 'startDate', 'endDate']).orderBy('stopID').execute();
      expect(await stops(other.db)).toEqual(await stops(plant.db));
      const shifts = await other.db.selectFrom('shift_indexes').selectAll().where('closed', '=', 1).execute();
      expect(new Set(shifts.map((row) => row.shiftCode))).toEqual(new Set(['T1', 'T2']));
      for (const row of shifts) {
        const start = new Date(row.shiftStart).toLocaleTimeString('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
        expect(start).toBe(row.shiftCode === 'T1' ? '07:00' : '19:00');
        expect(row.shiftEnd - row.shiftStart).toBe(12 * 3_600_000);
      }
      // Every day is worked: nothing is unscheduled, and the shifts' units are the minutes' (as with 06/14/22).
      const shiftUnits = await other.db
        .selectFrom('shift_indexes')
        .select(sql<number>`sum(productionQuantity + unstaffedQuantity)`.as('n'))
        .where('closed', '=', 1)
        .executeTakeFirstOrThrow();
      const minuteUnits = await other.db
        .selectFrom('production_minutes')
        .select(sql<number>`sum(units)`.as('n'))
        .where('minuteStart', '>=', Math.min(...shifts.map((row) => row.shiftStart)))
        .where('minuteStart', '<', Math.max(...shifts.map((row) => row.shiftEnd)))
        .executeTakeFirstOrThrow();
      expect(shifts.every((row) => row.unscheduledQuantity === 0)).toBe(true);
      expect(shiftUnits.n).toBe(minuteUnits.n);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('is the same history on every run', async () => {
    const other = await openTestPlant();
    try {
      await seedDemoPlant(other.db, { nowMs: NOW, timeZone: TZ });
      const summary = (db: TestPlant['db']) =>
        db.selectFrom('stops').select(['lineID', 'startDate', 'endDate', 'reasonID']).orderBy('stopID').execute();
      expect(await summary(other.db)).toEqual(await summary(plant.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});
