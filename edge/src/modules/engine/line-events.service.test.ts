import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { REASON } from '../../domain/stops';
import { encodeStoredScript } from '../../domain/script';
import { applyLineEvents, ingestSamples, recordEdgeRestart, type IngestionContext, type LineSample } from './line-events.service';
import {
  addLine,
  addOrder,
  addProduct,
  at,
  HOUR,
  MINUTE,
  openTestPlant,
  trailCounts,
  type TestPlant,
} from '../../../../test/support/test-plant';

const TZ = 'Europe/Madrid';
let plant: TestPlant;
let db: Database;

const T0 = at('2026-05-04T08:00:00+02:00');
const ctx = (nowMs: number): IngestionContext => ({ nowMs, timeZone: TZ, userID: null });
const sample = (
  lineID: number,
  atMs: number,
  running: boolean | null,
  units: number | null = null,
  discards: number | null = null,
): LineSample => ({
  lineID,
  atMs,
  running,
  units,
  discards,
});
const tick = (samples: LineSample[]) => ingestSamples(db, samples, ctx(Math.max(...samples.map((s) => s.atMs))));

const stopsOf = (lineID: number) => db.selectFrom('stops').selectAll().where('lineID', '=', lineID).orderBy('startDate').execute();
const minutesOf = (lineID: number) =>
  db.selectFrom('production_minutes').selectAll().where('lineID', '=', lineID).orderBy('minuteStart').execute();

beforeEach(async () => {
  plant = await openTestPlant();
  db = plant.db;
  await addLine(db, { lineID: 1 });
  await addLine(db, { lineID: 2 });
});
afterEach(async () => {
  await plant.close();
});

describe('line state → stops', () => {
  it('opens a stop when a running line stops and closes it when it runs again, with outbox rows and no audit row (the acquisition is no person)', async () => {
    await tick([sample(1, T0, true)]);
    const before = await trailCounts(db);
    const stopped = await tick([sample(1, T0 + 10 * MINUTE, false)]);
    expect(stopped.stopsOpened).toHaveLength(1);
    await tick([sample(1, T0 + 25 * MINUTE, true)]);
    const [stop] = await stopsOf(1);
    expect(stop).toMatchObject({ startDate: T0 + 10 * MINUTE, endDate: T0 + 25 * MINUTE, recognized: 0, reasonID: null });
    const after = await trailCounts(db);
    expect(after.outbox - before.outbox).toBe(2);
    expect(after.audit - before.audit).toBe(0);
  });

  it('classifies an unrecognized stop shorter than microStopTime as a microstop (reason 3) when it closes', async () => {
    await tick([sample(1, T0, false)]);
    await tick([sample(1, T0 + 59_000, true)]);
    await tick([sample(1, T0 + 2 * MINUTE, false)]);
    await tick([sample(1, T0 + 3 * MINUTE, true)]);
    const [micro, normal] = await stopsOf(1);
    expect(micro).toMatchObject({
      reasonID: REASON.MICROSTOP,
      recognized: 1,
      path: 'Sistema / Microparada',
      root: 'Sistema',
      rootID: 2,
      pareto: 1,
      discountOEE: 0,
    });
    expect(normal).toMatchObject({ reasonID: null, recognized: 0, endDate: T0 + 3 * MINUTE });
  });

  it('opens an OPC-disconnected stop (reason 4) when a running line becomes unknown, and closes it when the line runs', async () => {
    await tick([sample(1, T0, true)]);
    await tick([sample(1, T0 + MINUTE, null)]);
    await tick([sample(1, T0 + 20 * MINUTE, true)]);
    const [stop] = await stopsOf(1);
    expect(stop).toMatchObject({
      reasonID: REASON.OPC_DISCONNECTED,
      recognized: 1,
      path: 'Sistema / OPC desconectado',
      startDate: T0 + MINUTE,
      endDate: T0 + 20 * MINUTE,
    });
  });

  it('ends a disconnection stop when the line comes back stopped and opens an unrecognized stop at that instant', async () => {
    await tick([sample(1, T0, true)]);
    await tick([sample(1, T0 + MINUTE, null)]);
    await tick([sample(1, T0 + 5 * MINUTE, false)]);
    const stops = await stopsOf(1);
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [REASON.OPC_DISCONNECTED, T0 + MINUTE, T0 + 5 * MINUTE],
      [null, T0 + 5 * MINUTE, null],
    ]);
  });

  it('ends a stop in progress at the disconnection and covers the outage with a reason-4 stop', async () => {
    await tick([sample(1, T0, false)]);
    await tick([sample(1, T0 + MINUTE, null)]);
    await tick([sample(1, T0 + 2 * MINUTE, null)]);
    await tick([sample(1, T0 + 5 * MINUTE, true)]);
    const stops = await stopsOf(1);
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [null, T0, T0 + MINUTE],
      [REASON.OPC_DISCONNECTED, T0 + MINUTE, T0 + 5 * MINUTE],
    ]);
  });

  it('ends an outage at the source time of the first reading, even when periodic samples came later', async () => {
    await tick([sample(1, T0, false)]);
    await tick([sample(1, T0 + MINUTE, null)]);
    await tick([sample(1, T0 + 9 * MINUTE, null)]);
    // The value read on reconnection at T0 + 10 min changed at its source at T0 + 4 min: the line ran from then.
    await ingestSamples(db, [sample(1, T0 + 4 * MINUTE, true)], ctx(T0 + 10 * MINUTE));
    const stops = await stopsOf(1);
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [null, T0, T0 + MINUTE],
      [REASON.OPC_DISCONNECTED, T0 + MINUTE, T0 + 4 * MINUTE],
    ]);
  });

  it('forgets an outage the source says nothing happened in: the stop it interrupted goes on as one stop', async () => {
    await tick([sample(1, T0, false)]);
    await tick([sample(1, T0 + MINUTE, null)]);
    // On reconnection the beacon's source time is older than the outage: stopped all along.
    await ingestSamples(db, [sample(1, T0, false)], ctx(T0 + 3 * MINUTE));
    const stops = await stopsOf(1);
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([[null, T0, null]]);
    const outbox = await db.selectFrom('outbox').select(['entity', 'operation']).where('entity', '=', 'stops').orderBy('seq').execute();
    // The outage's stop was deleted: the central copy holds a tombstone, never a zero-length stop.
    expect(outbox.filter((row) => row.operation === 'delete')).toHaveLength(1);
  });

  it('never stores a zero-length stop: a disconnection at start-up that the first reading contradicts leaves nothing', async () => {
    await tick([sample(1, T0, null)]);
    await ingestSamples(db, [sample(1, T0 - 5_000, true)], ctx(T0 + 2_000));
    expect(await stopsOf(1)).toEqual([]);
  });

  it('opens a stop for a line first seen stopped, and opens nothing for one first seen running', async () => {
    await tick([sample(1, T0, false), sample(2, T0, true)]);
    expect(await stopsOf(1)).toHaveLength(1);
    expect(await stopsOf(2)).toHaveLength(0);
  });

  it('writes nothing to stops while the state does not change', async () => {
    await tick([sample(1, T0, false)]);
    const before = await trailCounts(db);
    for (let s = 1; s <= 30; s += 1) await tick([sample(1, T0 + s * 1000, false)]);
    expect(await trailCounts(db)).toEqual(before);
  });

  it('ignores events older than the line’s last sample and events of unknown lines', async () => {
    await tick([sample(1, T0 + MINUTE, true, 100)]);
    const late = await tick([sample(1, T0, false, 90), sample(42, T0, false)]);
    expect(late.ignored.map((i) => [i.lineID, i.reason])).toEqual([
      [1, 'stale'],
      [1, 'stale'],
      [42, 'unknownLine'],
      [42, 'unknownLine'],
    ]);
    expect(await stopsOf(1)).toHaveLength(0);
    expect(await minutesOf(1)).toHaveLength(0);
  });
});

describe('counters → production', () => {
  it('takes the first reading as the baseline, then counts deltas per minute', async () => {
    await tick([sample(1, T0, true, 1_000, 10)]);
    await tick([sample(1, T0 + 20_000, true, 1_030, 11)]);
    await tick([sample(1, T0 + 40_000, true, 1_060, 11)]);
    await tick([sample(1, T0 + 70_000, true, 1_100, 13)]);
    expect((await minutesOf(1)).map((m) => [m.minuteStart, m.units, m.discards])).toEqual([
      [T0, 60, 1],
      [T0 + MINUTE, 40, 2],
    ]);
  });

  it('detects a counter reset and counts the units made since it restarted, never a negative production', async () => {
    await tick([sample(1, T0, true, 50_000, 500)]);
    await tick([sample(1, T0 + 1000, true, 50_020, 501)]);
    const reset = await tick([sample(1, T0 + 2000, true, 7, 0)]);
    expect(reset.counterEvents).toEqual([
      { lineID: 1, atMs: T0 + 2000, counter: 'units', kind: 'reset', previous: 50_020, current: 7 },
      { lineID: 1, atMs: T0 + 2000, counter: 'discards', kind: 'reset', previous: 501, current: 0 },
    ]);
    await tick([sample(1, T0 + 3000, true, 12, 1)]);
    const [minute] = await minutesOf(1);
    expect(minute).toMatchObject({ units: 20 + 7 + 5, discards: 1 + 0 + 1 });
  });

  it('keeps the last good reading through a bad one, so the units made meanwhile are counted once', async () => {
    await tick([sample(1, T0, true, 100)]);
    await tick([sample(1, T0 + 1000, null, null)]);
    await tick([sample(1, T0 + 2000, true, 130)]);
    expect((await minutesOf(1))[0]?.units).toBe(30);
  });

  it('resumes after a restart from the stored readings, without counting anything twice', async () => {
    await tick([sample(1, T0, true, 100)]);
    await tick([sample(1, T0 + 1000, true, 110)]);
    // A new process: nothing in memory, only line_states.
    await ingestSamples(db, [sample(1, T0 + 5 * MINUTE, true, 150)], ctx(T0 + 5 * MINUTE));
    expect((await minutesOf(1)).reduce((sum, m) => sum + m.units, 0)).toBe(50);
    expect(await db.selectFrom('line_states').selectAll().where('lineID', '=', 1).executeTakeFirst()).toMatchObject({
      unitsCounter: 150,
      running: 1,
      lastSampleAt: T0 + 5 * MINUTE,
    });
  });

  it('tags production and stops with the Ready order, and the next order once it starts', async () => {
    await addProduct(db, 'P1', { 1: 100 });
    await addOrder(db, '100-0', 1, { productCode: 'P1' });
    await addOrder(db, '101-0', 1, { productCode: 'P1' });
    await applyLineEvents(db, [{ type: 'orderStarted', lineID: 1, atMs: T0, order: '100-0' }], ctx(T0));
    await tick([sample(1, T0, true, 0)]);
    await tick([sample(1, T0 + 30_000, false, 300)]);
    await applyLineEvents(db, [{ type: 'orderStarted', lineID: 1, atMs: T0 + 2 * MINUTE, order: '101-0' }], ctx(T0 + 2 * MINUTE));
    await tick([sample(1, T0 + 3 * MINUTE, true, 400)]);
    await tick([sample(1, T0 + 4 * MINUTE, false, 500)]);
    expect((await minutesOf(1)).map((m) => [m.order, m.units])).toEqual([
      ['100-0', 300],
      ['101-0', 100],
      ['101-0', 100],
    ]);
    expect((await stopsOf(1)).map((s) => s.order)).toEqual(['100-0', '101-0']);
    const orders = await db.selectFrom('orders').select(['order', 'status', 'startDate', 'endDate']).orderBy('order').execute();
    expect(orders).toEqual([
      { order: '100-0', status: 2, startDate: T0, endDate: T0 + 2 * MINUTE },
      { order: '101-0', status: 1, startDate: T0 + 2 * MINUTE, endDate: null },
    ]);
  });
});

describe('counters from another source, and steps no line could make', () => {
  const sourced = (atMs: number, units: number, unitsSource: string): LineSample => ({
    ...sample(1, atMs, true, units, 0),
    unitsSource,
    discardsSource: 'D',
  });

  it('starts a new baseline when the counter is re-pointed, counting only the real deltas of each source', async () => {
    await tick([sourced(T0, 1_000_000, 'A')]);
    await tick([sourced(T0 + 20_000, 1_000_040, 'A')]);
    // The counter tag now reads another node: 1,183, then 1,200. Neither the drop nor a jump is production.
    const repointed = await tick([sourced(T0 + 40_000, 1_183, 'B')]);
    expect(repointed.counterEvents).toEqual([
      { lineID: 1, atMs: T0 + 40_000, counter: 'units', kind: 'newSource', previous: 1_000_040, current: 1_183 },
    ]);
    await tick([sourced(T0 + 50_000, 1_200, 'B')]);
    expect((await minutesOf(1)).reduce((sum, m) => sum + m.units, 0)).toBe(40 + 17);
  });

  it('adopts a source seen for the first time (a database from before sources were kept) without losing the step', async () => {
    await tick([sample(1, T0, true, 100)]);
    await tick([sourced(T0 + 30_000, 130, 'A')]);
    expect((await minutesOf(1))[0]?.units).toBe(30);
  });

  it('does not book a step above counterPlausibilityFactor × the line’s top speed, and takes it as the new baseline', async () => {
    await addProduct(db, 'P1', { 1: 60 });
    await tick([sample(1, T0, true, 500)]);
    // 60 units/min × 10 over at least a minute: 600 is the most a minute can bring.
    await tick([sample(1, T0 + 30_000, true, 1_100)]);
    const jump = await tick([sample(1, T0 + 40_000, true, 2_005_009)]);
    expect(jump.counterEvents).toEqual([
      { lineID: 1, atMs: T0 + 40_000, counter: 'units', kind: 'implausible', previous: 1_100, current: 2_005_009, limit: 600 },
    ]);
    await tick([sample(1, T0 + 50_000, true, 2_005_019)]);
    expect((await minutesOf(1)).reduce((sum, m) => sum + m.units, 0)).toBe(600 + 10);
    // After a long outage the same step is plausible: the limit grows with the elapsed time.
    await tick([sample(1, T0 + 50_000 + 10 * HOUR, true, 2_105_019)]);
    expect((await minutesOf(1)).reduce((sum, m) => sum + m.units, 0)).toBe(610 + 100_000);
  });

  it('reads the factor from the parameters, and judges nothing on a line with no known speed', async () => {
    await tick([sample(2, T0, true, 0)]);
    await tick([sample(2, T0 + 1000, true, 1_000_000)]);
    expect((await minutesOf(2))[0]?.units).toBe(1_000_000);
    await addProduct(db, 'P1', { 1: 60 });
    await db.updateTable('parameters').set({ counterPlausibilityFactor: 2 }).execute();
    await tick([sample(1, T0, true, 0)]);
    const step = await tick([sample(1, T0 + 1000, true, 121)]);
    expect(step.counterEvents.map((event) => [event.kind, event.limit])).toEqual([['implausible', 120]]);
  });
});

describe('the edge not running', () => {
  const restart = (nowMs: number) => recordEdgeRestart(db, ctx(nowMs));
  beforeEach(async () => {
    await db
      .updateTable('lines')
      .set({ calculationBaliza: encodeStoredScript({ expression: 'L1.Running', edited: true, tags: [] }) })
      .where('lineID', '=', 1)
      .execute();
  });

  it('ends the open stop at the last instant the edge knew, charges its downtime to reason 9, and resumes at the first reading’s source time', async () => {
    await tick([sample(1, T0, true, 100)]);
    await tick([sample(1, T0 + MINUTE, false, 160)]);
    await tick([sample(1, T0 + 2 * MINUTE, false, 160)]);
    // Killed after T0 + 2 min; started again at T0 + 10 min. The line ran, stopped, ran and stopped again meanwhile:
    // the first reading says stopped since T0 + 8 min (its source time), with 300 more units.
    await restart(T0 + 10 * MINUTE);
    await ingestSamples(db, [sample(1, T0 + 8 * MINUTE, false, 460)], ctx(T0 + 10 * MINUTE + 500));
    const stops = await stopsOf(1);
    expect(stops.map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [null, T0 + MINUTE, T0 + 2 * MINUTE],
      [REASON.EDGE_DOWN, T0 + 2 * MINUTE, T0 + 8 * MINUTE],
      [null, T0 + 8 * MINUTE, null],
    ]);
    expect(stops[1]).toMatchObject({ recognized: 1, path: 'Sistema / Edge fuera de servicio' });
    expect((await minutesOf(1)).reduce((sum, m) => sum + m.units, 0)).toBe(360);
  });

  it('keeps one stop through a restart when the first reading says the line never changed', async () => {
    await tick([sample(1, T0, false)]);
    await tick([sample(1, T0 + MINUTE, false)]);
    await restart(T0 + 3 * MINUTE);
    await ingestSamples(db, [sample(1, T0, false)], ctx(T0 + 3 * MINUTE));
    expect((await stopsOf(1)).map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([[null, T0, null]]);
  });

  it('charges a restart to reason 9 until the edge finds the server unreachable, then to reason 4', async () => {
    await tick([sample(1, T0, true)]);
    await restart(T0 + 5 * MINUTE);
    await ingestSamples(db, [sample(1, T0 + 5 * MINUTE + 5_000, null)], ctx(T0 + 5 * MINUTE + 5_000));
    await ingestSamples(db, [sample(1, T0 + 7 * MINUTE, true)], ctx(T0 + 7 * MINUTE));
    expect((await stopsOf(1)).map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [REASON.EDGE_DOWN, T0, T0 + 5 * MINUTE + 5_000],
      [REASON.OPC_DISCONNECTED, T0 + 5 * MINUTE + 5_000, T0 + 7 * MINUTE],
    ]);
  });

  it('turns a disconnection the edge went down in into downtime from the last instant it knew the line', async () => {
    await tick([sample(1, T0, true)]);
    await tick([sample(1, T0 + MINUTE, null)]);
    await tick([sample(1, T0 + 2 * MINUTE, null)]);
    await restart(T0 + 6 * MINUTE);
    await restart(T0 + 7 * MINUTE);
    await ingestSamples(db, [sample(1, T0 + 6 * MINUTE + 2_000, true)], ctx(T0 + 6 * MINUTE + 2_000));
    expect((await stopsOf(1)).map((s) => [s.reasonID, s.startDate, s.endDate])).toEqual([
      [REASON.OPC_DISCONNECTED, T0 + MINUTE, T0 + 2 * MINUTE],
      [REASON.EDGE_DOWN, T0 + 2 * MINUTE, T0 + 6 * MINUTE + 2_000],
    ]);
  });

  it('leaves lines never seen alone, and lines no script reads (nothing would end their gap)', async () => {
    expect((await restart(T0)).stopsOpened).toEqual([]);
    expect(await db.selectFrom('line_states').selectAll().execute()).toEqual([]);
    await tick([sample(2, T0, false)]);
    expect((await restart(T0 + MINUTE)).stopsOpened).toEqual([]);
    expect((await stopsOf(2)).map((s) => [s.reasonID, s.endDate])).toEqual([[null, null]]);
  });
});

describe('batches', () => {
  it('handles every line of a tick in one call', async () => {
    const result = await tick([sample(1, T0, false, 10), sample(2, T0, false, 20)]);
    expect(result.stopsOpened.map((s) => s.lineID)).toEqual([1, 2]);
    expect(result.applied).toBe(4);
  });

  it('rolls the whole batch back when one event is refused', async () => {
    const events = [
      { type: 'lineState' as const, lineID: 1, atMs: T0, running: false },
      { type: 'orderStarted' as const, lineID: 1, atMs: T0, order: 'missing-0' },
    ];
    await expect(applyLineEvents(db, events, ctx(T0))).rejects.toMatchObject({ status: 404 });
    expect(await stopsOf(1)).toHaveLength(0);
    expect(await db.selectFrom('line_states').selectAll().execute()).toHaveLength(0);
  });

  it('recomputes the closed shift a long stop started in when the stop closes in a later shift', async () => {
    const shiftStart = at('2026-05-04T06:00:00+02:00');
    await tick([sample(1, shiftStart, true)]);
    await tick([sample(1, at('2026-05-04T13:00:00+02:00'), false)]);
    const closeAt = at('2026-05-04T15:00:00+02:00');
    await tick([sample(1, closeAt, true)]);
    const morning = await db
      .selectFrom('shift_indexes')
      .selectAll()
      .where('lineID', '=', 1)
      .where('shiftStart', '=', shiftStart)
      .executeTakeFirstOrThrow();
    expect(morning).toMatchObject({ closed: 1, staffedTime: 8 * HOUR, stopTime: HOUR, failureCount: 1, runtime: 7 * HOUR });
  });
});
