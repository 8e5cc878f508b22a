import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REASON } from '../../domain/stops';
import { minuteOf } from '../../domain/time';
import { closeDueShifts, recalculateAllOrders, recalculateAllShiftIndexes, refreshOpenIndexes } from './indexes.service';
import { splitStop } from '../stops/stops.service';
import {
  applyLineEvents,
  ingestSamples,
  recordEdgeRestart,
  type IngestionContext,
  type LineEvent,
  type LineSample,
} from './line-events.service';
import { addLine, at, openTestPlant } from '../../../../test/support/test-plant';
import type { WorkCalendar } from '../../domain/work-calendar';
import { savePlantCalendar } from '../calendar/calendar.service';

/**
 * The engine against a reference model (issue 12): random histories of one line — changes of state, production,
 * counter resets, outages of its server, the edge going down and coming back — are fed to the ingestion as the
 * acquisition would (each reading stamped with its source time), and what it stores must equal what a simple model
 * of the same history says:
 * - the timeline is a list of segments (running, stopped, OPC disconnected, edge not running); a gap's first reading
 *   ends it at the reading's source time, never before the gap's start; a gap nothing happened in is no gap, and the
 *   segments around it join; every segment that is not running is a stop;
 * - the units are the sum of the counter's steps up (a reset counts from 0).
 * Besides, stops never overlap, none has zero length, and with the running time they cover the line's whole history.
 * Each run draws new histories; a failure prints its seed and the shrunk history (replay with `{ seed, path }`).
 */

const TZ = 'Europe/Madrid';
const T0 = at('2026-03-28T20:00:00+01:00'); // across a DST change and several shifts

type Kind = 'running' | 'stopped' | 'opc' | 'edge';
const isGap = (kind: Kind) => kind === 'opc' || kind === 'edge';

interface Segment {
  kind: Kind;
  start: number;
  end: number | null;
  /** A stop a gap cut at its very start: kept at no length until the gap ends (then moved, or left as it is). */
  cut?: boolean;
}

/** The reference timeline: what the line did as far as the edge could know, segment by segment. */
class Reference {
  readonly segments: Segment[] = [];

  private get current(): Segment | undefined {
    return this.segments.at(-1);
  }

  /**
   * The line is seen doing `kind` from `atMs` (a gap's first reading: from max(atMs, the gap's start)); answers that
   * instant, the last the edge then knows of the line.
   */
  known(kind: 'running' | 'stopped', atMs: number): number {
    const current = this.current;
    if (!current) {
      this.segments.push({ kind, start: atMs, end: null });
      return atMs;
    }
    const from = isGap(current.kind) ? Math.max(atMs, current.start) : atMs;
    if (current.kind === kind) return from;
    this.end(from);
    const previous = this.current;
    // A gap that proved empty was removed: the segment before it goes on if the line still does the same.
    if (previous?.end === from && previous.kind === kind) {
      previous.end = null;
      previous.cut = false;
      return from;
    }
    // A stop a gap cut at its start becomes the stop in progress when the line is seen stopped again; seen running,
    // it stays as the stop of no length it was.
    const cut = this.segments.findIndex((segment) => segment.cut);
    if (cut !== -1) {
      if (kind === 'stopped') this.segments.splice(cut, 1);
      else this.segments[cut]!.cut = false;
    }
    this.segments.push({ kind, start: from, end: null });
    return from;
  }

  /** A gap of `kind` starts at `atMs` (an edge gap ends an OPC gap there). */
  gap(kind: 'opc' | 'edge', atMs: number): void {
    const current = this.current!;
    if (current.kind === kind) return;
    const from = Math.max(atMs, current.start);
    if (current.kind === 'stopped' && from === current.start) {
      current.end = from;
      current.cut = true;
    } else {
      this.end(from);
    }
    this.segments.push({ kind, start: from, end: null });
  }

  /** Ends the current segment; one of zero length never was (a gap: the next one takes its place). */
  private end(atMs: number): void {
    const current = this.current!;
    current.end = atMs;
    if (current.end === current.start) this.segments.pop();
  }

  stops(): { reasonID: number | null; startDate: number; endDate: number | null }[] {
    const reason = { stopped: null, opc: REASON.OPC_DISCONNECTED, edge: REASON.EDGE_DOWN } as const;
    return this.segments
      .filter((segment): segment is Segment & { kind: 'stopped' | 'opc' | 'edge' } => segment.kind !== 'running')
      .map((segment) => ({ reasonID: reason[segment.kind], startDate: segment.start, endDate: segment.end }));
  }
}

type Step =
  | { type: 'toggle'; dt: number }
  | { type: 'produce'; dt: number; units: number }
  | { type: 'reset'; dt: number }
  | { type: 'periodic'; dt: number }
  | { type: 'disconnect'; dt: number }
  | { type: 'reconnect'; dt: number }
  | { type: 'edgeDown'; dt: number }
  | { type: 'edgeUp'; dt: number; reachable: boolean };

const dt = fc.integer({ min: 1, max: 20 * 60_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('toggle' as const), dt }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('produce' as const), dt, units: fc.integer({ min: 1, max: 500 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reset' as const), dt }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('periodic' as const), dt }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('disconnect' as const), dt }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('reconnect' as const), dt }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('edgeDown' as const), dt }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('edgeUp' as const), dt, reachable: fc.boolean() }) },
);

interface History {
  startsRunning: boolean;
  initialCounter: number;
  steps: Step[];
}

const history: fc.Arbitrary<History> = fc.record({
  startsRunning: fc.boolean(),
  initialCounter: fc.integer({ min: 0, max: 1_000_000 }),
  steps: fc.array(step, { minLength: 1, maxLength: 40 }),
});

/** Plays a history into a fresh plant; answers what the engine stored and what the reference says. */
async function play({ startsRunning, initialCounter, steps }: History) {
  const plant = await openTestPlant();
  try {
    const db = plant.db;
    await addLine(db, { lineID: 1, beacon: 'L1.Running' });
    // Every stop the line makes is kept as it is (no microstop reclassification), to compare with the model.
    await db.updateTable('parameters').set({ microStopTime: 0 }).execute();
    const reference = new Reference();

    // The truth at the PLC, and what the edge can see of it.
    let t = T0;
    let running = startsRunning;
    let counter = initialCounter;
    let changedAt = T0;
    let produced = 0;
    const edge = { mode: 'connected' as 'connected' | 'outage' | 'down' };
    let lastObserved = T0;

    const ingest = (sample: Omit<LineSample, 'lineID'>, nowMs = t) => {
      const context: IngestionContext = { nowMs, timeZone: TZ, userID: null, sourceTimes: true };
      return ingestSamples(db, [{ lineID: 1, ...sample }], context);
    };
    const observe = async () => {
      await ingest({ atMs: t, running, units: counter, discards: null });
      lastObserved = reference.known(running ? 'running' : 'stopped', t);
    };
    /** The first reading after a gap: the beacon stamped with when it last changed at the source. */
    const firstReading = async () => {
      await ingest({ atMs: changedAt, running, units: counter, discards: null });
      lastObserved = Math.max(lastObserved, reference.known(running ? 'running' : 'stopped', changedAt));
      edge.mode = 'connected';
    };
    const unreachable = async () => {
      await ingest({ atMs: t, running: null, units: null, discards: null });
      reference.gap('opc', t);
      lastObserved = t;
      edge.mode = 'outage';
    };
    /** The stops the line made (not gaps) that existed before each restart: none may be lost. */
    const beforeRestarts = new Set<number>();
    const edgeUp = async (reachable: boolean) => {
      for (const stop of await db.selectFrom('stops').select('stopID').where('reasonID', 'is', null).execute())
        beforeRestarts.add(stop.stopID);
      await recordEdgeRestart(db, { nowMs: t, timeZone: TZ, userID: null });
      reference.gap('edge', lastObserved);
      if (reachable) await firstReading();
      else await unreachable();
    };

    await observe();
    for (const next of steps) {
      t += next.dt;
      switch (next.type) {
        case 'toggle':
          running = !running;
          changedAt = t;
          if (edge.mode === 'connected') await observe();
          break;
        case 'produce':
          counter += next.units;
          produced += next.units;
          if (edge.mode === 'connected') await observe();
          break;
        case 'reset':
          // A PLC restarting its counter is seen as it happens (a reset during an outage cannot be told apart).
          if (edge.mode === 'connected') {
            counter = 0;
            await observe();
          }
          break;
        case 'periodic':
          if (edge.mode === 'connected') await observe();
          else if (edge.mode === 'outage') {
            await ingest({ atMs: t, running: null, units: null, discards: null });
            lastObserved = t;
          }
          break;
        case 'disconnect':
          if (edge.mode === 'connected') await unreachable();
          break;
        case 'reconnect':
          if (edge.mode === 'outage') await firstReading();
          break;
        case 'edgeDown':
          edge.mode = 'down';
          break;
        case 'edgeUp':
          if (edge.mode === 'down') await edgeUp(next.reachable);
          break;
      }
    }
    // The end of the story: the edge runs and reads the line, so everything produced has been seen.
    t += 1;
    if (edge.mode === 'down') await edgeUp(true);
    else if (edge.mode === 'outage') await firstReading();

    const stored = await db
      .selectFrom('stops')
      .select(['stopID', 'reasonID', 'startDate', 'endDate'])
      .where('lineID', '=', 1)
      .orderBy('startDate')
      .orderBy('stopID')
      .execute();
    const lost = [...beforeRestarts].filter((stopID) => !stored.some((stop) => stop.stopID === stopID));
    const stops = stored.map(({ stopID: _id, ...stop }) => stop);
    const units = await db
      .selectFrom('production_minutes')
      .select((eb) => eb.fn.sum<number>('units').as('units'))
      .executeTakeFirst();
    return { stops, lost, units: Number(units?.units ?? 0), expected: { stops: reference.stops(), units: produced }, start: T0, end: t };
  } finally {
    await plant.close();
  }
}

describe('the engine against a reference model', () => {
  it('stores the stops and the units the model computes from any history of states, counters, resets, outages and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (story) => {
        const { stops, lost, units, expected, start, end } = await play(story);
        expect(stops).toEqual(expected.stops);
        expect(units).toBe(expected.units);
        expect(lost).toEqual([]);
        // No overlaps, no zero-length stop but one a restart cut at its start, and stops within the history.
        for (const [index, stop] of stops.entries()) {
          expect(stop.startDate).toBeGreaterThanOrEqual(start);
          if (stop.endDate !== null && stop.reasonID !== null) expect(stop.endDate).toBeGreaterThan(stop.startDate);
          const next = stops[index + 1];
          if (next) expect(next.startDate).toBeGreaterThanOrEqual(stop.endDate ?? Number.POSITIVE_INFINITY);
        }
        // Stopped plus running time is the whole history: the running time is what the stops leave.
        const stopped = stops.reduce((sum, stop) => sum + ((stop.endDate ?? end) - stop.startDate), 0);
        expect(stopped).toBeLessThanOrEqual(end - start);
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});

/**
 * Issue 25: random histories of a line with the order manager — orders starting and ending at any instant (in the
 * middle of a minute, during a stop), production with and without an order, stops split at random instants — and
 * after every event the indexes stored by the engine's own jobs (the periodic refresh and the shift close) equal a
 * full recalculation. At the end, for the line's whole history: the units of its orders plus those made with no order
 * equal the units of its shifts and what the counter made; and no split ever changed a failure count or time.
 */
type OrderStep =
  | { type: 'toggle'; dt: number }
  | { type: 'produce'; dt: number; units: number; discards: number }
  | { type: 'orderChange'; dt: number; next: boolean }
  | { type: 'split'; dt: number; pick: number; at: number };

const orderDt = fc.integer({ min: 1, max: 6 * 60_000 });
const orderStep: fc.Arbitrary<OrderStep> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('toggle' as const), dt: orderDt }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('produce' as const),
      dt: orderDt,
      units: fc.integer({ min: 1, max: 400 }),
      discards: fc.integer({ min: 0, max: 40 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('orderChange' as const), dt: orderDt, next: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('split' as const),
      dt: orderDt,
      pick: fc.nat(),
      at: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    }),
  },
);

/**
 * A calendar whose boundaries fall inside the histories (T0, a Saturday 20:00, and the next hour and a half): shifts of
 * 35, 20 and 20 minutes, one scheduled only part of its period, a break, and unscheduled time between and after them.
 */
const DENSE_CALENDAR: WorkCalendar = {
  versions: [
    {
      effectiveFrom: '2026-01-01',
      pattern: {
        shifts: [
          { code: 'A', nameEs: 'A', nameEn: 'A', start: '06:00', end: null },
          { code: 'B', nameEs: 'B', nameEn: 'B', start: '20:15', end: '20:45' },
          { code: 'C', nameEs: 'C', nameEn: 'C', start: '20:50', end: null },
          { code: 'D', nameEs: 'D', nameEn: 'D', start: '21:10', end: null },
          { code: 'E', nameEs: 'E', nameEn: 'E', start: '21:30', end: '21:35' },
        ],
        breaks: [{ shiftCode: 'D', start: '21:15', minutes: 8 }],
        weekdays: [1, 2, 3, 4, 5, 6],
      },
    },
  ],
  exceptions: [],
};

/** The start-up window given the line in the third property (minutes after an order's start). */
const STARTUP_MINUTES = 4;
const STARTUP_EXAMPLE_ORDER: OrderStep = { type: 'orderChange', dt: 60_000, next: true };
const STARTUP_EXAMPLE_DISCARDS: OrderStep = { type: 'produce', dt: 60_000, units: 100, discards: 5 };

async function playOrders(steps: readonly OrderStep[], options: { calendar?: WorkCalendar; startupMinutes?: number } = {}) {
  const plant = await openTestPlant();
  const { calendar, startupMinutes } = options;
  try {
    const db = plant.db;
    if (calendar) await savePlantCalendar(db, calendar, { userID: null, now: T0 });
    await addLine(db, { lineID: 1, beacon: 'L1.Running', managesOrders: true });
    if (startupMinutes !== undefined) await db.updateTable('lines').set({ startupRejectMinutes: startupMinutes }).execute();
    await db
      .insertInto('products')
      .values({ code: 'P', name: 'P', wrappersPerPackage: 1, unitsPerWrapper: 1, unit: 'u', performance: null })
      .execute();
    await db.insertInto('product_speeds').values({ code: 'P', lineID: 1, speed: 60 }).execute();
    const signer = { userID: 'sup', roleID: 2 as const, firstName: 'S', lastName: 'S' };
    const clockAt = (nowMs: number) => ({ nowMs, timeZone: TZ });
    const problems: string[] = [];
    let t = T0;
    let running = true;
    let counter = 0;
    let discardCounter = 0;
    let produced = 0;
    let orders = 0;
    let ready: string | null = null;
    let readySince = 0;
    // The model's start-up rejects: discards read while an order is Ready, in a minute starting inside its window.
    let startupDiscards = 0;
    const context = (nowMs: number): IngestionContext => ({ nowMs, timeZone: TZ, userID: null });
    const observe = () => ingestSamples(db, [{ lineID: 1, atMs: t, running, units: counter, discards: discardCounter }], context(t));
    const failures = async () => {
      const rows = await db.selectFrom('shift_indexes').select(['failureCount', 'failureTime']).execute();
      return rows.reduce((sum, row) => [sum[0]! + row.failureCount, sum[1]! + row.failureTime], [0, 0]);
    };
    const settle = async (label: string) => {
      await closeDueShifts(db, clockAt(t));
      await refreshOpenIndexes(db, clockAt(t));
      const ordersChanged = (await recalculateAllOrders(db, clockAt(t), null)).changed;
      const shiftsChanged = (await recalculateAllShiftIndexes(db, clockAt(t), null)).changed;
      if (ordersChanged + shiftsChanged > 0)
        problems.push(`${label} at ${t - T0}: ${ordersChanged} order and ${shiftsChanged} shift indexes stale`);
    };

    await observe();
    for (const next of steps) {
      t += next.dt;
      switch (next.type) {
        case 'toggle':
          running = !running;
          await observe();
          break;
        case 'produce':
          counter += next.units;
          produced += next.units;
          discardCounter += next.discards;
          if (startupMinutes !== undefined && ready !== null && minuteOf(t) < readySince + startupMinutes * 60_000)
            startupDiscards += next.discards;
          await observe();
          break;
        case 'orderChange': {
          const events: LineEvent[] = [];
          if (ready !== null) events.push({ type: 'orderFinished', lineID: 1, atMs: t });
          ready = null;
          if (next.next || events.length === 0) {
            orders += 1;
            ready = `${orders}-0`;
            await db
              .insertInto('orders')
              .values({
                order: ready,
                op: String(orders),
                version: 0,
                lineID: 1,
                productCode: 'P',
                productName: 'P',
                createdBy: 'test',
                createDate: 0,
              } as never)
              .execute();
            events.push({ type: 'orderStarted', lineID: 1, atMs: t, order: ready });
            readySince = t;
          }
          await applyLineEvents(db, events, context(t));
          break;
        }
        case 'split': {
          const closed = await db.selectFrom('stops').selectAll().where('endDate', 'is not', null).orderBy('startDate').execute();
          const stop = closed.length ? closed[next.pick % closed.length]! : undefined;
          const cutMs = stop ? Math.floor(stop.startDate + (stop.endDate! - stop.startDate) * next.at) : 0;
          if (!stop || cutMs <= stop.startDate || cutMs >= stop.endDate!) break;
          await settle('before split');
          const before = await failures();
          await splitStop(db, { stopID: stop.stopID, newStartMs: cutMs }, signer, clockAt(t));
          await settle('split');
          const after = await failures();
          if (before[0] !== after[0] || before[1] !== after[1])
            problems.push(`split of ${stop.stopID} changed failures ${before} → ${after}`);
          break;
        }
      }
      await settle(next.type);
    }
    // A minute counts in the range where it starts: units read at the story's last instant count once time has
    // moved past it, as at the next periodic refresh.
    t += 1;
    await settle('end');
    // Made outside the calendar's schedule is booked as unscheduled production, on the order and on the shift alike.
    const orderUnits = await db
      .selectFrom('order_indexes')
      .select((eb) => eb.fn.sum<number>(sql<number>`productionQuantity + unscheduledQuantity`).as('units'))
      .executeTakeFirst();
    const noOrder = await db
      .selectFrom('production_minutes')
      .select((eb) => eb.fn.sum<number>('units').as('units'))
      .where('order', 'is', null)
      .executeTakeFirst();
    const shiftUnits = await db
      .selectFrom('shift_indexes')
      .select((eb) => eb.fn.sum<number>(sql<number>`productionQuantity + unstaffedQuantity + unscheduledQuantity`).as('units'))
      .executeTakeFirst();
    // The start-up rejects of the orders and of the shifts (none with no order: no start-up without one).
    const orderStartup = await db
      .selectFrom('order_indexes')
      .select((eb) => eb.fn.sum<number>('startupDiscards').as('discards'))
      .executeTakeFirst();
    const shiftStartup = await db
      .selectFrom('shift_indexes')
      .select((eb) => eb.fn.sum<number>('startupDiscards').as('discards'))
      .executeTakeFirst();
    return {
      problems,
      produced,
      startup: { expected: startupDiscards, orders: Number(orderStartup?.discards ?? 0), shifts: Number(shiftStartup?.discards ?? 0) },
      orders: Number(orderUnits?.units ?? 0),
      noOrder: Number(noOrder?.units ?? 0),
      shifts: Number(shiftUnits?.units ?? 0),
    };
  } finally {
    await plant.close();
  }
}

describe('the indexes at every boundary', () => {
  it('equal a full recalculation after every event; orders plus no-order production equal the shifts; a split changes no failure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderStep, { minLength: 1, maxLength: 16 }), async (steps) => {
        const result = await playOrders(steps);
        expect(result.problems).toEqual([]);
        expect(result.orders + result.noOrder).toBe(result.shifts);
        expect(result.shifts).toBe(result.produced);
        // No start-up window declared: no start-up rejects anywhere.
        expect(result.startup).toEqual({ expected: 0, orders: 0, shifts: 0 });
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('equal a full recalculation with a work calendar too: shifts of any length, a break, unscheduled time; nothing made is lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderStep, { minLength: 1, maxLength: 16 }), async (steps) => {
        const result = await playOrders(steps, { calendar: DENSE_CALENDAR });
        expect(result.problems).toEqual([]);
        expect(result.orders + result.noOrder).toBe(result.shifts);
        expect(result.shifts).toBe(result.produced);
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('equal a full recalculation with a start-up window (issue 29): its start-up rejects are the model’s, on the orders and the shifts', async () => {
    let withStartup = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(orderStep, { minLength: 1, maxLength: 16 }), async (steps) => {
        const result = await playOrders(steps, { startupMinutes: STARTUP_MINUTES });
        if (result.startup.expected > 0) withStartup += 1;
        expect(result.problems).toEqual([]);
        expect(result.shifts).toBe(result.produced);
        expect(result.startup.orders).toBe(result.startup.expected);
        expect(result.startup.shifts).toBe(result.startup.expected);
      }),
      // Beside the drawn histories, one that surely discards inside a window (an order started, discards a minute on):
      // fifteen drawn histories had none in some runs, and the rejects must be seen computed, not just zeros.
      { numRuns: 15, examples: [[[STARTUP_EXAMPLE_ORDER, STARTUP_EXAMPLE_DISCARDS]]] },
    );
    expect(withStartup).toBeGreaterThan(0);
  }, 120_000);
});
