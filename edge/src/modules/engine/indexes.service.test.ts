import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { shiftOf } from '../../domain/calendar';
import { computeIndicators, sumIndicatorInputs } from '../../domain/oee';
import {
  addLine,
  addOrder,
  addProduct,
  at,
  HOUR,
  MINUTE,
  openTestPlant,
  seenSince,
  trailCounts,
  type TestPlant,
} from '../../../../test/support/test-plant';
import { findLineSettings } from './indexes.repository';
import {
  closeDueShifts,
  recalculateAllOrders,
  recalculateAllShiftIndexes,
  refreshIndexesAffectedBy,
  REFRESH_LINES_PER_TRANSACTION,
  refreshOpenIndexes,
  refreshShiftIndex,
  type EngineClock,
} from './indexes.service';
import { lineIndicators, lineRangeInputs, loadLineRangeData } from './line-indicators';

const TZ = 'Europe/Madrid';
let plant: TestPlant;
let db: Database;

beforeEach(async () => {
  plant = await openTestPlant();
  db = plant.db;
});
afterEach(async () => {
  await plant.close();
});

async function stop(lineID: number, startMs: number, endMs: number | null, options: { discountOEE?: boolean; order?: string } = {}) {
  await db
    .insertInto('stops')
    .values({
      lineID,
      startDate: startMs,
      endDate: endMs,
      discountOEE: options.discountOEE ? 1 : 0,
      order: options.order ?? null,
      recognized: options.discountOEE ? 1 : 0,
    })
    .execute();
}

async function produce(lineID: number, minuteStart: number, order: string | null, units: number, discards = 0) {
  await db.insertInto('production_minutes').values({ lineID, minuteStart, order, units, discards }).execute();
}

async function runOrder(order: string, lineID: number, startMs: number, endMs: number | null) {
  await db
    .updateTable('orders')
    .set({ status: endMs === null ? 1 : 2, startDate: startMs, endDate: endMs })
    .where('order', '=', order)
    .execute();
}

const clockAt = (nowMs: number): EngineClock => ({ nowMs, timeZone: TZ });
const shiftRow = (lineID: number, shiftStart: number) =>
  db.selectFrom('shift_indexes').selectAll().where('lineID', '=', lineID).where('shiftStart', '=', shiftStart).executeTakeFirstOrThrow();
const orderRow = (order: string) => db.selectFrom('order_indexes').selectAll().where('order', '=', order).executeTakeFirstOrThrow();

async function refreshRange(lineID: number, fromMs: number, toMs: number, nowMs: number) {
  await db
    .transaction()
    .execute((trx) => refreshIndexesAffectedBy(trx, lineID, fromMs, toMs, clockAt(nowMs), { userID: null, now: nowMs }));
}

describe('order index', () => {
  const start = at('2026-05-04T08:00:00+02:00');
  const end = start + 4 * HOUR;

  beforeEach(async () => {
    await addLine(db, { lineID: 1, managesOrders: true });
    await addProduct(db, 'P1', { 1: 10 }, 0.9);
    await addOrder(db, '100-0', 1, { productCode: 'P1', desiredProductionSpeed: 99 });
    await runOrder('100-0', 1, start, end);
  });

  it('accounts staffed time, discounted and failure stops, microstops, production at the product speed of the line', async () => {
    await stop(1, start + 30 * MINUTE, start + 50 * MINUTE);
    await stop(1, start + 2 * HOUR, start + 2 * HOUR + 30_000);
    await stop(1, start + 3 * HOUR, start + 3 * HOUR + 30 * MINUTE, { discountOEE: true });
    for (let m = 0; m < 180; m += 1) await produce(1, start + m * MINUTE, '100-0', 10, m % 20 === 0 ? 5 : 0);
    await refreshRange(1, start, end, end + HOUR);

    const expected = computeIndicators({
      staffedMs: 4 * HOUR,
      discountMs: 30 * MINUTE,
      adjustedDiscountMs: 0,
      stopMs: 20 * MINUTE + 30_000,
      failureMs: 20 * MINUTE,
      failureCount: 1,
      unitsProduced: 1800,
      unitsDiscarded: 45,
      nominalUnitsPerMinute: 10,
    });
    const row = await orderRow('100-0');
    expect(row).toMatchObject({
      staffedTime: 4 * HOUR,
      discountTime: 30 * MINUTE,
      staffedTimeCorrect: 210 * MINUTE,
      stopTime: 20 * MINUTE + 30_000,
      runtime: 189.5 * MINUTE,
      failureTime: 20 * MINUTE,
      failureCount: 1,
      productionQuantity: 1800,
      discardQuantity: 45,
      nominalSpeed: 10,
      performance: 0.9,
    });
    expect(row.utilization).toBeCloseTo(expected.utilization!, 12);
    expect(row.throughput).toBeCloseTo(1800 / 1895, 12);
    expect(row.acceptance).toBeCloseTo(1755 / 1800, 12);
    expect(row.oee).toBeCloseTo(expected.oee!, 12);
    expect(row.mtbf).toBeCloseTo(189.5, 12);
    expect(row.mttr).toBe(20);
    expect(
      await db.selectFrom('orders').select(['productionQuantity', 'discardQuantity']).where('order', '=', '100-0').executeTakeFirst(),
    ).toEqual({
      productionQuantity: 1800,
      discardQuantity: 45,
    });
  });

  it('uses the order’s desired speed when the product has no speed on the line', async () => {
    await db.deleteFrom('product_speeds').execute();
    await produce(1, start, '100-0', 99);
    await refreshRange(1, start, end, end);
    expect((await orderRow('100-0')).nominalSpeed).toBe(99);
  });

  it('counts a running order and an open stop up to now', async () => {
    await runOrder('100-0', 1, start, null);
    await stop(1, start + HOUR, null);
    const now = start + 90 * MINUTE;
    await refreshRange(1, start, now, now);
    expect(await orderRow('100-0')).toMatchObject({
      staffedTime: 90 * MINUTE,
      stopTime: 30 * MINUTE,
      runtime: 60 * MINUTE,
      failureCount: 1,
    });
  });

  it('keeps a running order’s quantities in its index only, and stores the final ones on the order when it ends', async () => {
    await runOrder('100-0', 1, start, null);
    await produce(1, start, '100-0', 40, 2);
    await refreshRange(1, start, start + HOUR, start + HOUR);
    expect((await orderRow('100-0')).productionQuantity).toBe(40);
    const running = await db.selectFrom('orders').select(['productionQuantity']).where('order', '=', '100-0').executeTakeFirstOrThrow();
    expect(running.productionQuantity).toBe(0);
    await runOrder('100-0', 1, start, end);
    await refreshRange(1, start, end, end);
    const ended = await db
      .selectFrom('orders')
      .select(['productionQuantity', 'discardQuantity'])
      .where('order', '=', '100-0')
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ productionQuantity: 40, discardQuantity: 2 });
  });

  it('gives OEE 0 (not unknown) to a staffed order that produced nothing, and leaves acceptance unknown', async () => {
    await refreshRange(1, start, end, end);
    expect(await orderRow('100-0')).toMatchObject({ productionQuantity: 0, oee: 0, throughput: 0, utilization: 1, acceptance: null });
  });
});

describe('shift index', () => {
  beforeEach(async () => {
    await addLine(db, { lineID: 2 });
    await seenSince(db, 2, at('2026-01-01T00:00:00Z'));
  });

  it('makes the Madrid night shift 7 hours on the spring-forward day and 9 hours on the fall-back day', async () => {
    const spring = shiftOf('TN', '2026-03-28', TZ);
    const autumn = shiftOf('TN', '2026-10-24', TZ);
    await stop(2, spring.startMs + HOUR, spring.startMs + 2 * HOUR);
    await stop(2, autumn.startMs + HOUR, autumn.startMs + 2 * HOUR);
    await refreshRange(2, spring.startMs, spring.endMs, spring.endMs + HOUR);
    await refreshRange(2, autumn.startMs, autumn.endMs, autumn.endMs + HOUR);
    expect(await shiftRow(2, spring.startMs)).toMatchObject({
      shiftEnd: spring.startMs + 7 * HOUR,
      staffedTime: 7 * HOUR,
      runtime: 6 * HOUR,
      closed: 1,
    });
    expect(await shiftRow(2, autumn.startMs)).toMatchObject({
      shiftEnd: autumn.startMs + 9 * HOUR,
      staffedTime: 9 * HOUR,
      runtime: 8 * HOUR,
      closed: 1,
    });
  });

  it('splits a stop crossing shift ends and midnight between the shifts, and counts its failure where it starts', async () => {
    const tt = shiftOf('TT', '2026-05-04', TZ);
    const tn = shiftOf('TN', '2026-05-04', TZ);
    const tm = shiftOf('TM', '2026-05-05', TZ);
    await stop(2, tt.endMs - HOUR, tn.endMs + 30 * MINUTE);
    await refreshRange(2, tt.startMs, tm.endMs, tm.endMs);
    expect(await shiftRow(2, tt.startMs)).toMatchObject({ stopTime: HOUR, failureTime: HOUR, failureCount: 1 });
    expect(await shiftRow(2, tn.startMs)).toMatchObject({ stopTime: 8 * HOUR, failureCount: 0, runtime: 0, utilization: 0, oee: 0 });
    expect(await shiftRow(2, tm.startMs)).toMatchObject({ stopTime: 30 * MINUTE, failureCount: 0 });
  });

  it('keeps the open shift current (closed = 0) up to now, with an open stop counting to now', async () => {
    const tm = shiftOf('TM', '2026-05-04', TZ);
    await stop(2, tm.startMs + HOUR, null);
    const now = tm.startMs + 3 * HOUR;
    await refreshOpenIndexes(db, clockAt(now));
    expect(await shiftRow(2, tm.startMs)).toMatchObject({ closed: 0, staffedTime: 3 * HOUR, stopTime: 2 * HOUR });
  });

  it('refreshes every line seen, across its transactions of several lines, and skips lines never seen', async () => {
    const tm = shiftOf('TM', '2026-05-04', TZ);
    const seen = Array.from({ length: REFRESH_LINES_PER_TRANSACTION + 1 }, (_, i) => 10 + i);
    const neverSeen = 90;
    for (const lineID of [...seen, neverSeen]) await addLine(db, { lineID });
    for (const lineID of seen) await seenSince(db, lineID, tm.startMs + HOUR);
    // Lines of one transaction, each with its own stops (one reaching in from before the shift) and production.
    for (const [k, lineID] of seen.slice(0, 3).entries()) {
      await stop(lineID, tm.startMs - (k + 1) * MINUTE, tm.startMs + (k + 1) * 10 * MINUTE);
      await stop(lineID, tm.startMs + (90 + k) * MINUTE, tm.startMs + (100 + 2 * k) * MINUTE);
      await produce(lineID, tm.startMs + (70 + k) * MINUTE, null, 10 * (k + 1), k);
    }
    const clock = clockAt(tm.startMs + 3 * HOUR);
    const result = await refreshOpenIndexes(db, clock);
    const rows = await db
      .selectFrom('shift_indexes')
      .select(['lineID', 'staffedTime'])
      .where('lineID', '>=', 10)
      .orderBy('lineID')
      .execute();
    // Known from their first stop, before the shift: staffed from its start; the others from when first seen.
    expect(rows).toEqual(seen.map((lineID, k) => ({ lineID, staffedTime: k < 3 ? 3 * HOUR : 2 * HOUR })));
    expect(result.shifts).toBe(seen.length + 1); // and line 2 of every test here
    const withData = await db
      .selectFrom('shift_indexes')
      .select(['lineID', 'productionQuantity', 'stopTime', 'failureCount'])
      .where('lineID', 'in', seen.slice(0, 3))
      .orderBy('lineID')
      .execute();
    expect(withData).toEqual(
      seen
        .slice(0, 3)
        .map((lineID, k) => ({ lineID, productionQuantity: 10 * (k + 1), stopTime: ((k + 1) * 10 + 10 + k) * MINUTE, failureCount: 1 })),
    );
    // Each line refreshed alone finds nothing to change: the reads of several lines at once kept their data apart.
    for (const lineID of seen.slice(0, 4)) {
      const line = (await findLineSettings(db, lineID))!;
      expect(
        await db.transaction().execute((trx) => refreshShiftIndex(trx, line, tm, clock.nowMs, 60, { userID: null, now: clock.nowMs }, TZ)),
      ).toBe(false);
    }
  });

  it('counts the production of the open shift summed by order as minute by minute, and none after now', async () => {
    await addProduct(db, 'P3', { 2: 10 });
    await addOrder(db, '300-0', 2, { productCode: 'P3' });
    const tm = shiftOf('TM', '2026-05-04', TZ);
    const now = tm.startMs + 4 * HOUR + 30 * 1000;
    await runOrder('300-0', 2, tm.startMs + HOUR, tm.startMs + 3 * HOUR);
    for (let m = 0; m < 4 * 60; m += 3) await produce(2, tm.startMs + m * MINUTE, m >= 60 && m < 180 ? '300-0' : null, 7, m % 2);
    await produce(2, tm.startMs + 4 * 60 * MINUTE, null, 5, 1); // the minute in progress at now
    await produce(2, tm.startMs + 5 * 60 * MINUTE, null, 1000, 0); // after now: not counted
    await refreshOpenIndexes(db, clockAt(now));
    expect(await shiftRow(2, tm.startMs)).toMatchObject({ productionQuantity: 80 * 7 + 5, discardQuantity: 40 + 1 });
    const line = (await findLineSettings(db, 2))!;
    expect(await db.transaction().execute((trx) => refreshShiftIndex(trx, line, tm, now, 60, { userID: null, now }, TZ))).toBe(false);
  });

  it('adds the shifts of a plant day up to the day exactly (roll-ups sum inputs)', async () => {
    await addProduct(db, 'P2', { 2: 12 });
    await addOrder(db, '200-0', 2, { productCode: 'P2' });
    const day = shiftOf('TO', '2026-05-04', TZ);
    await runOrder('200-0', 2, day.startMs + 5 * HOUR, day.startMs + 20 * HOUR);
    await stop(2, day.startMs + 7 * HOUR, day.startMs + 9 * HOUR);
    await stop(2, day.startMs + 15 * HOUR + 50 * MINUTE, day.startMs + 16 * HOUR + 10 * MINUTE);
    for (let m = 0; m < 24 * 60; m += 7) await produce(2, day.startMs + m * MINUTE, m >= 300 && m < 1200 ? '200-0' : null, 9, 1);
    const line = (await findLineSettings(db, 2))!;
    const now = day.endMs + HOUR;
    const data = await loadLineRangeData(db, line, day.startMs, day.endMs);
    const whole = lineRangeInputs(data, { fromMs: day.startMs, toMs: day.endMs }, now, 60).inputs;
    const parts = (['TM', 'TT', 'TN'] as const).map((code) => {
      const shift = shiftOf(code, '2026-05-04', TZ);
      return lineRangeInputs(data, { fromMs: shift.startMs, toMs: shift.endMs }, now, 60).inputs;
    });
    const summed = sumIndicatorInputs(parts);
    expect(summed).toEqual(whole);
    expect(summed).toMatchObject({ staffedMs: 24 * HOUR, failureCount: 2 });
  });

  it('on a line without the order manager, staffs the shift only from the moment the line is first known', async () => {
    await addLine(db, { lineID: 5 });
    const tm = shiftOf('TM', '2026-05-04', TZ);
    await stop(5, tm.startMs + 3 * HOUR, tm.startMs + 4 * HOUR);
    await refreshRange(5, tm.startMs, tm.endMs, tm.endMs);
    expect(await shiftRow(5, tm.startMs)).toMatchObject({ staffedTime: 5 * HOUR, discountShift: 3 * HOUR, runtime: 4 * HOUR });
    await seenSince(db, 5, tm.startMs + HOUR);
    await refreshRange(5, tm.startMs, tm.endMs, tm.endMs);
    expect(await shiftRow(5, tm.startMs)).toMatchObject({ staffedTime: 7 * HOUR, discountShift: HOUR });
  });

  it('on a line with the order manager, counts time without an order as discountShift, not as staffed time', async () => {
    await addLine(db, { lineID: 3, managesOrders: true });
    await addOrder(db, '300-0', 3, { desiredProductionSpeed: 5 });
    const tm = shiftOf('TM', '2026-05-04', TZ);
    await runOrder('300-0', 3, tm.startMs + 2 * HOUR, tm.startMs + 5 * HOUR);
    await stop(3, tm.startMs, tm.startMs + HOUR);
    await refreshRange(3, tm.startMs, tm.endMs, tm.endMs);
    expect(await shiftRow(3, tm.startMs)).toMatchObject({ staffedTime: 3 * HOUR, discountShift: 5 * HOUR, stopTime: 0 });
  });

  describe('an order’s adjustment', () => {
    const tm = shiftOf('TM', '2026-05-04', TZ);
    const tt = shiftOf('TT', '2026-05-04', TZ);
    const adjust = (minutes: number) =>
      db
        .updateTable('orders')
        .set({ adjustedDiscountTime: minutes * MINUTE })
        .where('order', '=', '400-0')
        .execute();
    const times = (row: {
      staffedTime: number;
      adjustedDiscountTime: number;
      staffedTimeCorrect: number;
      stopTime: number;
      runtime: number;
    }) => ({
      staffedTime: row.staffedTime / MINUTE,
      adjustedDiscountTime: row.adjustedDiscountTime / MINUTE,
      staffedTimeCorrect: row.staffedTimeCorrect / MINUTE,
      stopTime: row.stopTime / MINUTE,
      runtime: row.runtime / MINUTE,
    });

    // Order 400-0 runs the last 2 h of TM and the first 6 h of TT, stopped 30 min in TM (10 of them across the
    // change of shift) and 10 min in TT; a 15-minute break discounted from OEE in TT.
    beforeEach(async () => {
      await addLine(db, { lineID: 4, managesOrders: true });
      await addOrder(db, '400-0', 4, { desiredProductionSpeed: 5 });
      await runOrder('400-0', 4, tm.endMs - 2 * HOUR, tm.endMs + 6 * HOUR);
      await stop(4, tm.endMs - 90 * MINUTE, tm.endMs - 70 * MINUTE);
      await stop(4, tm.endMs - 10 * MINUTE, tm.endMs);
      await stop(4, tm.endMs, tm.endMs + 5 * MINUTE);
      await stop(4, tm.endMs + 3 * HOUR, tm.endMs + 3 * HOUR + 5 * MINUTE);
      await stop(4, tm.endMs + 4 * HOUR, tm.endMs + 4 * HOUR + 15 * MINUTE, { discountOEE: true });
    });

    it('is shared over its shifts where its stops are, so the shifts add up to the order and the runtime stays', async () => {
      await adjust(20);
      await refreshRange(4, tm.startMs, tt.endMs, tt.endMs + HOUR);
      expect(times(await orderRow('400-0'))).toEqual({
        staffedTime: 480,
        adjustedDiscountTime: 20,
        staffedTimeCorrect: 445,
        stopTime: 40,
        runtime: 425,
      });
      expect(times(await shiftRow(4, tm.startMs))).toEqual({
        staffedTime: 120,
        adjustedDiscountTime: 15,
        staffedTimeCorrect: 105,
        stopTime: 30,
        runtime: 90,
      });
      expect(times(await shiftRow(4, tt.startMs))).toEqual({
        staffedTime: 360,
        adjustedDiscountTime: 5,
        staffedTimeCorrect: 340,
        stopTime: 10,
        runtime: 335,
      });
      expect((await orderRow('400-0')).utilization).toBe(425 / 445);
    });

    it('gives a shift its share from the whole order’s stops when only that shift is refreshed (and the rebuild agrees)', async () => {
      await adjust(20);
      await refreshRange(4, tt.startMs, tt.startMs + HOUR, tt.endMs + HOUR);
      const refreshed = await shiftRow(4, tt.startMs);
      expect(refreshed.adjustedDiscountTime).toBe(5 * MINUTE);
      await recalculateAllShiftIndexes(db, clockAt(tt.endMs + HOUR), null);
      expect(await shiftRow(4, tt.startMs)).toEqual(refreshed);
    });

    it('counts only up to the order’s stop time when the adjustment outgrows it (a stop re-recognized as discounted)', async () => {
      await adjust(40);
      await refreshRange(4, tm.startMs, tt.endMs, tt.endMs + HOUR);
      expect(times(await orderRow('400-0'))).toMatchObject({ adjustedDiscountTime: 40, staffedTimeCorrect: 425, runtime: 425 });
      // The 20-minute failure in TM turns out to be a planned break: 20 min of stop time left for a 40-minute adjustment.
      await db
        .updateTable('stops')
        .set({ discountOEE: 1, recognized: 1 })
        .where('lineID', '=', 4)
        .where('startDate', '=', tm.endMs - 90 * MINUTE)
        .execute();
      await refreshRange(4, tm.startMs, tt.endMs, tt.endMs + HOUR);
      const order = await orderRow('400-0');
      expect(times(order)).toEqual({ staffedTime: 480, adjustedDiscountTime: 20, staffedTimeCorrect: 425, stopTime: 20, runtime: 425 });
      expect(order.utilization).toBe(1);
      expect(times(await shiftRow(4, tm.startMs))).toEqual({
        staffedTime: 120,
        adjustedDiscountTime: 10,
        staffedTimeCorrect: 90,
        stopTime: 10,
        runtime: 90,
      });
      expect(times(await shiftRow(4, tt.startMs))).toEqual({
        staffedTime: 360,
        adjustedDiscountTime: 10,
        staffedTimeCorrect: 335,
        stopTime: 10,
        runtime: 335,
      });
      // The supervisor's figure stays on the order; the indexes hold the part that takes effect.
      expect(
        (await db.selectFrom('orders').select('adjustedDiscountTime').where('order', '=', '400-0').executeTakeFirstOrThrow())
          .adjustedDiscountTime,
      ).toBe(40 * MINUTE);
    });
  });
});

describe('shift close and recalculation', () => {
  const day = '2026-05-04';
  beforeEach(async () => {
    await addLine(db, { lineID: 1 });
    await addLine(db, { lineID: 2, managesOrders: true });
    await addProduct(db, 'P1', { 1: 10, 2: 20 });
    await addOrder(db, '100-0', 1, { productCode: 'P1' });
    await addOrder(db, '200-0', 2, { productCode: 'P1' });
    const tm = shiftOf('TM', day, TZ);
    await runOrder('100-0', 1, tm.startMs + HOUR, tm.startMs + 20 * HOUR);
    await runOrder('200-0', 2, tm.startMs + 2 * HOUR, null);
    for (const lineID of [1, 2]) {
      await stop(lineID, tm.startMs + 3 * HOUR, tm.startMs + 3 * HOUR + 40 * MINUTE);
      await stop(lineID, tm.startMs + 13 * HOUR, tm.startMs + 17 * HOUR);
      for (let m = 0; m < 18 * 60; m += 3) await produce(lineID, tm.startMs + HOUR + m * MINUTE, lineID === 1 ? '100-0' : '200-0', 25, 1);
    }
  });

  it('closes every shift ended since the last closed one, once', async () => {
    const now = shiftOf('TT', '2026-05-05', TZ).startMs + MINUTE;
    expect(await closeDueShifts(db, clockAt(now))).toBe(8);
    const rows = await db.selectFrom('shift_indexes').select(['lineID', 'closed']).execute();
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.closed === 1)).toBe(true);
    const trail = await trailCounts(db);
    expect(await closeDueShifts(db, clockAt(now + HOUR))).toBe(0);
    expect(await trailCounts(db)).toEqual(trail);
  });

  it('rebuilds every index; a second run changes nothing and leaves no outbox or audit rows', async () => {
    const clock = clockAt(shiftOf('TM', '2026-05-05', TZ).startMs + 30 * MINUTE);
    const orders = await recalculateAllOrders(db, clock, 'admin');
    const shifts = await recalculateAllShiftIndexes(db, clock, 'admin');
    expect(orders).toEqual({ count: 2, changed: 2 });
    expect(shifts.count).toBe(8);
    expect(shifts.changed).toBe(8);
    const rowsBefore = {
      orders: await db.selectFrom('order_indexes').selectAll().orderBy('order').execute(),
      shifts: await db.selectFrom('shift_indexes').selectAll().orderBy('lineID').orderBy('shiftStart').execute(),
    };
    const trail = await trailCounts(db);
    expect(await recalculateAllOrders(db, clock, 'admin')).toEqual({ count: 2, changed: 0 });
    expect(await recalculateAllShiftIndexes(db, clock, 'admin')).toEqual({ count: 8, changed: 0 });
    expect(await trailCounts(db)).toEqual(trail);
    expect(await db.selectFrom('order_indexes').selectAll().orderBy('order').execute()).toEqual(rowsBefore.orders);
    expect(await db.selectFrom('shift_indexes').selectAll().orderBy('lineID').orderBy('shiftStart').execute()).toEqual(rowsBefore.shifts);
  });

  it('rebuilds the same values the periodic refresh and the shift close write', async () => {
    const clock = clockAt(shiftOf('TM', '2026-05-05', TZ).startMs + 30 * MINUTE);
    await closeDueShifts(db, clock);
    await refreshOpenIndexes(db, clock);
    await db
      .transaction()
      .execute((trx) =>
        refreshIndexesAffectedBy(trx, 1, shiftOf('TM', day, TZ).startMs, clock.nowMs, clock, { userID: null, now: clock.nowMs }),
      );
    const trail = await trailCounts(db);
    expect((await recalculateAllOrders(db, clock, 'admin')).changed).toBe(0);
    expect((await recalculateAllShiftIndexes(db, clock, 'admin')).changed).toBe(0);
    expect(await trailCounts(db)).toEqual(trail);
  });

  it('answers the same indicators live as the stored shift index', async () => {
    const clock = clockAt(shiftOf('TM', '2026-05-05', TZ).startMs + 30 * MINUTE);
    await recalculateAllShiftIndexes(db, clock, null);
    const tt = shiftOf('TT', day, TZ);
    const live = await lineIndicators(db, 1, { fromMs: tt.startMs, toMs: tt.endMs }, clock.nowMs, 60);
    const stored = await shiftRow(1, tt.startMs);
    expect(live!.indicators.oee).toBe(stored.oee);
    expect(live!.indicators.runtimeMs).toBe(stored.runtime);
  });
});
