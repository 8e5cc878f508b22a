import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { shiftAt } from '../../domain/calendar';
import { REASON } from '../../domain/stops';
import { recalculateAllOrders, recalculateAllShiftIndexes, refreshOpenIndexes } from './indexes.service';
import { recognizeStops, splitStop } from '../stops/stops.service';
import {
  applyLineEvents,
  ingestSamples,
  recordEdgeRestart,
  type IngestionContext,
  type LineEvent,
  type LineSample,
} from './line-events.service';
import { addLine, addOrder, addProduct, addReason, at, MINUTE, openTestPlant, type TestPlant } from '../../../../test/support/test-plant';

/**
 * Issue 25: every figure exact at the boundaries a plant meets — an order changing in the middle of a minute,
 * production with no order, an order ending during a stop, a split, a restart just after a stop opened, a server
 * frozen while the line kept counting. Each case failed before the fix; after every event the stored indexes equal a
 * full recalculation.
 */

const TZ = 'Europe/Madrid';
const T0 = at('2026-05-04T08:00:00+02:00');
const supervisor = { userID: 'sup', roleID: 2 as const, firstName: 'Ana', lastName: 'Sup' };
let plant: TestPlant;
let db: Database;

const ctx = (nowMs: number, sourceTimes = false): IngestionContext => ({ nowMs, timeZone: TZ, userID: null, sourceTimes });
const sample = (atMs: number, running: boolean | null, units: number | null = null, extra: Partial<LineSample> = {}): LineSample => ({
  lineID: 1,
  atMs,
  running,
  units,
  discards: null,
  ...extra,
});
const tick = (samples: LineSample[], nowMs = Math.max(...samples.map((s) => s.atMs))) => ingestSamples(db, samples, ctx(nowMs));
const events = (list: LineEvent[], nowMs: number) => applyLineEvents(db, list, ctx(nowMs));
const started = (order: string, atMs: number): LineEvent => ({ type: 'orderStarted', lineID: 1, atMs, order });
const finished = (atMs: number): LineEvent => ({ type: 'orderFinished', lineID: 1, atMs });
const counted = (atMs: number, units: number): LineEvent => ({ type: 'counters', lineID: 1, atMs, units, discards: null });

const stopsOf = () => db.selectFrom('stops').selectAll().where('lineID', '=', 1).orderBy('startDate').execute();
const orderIndex = (order: string) => db.selectFrom('order_indexes').selectAll().where('order', '=', order).executeTakeFirstOrThrow();
const clock = (nowMs: number) => ({ nowMs, timeZone: TZ });

/** Stored order and shift indexes equal a full recalculation: rebuilding them changes nothing. */
async function expectIndexesEqualRecalculation(nowMs: number): Promise<void> {
  await refreshOpenIndexes(db, clock(nowMs));
  expect((await recalculateAllOrders(db, clock(nowMs), null)).changed).toBe(0);
  expect((await recalculateAllShiftIndexes(db, clock(nowMs), null)).changed).toBe(0);
}

beforeEach(async () => {
  plant = await openTestPlant();
  db = plant.db;
});
afterEach(async () => {
  await plant.close();
});

describe('production belongs to the order Ready when it was made', () => {
  beforeEach(async () => {
    await addLine(db, { lineID: 1, managesOrders: true });
    await addProduct(db, 'P', { 1: 100 });
    await addOrder(db, 'A-0', 1, { productCode: 'P' });
    await addOrder(db, 'B-0', 1, { productCode: 'P' });
    await tick([sample(T0, true, 0)]);
    await events([started('A-0', T0)], T0);
  });

  it('splits a minute at an order change: the units after it go to the next order, and the shift holds both', async () => {
    const change = T0 + 10 * MINUTE + 30_000;
    await tick([sample(T0 + 10 * MINUTE + 10_000, true, 1_000)]);
    await events([finished(change), started('B-0', change)], change);
    await tick([sample(T0 + 10 * MINUTE + 50_000, true, 1_060)]);
    const rows = await db
      .selectFrom('production_minutes')
      .select(['minuteStart', 'order', 'units'])
      .where('minuteStart', '=', T0 + 10 * MINUTE)
      .orderBy('order')
      .execute();
    expect(rows).toEqual([
      { minuteStart: T0 + 10 * MINUTE, order: 'A-0', units: 1_000 },
      { minuteStart: T0 + 10 * MINUTE, order: 'B-0', units: 60 },
    ]);
    const now = T0 + 11 * MINUTE;
    await refreshOpenIndexes(db, clock(now));
    expect((await orderIndex('A-0')).productionQuantity).toBe(1_000);
    expect((await orderIndex('B-0')).productionQuantity).toBe(60);
    const shift = await db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('shiftStart', '=', shiftAt(now, TZ).startMs)
      .executeTakeFirstOrThrow();
    expect([shift.productionQuantity, shift.unstaffedQuantity]).toEqual([1_060, 0]);
    await expectIndexesEqualRecalculation(now);
  });

  it("refreshes an ended order's final index when its units are stored in the transaction that ended it", async () => {
    const end = T0 + 5 * MINUTE;
    await events([counted(end - 1_000, 400), finished(end)], end);
    const final = await orderIndex('A-0');
    expect(final.productionQuantity).toBe(400);
    const order = await db.selectFrom('orders').select(['productionQuantity']).where('order', '=', 'A-0').executeTakeFirstOrThrow();
    expect(order.productionQuantity).toBe(400);
    await expectIndexesEqualRecalculation(end + MINUTE);
  });
});

describe('production with no order is never dropped', () => {
  it('counts in the shift index as made while not staffed, in no factor, and orders plus no-order equal the shift', async () => {
    await addLine(db, { lineID: 1, managesOrders: true });
    await addProduct(db, 'P', { 1: 100 });
    await addOrder(db, 'A-0', 1, { productCode: 'P' });
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + 2 * MINUTE, true, 15)]);
    await events([started('A-0', T0 + 3 * MINUTE)], T0 + 3 * MINUTE);
    await tick([sample(T0 + 13 * MINUTE, true, 1_015)]);
    const now = T0 + 14 * MINUTE;
    await refreshOpenIndexes(db, clock(now));
    const shift = await db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('shiftStart', '=', shiftAt(now, TZ).startMs)
      .executeTakeFirstOrThrow();
    expect([shift.productionQuantity, shift.unstaffedQuantity]).toEqual([1_000, 15]);
    const order = await orderIndex('A-0');
    expect(order.productionQuantity).toBe(shift.productionQuantity);
    // The factors are the order's alone: 1,000 units in its 11 running minutes at 100 a minute.
    expect(shift.throughput).toBeCloseTo(1_000 / 1_100, 10);
    expect(shift.throughput).toBe(order.throughput);
    await expectIndexesEqualRecalculation(now);
  });
});

describe('closing a stop refreshes every order and shift it overlaps', () => {
  it('makes a stop that closes long after its order ended a failure of that order', async () => {
    await addLine(db, { lineID: 1, managesOrders: true });
    await addProduct(db, 'P', { 1: 100 });
    await addOrder(db, 'A-0', 1, { productCode: 'P' });
    await addOrder(db, 'B-0', 1, { productCode: 'P' });
    await tick([sample(T0, true, 0)]);
    await events([started('A-0', T0)], T0);
    await tick([sample(T0 + 10 * MINUTE, false, 500)]);
    // The order ends while the stop has run 48 s: not yet a failure (microStopTime 60 s).
    await events([finished(T0 + 10 * MINUTE + 48_000)], T0 + 10 * MINUTE + 48_000);
    expect((await orderIndex('A-0')).failureCount).toBe(0);
    await events([started('B-0', T0 + 11 * MINUTE)], T0 + 11 * MINUTE);
    await tick([sample(T0 + 10 * MINUTE + 140_000, true, 500)]);
    const final = await orderIndex('A-0');
    expect(final.failureCount).toBe(1);
    expect(final.mtbf).not.toBeNull();
    await expectIndexesEqualRecalculation(T0 + 13 * MINUTE);
  });
});

describe('a split relabels one event', () => {
  beforeEach(async () => {
    await addLine(db, { lineID: 1 });
    await addProduct(db, 'P', { 1: 100 });
    await addReason(db, { reasonID: 100, parentID: 8, reason: 'Rotura' });
    await addReason(db, { reasonID: 101, parentID: 7, reason: 'Pausa', discountOEE: true });
  });

  const shiftOfT0 = () =>
    db.selectFrom('shift_indexes').selectAll().where('shiftStart', '=', shiftAt(T0, TZ).startMs).executeTakeFirstOrThrow();

  it('keeps the failure count, MTBF and MTTR of a 5-minute stop split in two', async () => {
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + 10 * MINUTE, false)]);
    await tick([sample(T0 + 15 * MINUTE, true)]);
    const now = T0 + 30 * MINUTE;
    await refreshOpenIndexes(db, clock(now));
    const before = await shiftOfT0();
    expect(before.failureCount).toBe(1);
    const [stop] = await stopsOf();
    await splitStop(db, { stopID: stop!.stopID, newStartMs: T0 + 10 * MINUTE + 126_000 }, supervisor, clock(now));
    await refreshOpenIndexes(db, clock(now));
    const after = await shiftOfT0();
    expect((await stopsOf()).map((s) => s.endDate! - s.startDate)).toEqual([126_000, 174_000]);
    expect([after.failureCount, after.failureTime, after.mtbf, after.mttr, after.stopTime]).toEqual([
      before.failureCount,
      before.failureTime,
      before.mtbf,
      before.mttr,
      before.stopTime,
    ]);
    await expectIndexesEqualRecalculation(now);
  });

  it('keeps a 100-s stop split 50 + 50 a failure (the event is not a microstop), even across a shift change', async () => {
    const shiftEnd = shiftAt(T0, TZ).endMs;
    await tick([sample(shiftEnd - 2 * MINUTE, true, 0)]);
    await tick([sample(shiftEnd - 50_000, false)]);
    await tick([sample(shiftEnd + 50_000, true)]);
    const now = shiftEnd + 10 * MINUTE;
    const [stop] = await stopsOf();
    await splitStop(db, { stopID: stop!.stopID, newStartMs: shiftEnd }, supervisor, clock(now));
    await refreshOpenIndexes(db, clock(now));
    await recalculateAllShiftIndexes(db, clock(now), null);
    const shifts = await db
      .selectFrom('shift_indexes')
      .select(['shiftStart', 'failureCount', 'failureTime'])
      .orderBy('shiftStart')
      .execute();
    expect(shifts.map((s) => [s.failureCount, s.failureTime])).toEqual([
      [1, 50_000],
      [0, 50_000],
    ]);
  });

  it('counts the event once where its failing part starts when a piece is recognized as planned', async () => {
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + 10 * MINUTE, false)]);
    await tick([sample(T0 + 20 * MINUTE, true)]);
    const now = T0 + 30 * MINUTE;
    const [stop] = await stopsOf();
    const pieces = await splitStop(db, { stopID: stop!.stopID, newStartMs: T0 + 14 * MINUTE }, supervisor, clock(now));
    await recognizeStops(db, { stopIDs: [pieces[0]!.stopID], reasonID: 101 }, supervisor, clock(now));
    await recognizeStops(db, { stopIDs: [pieces[1]!.stopID], reasonID: 100 }, supervisor, clock(now));
    await refreshOpenIndexes(db, clock(now));
    const shift = await shiftOfT0();
    expect([shift.failureCount, shift.failureTime, shift.discountTime]).toEqual([1, 6 * MINUTE, 4 * MINUTE]);
    await expectIndexesEqualRecalculation(now);
  });

  it('does not count a data gap (reason 4 or 9) as a failure: stop time, no failure', async () => {
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + 10 * MINUTE, null)]);
    await tick([sample(T0 + 20 * MINUTE, true)]);
    const now = T0 + 30 * MINUTE;
    await refreshOpenIndexes(db, clock(now));
    const shift = await shiftOfT0();
    expect((await stopsOf()).map((s) => s.reasonID)).toEqual([REASON.OPC_DISCONNECTED]);
    expect([shift.stopTime, shift.failureCount, shift.failureTime, shift.mttr]).toEqual([10 * MINUTE, 0, 0, null]);
  });
});

describe('a stop open across a restart keeps its identity', () => {
  beforeEach(async () => {
    await addLine(db, { lineID: 1, beacon: 'L1.Running' });
    await addReason(db, { reasonID: 100, parentID: 8, reason: 'Rotura' });
  });

  it('keeps a stop that opened at the last known instant through a crash loop: same id, recognition and observation', async () => {
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + MINUTE, false)]);
    const [opened] = await stopsOf();
    await recognizeStops(
      db,
      { stopIDs: [opened!.stopID], reasonID: 100, observation: 'cinta rota' },
      supervisor,
      clock(T0 + MINUTE + 5_000),
    );
    // The edge dies at once and comes back, four times; the beacon's value is still the one of T0 + 1 min.
    let now = T0 + MINUTE;
    for (let restart = 0; restart < 4; restart++) {
      now += 20_000;
      await recordEdgeRestart(db, ctx(now, true));
      await ingestSamples(db, [sample(T0 + MINUTE, false)], ctx(now + 1_000, true));
    }
    const stops = await stopsOf();
    expect(stops.map((s) => [s.stopID, s.startDate, s.endDate, s.reasonID, s.observation])).toEqual([
      [opened!.stopID, T0 + MINUTE, null, 100, 'cinta rota'],
    ]);
    // The empty gaps' own stops were deleted (tombstones); the stop itself never was.
    const deletes = await db
      .selectFrom('outbox')
      .select('entityKey')
      .where('entity', '=', 'stops')
      .where('operation', '=', 'delete')
      .execute();
    expect(deletes.map((row) => JSON.parse(row.entityKey).stopID)).not.toContain(opened!.stopID);
  });

  it('goes on as the same stop after a real gap when the line is still stopped, and the gap covers the outage', async () => {
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + MINUTE, false)]);
    const [opened] = await stopsOf();
    await recordEdgeRestart(db, ctx(T0 + 10 * MINUTE, true));
    // Read again: the beacon changed at its source during the outage (stopped again at T0 + 6 min).
    await ingestSamples(db, [sample(T0 + 6 * MINUTE, false)], ctx(T0 + 10 * MINUTE + 1_000, true));
    const stops = await stopsOf();
    expect(stops.map((s) => [s.stopID === opened!.stopID, s.reasonID, s.startDate, s.endDate])).toEqual([
      [false, REASON.EDGE_DOWN, T0 + MINUTE, T0 + 6 * MINUTE],
      [true, null, T0 + 6 * MINUTE, null],
    ]);
  });
});

describe('a frozen server whose counters moved', () => {
  it('keeps the gap when a counter changed after it started, and books no units inside a stop', async () => {
    await addLine(db, { lineID: 1, beacon: 'L1.Running' });
    await tick([sample(T0, true, 0)]);
    await tick([sample(T0 + MINUTE, false, 100)]);
    await tick([sample(T0 + MINUTE + 5_000, null)]);
    // The server resumes after 60 s: the beacon's value is still the one of T0 + 1 min (stopped), but the counter moved
    // during the freeze (the line ran and stopped again): 80 units, changed last at T0 + 2 min 10 s.
    const counterChanged = T0 + 2 * MINUTE + 10_000;
    await ingestSamples(db, [sample(T0 + MINUTE, false, 180, { newestMs: counterChanged })], ctx(T0 + 2 * MINUTE + 5_000 + MINUTE, true));
    const stops = await stopsOf();
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [null, T0 + MINUTE, T0 + MINUTE + 5_000],
      [REASON.OPC_DISCONNECTED, T0 + MINUTE + 5_000, counterChanged],
      [null, counterChanged, null],
    ]);
    // The 80 units are booked when they were seen, at the gap's end, not inside the stop before the freeze.
    const minutes = await db.selectFrom('production_minutes').select(['minuteStart', 'units']).orderBy('minuteStart').execute();
    expect(minutes).toEqual([
      { minuteStart: T0 + MINUTE, units: 100 },
      { minuteStart: T0 + 2 * MINUTE, units: 80 },
    ]);
  });

  it('still forgets a gap nothing happened in when every value is older than it', async () => {
    await addLine(db, { lineID: 1, beacon: 'L1.Running' });
    await tick([sample(T0, false, 0)]);
    await tick([sample(T0 + MINUTE, null)]);
    await ingestSamples(db, [sample(T0, false, 0, { newestMs: T0 })], ctx(T0 + 3 * MINUTE, true));
    expect((await stopsOf()).map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([[null, T0, null]]);
  });
});
