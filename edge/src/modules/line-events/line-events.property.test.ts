import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REASON } from '../../domain/stops';
import { ingestSamples, recordEdgeRestart, type IngestionContext, type LineSample } from './line-events.service';
import { addLine, at, openTestPlant } from './test-plant';

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
    if (previous?.end === from && previous.kind === kind) previous.end = null;
    else this.segments.push({ kind, start: from, end: null });
    return from;
  }

  /** A gap of `kind` starts at `atMs` (an edge gap ends an OPC gap there). */
  gap(kind: 'opc' | 'edge', atMs: number): void {
    const current = this.current!;
    if (current.kind === kind) return;
    this.end(Math.max(atMs, current.start));
    this.segments.push({ kind, start: Math.max(atMs, current.start), end: null });
  }

  /** Ends the current segment; one of zero length never was. */
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
    const edgeUp = async (reachable: boolean) => {
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

    const stops = await db.selectFrom('stops').select(['reasonID', 'startDate', 'endDate']).where('lineID', '=', 1).orderBy('startDate').execute();
    const units = await db.selectFrom('production_minutes').select((eb) => eb.fn.sum<number>('units').as('units')).executeTakeFirst();
    return { stops, units: Number(units?.units ?? 0), expected: { stops: reference.stops(), units: produced }, start: T0, end: t };
  } finally {
    await plant.close();
  }
}

describe('the engine against a reference model', () => {
  it('stores the stops and the units the model computes from any history of states, counters, resets, outages and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (story) => {
        const { stops, units, expected, start, end } = await play(story);
        expect(stops).toEqual(expected.stops);
        expect(units).toBe(expected.units);
        // No overlaps, no zero-length stop, and stops within the history.
        for (const [index, stop] of stops.entries()) {
          expect(stop.startDate).toBeGreaterThanOrEqual(start);
          if (stop.endDate !== null) expect(stop.endDate).toBeGreaterThan(stop.startDate);
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
