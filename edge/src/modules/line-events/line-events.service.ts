import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { WriteContext } from '../../db/writes';
import { shiftAt } from '../../domain/calendar';
import { counterStep } from '../../domain/counters';
import { REASON } from '../../domain/stops';
import { engineParameters, minuteOf } from '../indexes/indexes.repository';
import { refreshIndexesAffectedBy, type EngineClock } from '../indexes/indexes.service';
import { readyOrdersOfLines, type OrderRow } from '../orders/orders.repository';
import { finishOrder, startOrder } from '../orders/orders.service';
import { openStopsOfLines, type StopRow } from '../stops/stops.repository';
import { closeStop, openStop, ReasonSource, recordManualStop, type ManualStopInput } from '../stops/stops.service';
import { addProductionMinutes, saveLineStates, statesOfExistingLines, type LineStateRow, type ProductionDelta } from './line-events.repository';

/**
 * THE way line activity enters the system. The OPC UA acquisition (every tick, for every line), manual stop entry,
 * the order calls and the tests all hand events to `applyLineEvents` (or samples to `ingestSamples`); one call is one
 * transaction that opens and closes stops, counts production and moves orders, with the outbox and audit rows of
 * every stop and order it writes. line_states remembers each line's last state and counter readings, so a restart
 * or a power cut resumes without counting anything twice.
 *
 * The state machine of a line:
 * - running → stopped: a stop opens at the event's time (unrecognized, tagged with the Ready order).
 * - stopped → running: the stop in progress closes; shorter than microStopTime and unrecognized → microstop (3).
 * - state unknown (disconnected, bad quality): if the line was running, a stop with system reason 4 (OPC
 *   disconnected) opens; if a stop was already in progress it goes on (nothing says the line started).
 * - known again: a reason-4 stop closes; if the line is stopped, an unrecognized stop opens at that instant.
 * Events older than the line's last sample are ignored (a late delivery must not rewrite what is stored).
 */

export type LineEvent =
  | { type: 'lineState'; lineID: number; atMs: number; running: boolean | null }
  | { type: 'counters'; lineID: number; atMs: number; units: number | null; discards: number | null }
  | { type: 'orderStarted'; lineID: number; atMs: number; order: string }
  | { type: 'orderFinished'; lineID: number; atMs: number; order?: string | null }
  | ({ type: 'manualStop' } & ManualStopInput);

/** One reading of a line by the acquisition: its beacon and its absolute counters at `atMs`. */
export interface LineSample {
  lineID: number;
  atMs: number;
  /** true running, false stopped, null unknown (server disconnected, bad quality, script error). */
  running: boolean | null;
  /** Absolute units counter; null when unreadable. */
  units: number | null;
  /** Absolute discards counter; null when unreadable or the line has none. */
  discards: number | null;
}

export interface IngestionContext {
  nowMs: number;
  timeZone: string;
  /** The user behind the events (manual entry, order calls); null for the acquisition. */
  userID: string | null;
}

export type IgnoredReason = 'unknownLine' | 'stale';

export interface IngestionResult {
  applied: number;
  ignored: Array<{ lineID: number; atMs: number; reason: IgnoredReason }>;
  stopsOpened: StopRow[];
  stopsClosed: StopRow[];
  counterResets: Array<{ lineID: number; atMs: number; counter: 'units' | 'discards' }>;
  ordersStarted: OrderRow[];
  ordersFinished: OrderRow[];
  manualStops: StopRow[];
}

interface LineRuntime {
  state: LineStateRow;
  /** false until the line's first event ever. */
  seen: boolean;
  dirty: boolean;
  openStop: StopRow | null;
  ready: { order: string; op: string | null; version: number } | null;
}

function eventTime(event: LineEvent): number {
  return event.type === 'manualStop' ? event.startMs : event.atMs;
}

/** Turns acquisition samples into events: the state first, then the counters, per line. */
export function samplesToEvents(samples: readonly LineSample[]): LineEvent[] {
  const events: LineEvent[] = [];
  for (const sample of samples) {
    events.push({ type: 'lineState', lineID: sample.lineID, atMs: sample.atMs, running: sample.running });
    events.push({ type: 'counters', lineID: sample.lineID, atMs: sample.atMs, units: sample.units, discards: sample.discards });
  }
  return events;
}

/** The acquisition's call: every line's sample of a tick, in one transaction. */
export function ingestSamples(db: Database, samples: readonly LineSample[], context: IngestionContext): Promise<IngestionResult> {
  return applyLineEvents(db, samplesToEvents(samples), context);
}

class Ingestion {
  readonly result: IngestionResult = {
    applied: 0,
    ignored: [],
    stopsOpened: [],
    stopsClosed: [],
    counterResets: [],
    ordersStarted: [],
    ordersFinished: [],
    manualStops: [],
  };
  private readonly production = new Map<string, ProductionDelta>();
  /** Stops closed in a later shift than they started: the closed shifts they touch are recomputed. */
  private readonly pastRanges: Array<{ lineID: number; fromMs: number; toMs: number }> = [];
  private readonly reasons: ReasonSource;
  private readonly clock: EngineClock;
  private readonly ctx: WriteContext;

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly lines: Map<number, LineRuntime>,
    private readonly microStopSeconds: number,
    context: IngestionContext,
  ) {
    this.reasons = new ReasonSource(trx);
    this.clock = { nowMs: context.nowMs, timeZone: context.timeZone };
    this.ctx = { userID: context.userID, now: context.nowMs };
  }

  async apply(event: LineEvent): Promise<void> {
    const line = this.lines.get(event.lineID);
    if (!line) {
      this.result.ignored.push({ lineID: event.lineID, atMs: eventTime(event), reason: 'unknownLine' });
      return;
    }
    if ((event.type === 'lineState' || event.type === 'counters') && line.state.lastSampleAt !== null && event.atMs < line.state.lastSampleAt) {
      this.result.ignored.push({ lineID: event.lineID, atMs: event.atMs, reason: 'stale' });
      return;
    }
    switch (event.type) {
      case 'lineState':
        await this.lineState(line, event.atMs, event.running);
        break;
      case 'counters':
        this.counters(line, event.atMs, event.units, event.discards);
        break;
      case 'orderStarted':
        await this.orderStarted(line, event.order, event.atMs);
        break;
      case 'orderFinished':
        await this.orderFinished(line, event.order ?? null, event.atMs);
        break;
      case 'manualStop':
        await this.manualStop(line, event);
        break;
    }
    this.result.applied += 1;
  }

  private touch(line: LineRuntime, atMs: number): void {
    line.state.lastSampleAt = Math.max(line.state.lastSampleAt ?? atMs, atMs);
    line.state.firstSeenAt ??= atMs;
    line.seen = true;
    line.dirty = true;
  }

  private async open(line: LineRuntime, atMs: number, systemReasonID?: number): Promise<void> {
    const stop = await openStop(this.trx, { lineID: line.state.lineID, startMs: atMs, order: line.ready, systemReasonID }, this.reasons, { ...this.ctx, action: 'open' });
    line.openStop = stop;
    this.result.stopsOpened.push(stop);
  }

  private async close(line: LineRuntime, atMs: number): Promise<void> {
    const stop = line.openStop;
    if (!stop) return;
    const closed = await closeStop(this.trx, stop, Math.max(atMs, stop.startDate), this.microStopSeconds, this.reasons, this.ctx);
    line.openStop = null;
    this.result.stopsClosed.push(closed);
    const shiftStartMs = shiftAt(closed.endDate!, this.clock.timeZone).startMs;
    if (closed.startDate < shiftStartMs) this.pastRanges.push({ lineID: closed.lineID, fromMs: closed.startDate, toMs: shiftStartMs });
  }

  private async lineState(line: LineRuntime, atMs: number, running: boolean | null): Promise<void> {
    const next = running === null ? null : running ? 1 : 0;
    const unchanged = line.seen && line.state.running === next;
    this.touch(line, atMs);
    if (unchanged) return;
    const open = line.openStop;
    if (open && atMs < open.startDate) return;
    const disconnectionStop = open !== null && open.reasonID === REASON.OPC_DISCONNECTED;
    if (running === true) {
      await this.close(line, atMs);
    } else if (running === false) {
      if (disconnectionStop) await this.close(line, atMs);
      if (!line.openStop) await this.open(line, atMs);
    } else if (!open) {
      await this.open(line, atMs, REASON.OPC_DISCONNECTED);
    }
    line.state.running = next;
    line.state.changedAt = atMs;
  }

  private counters(line: LineRuntime, atMs: number, units: number | null, discards: number | null): void {
    const unitsStep = counterStep(line.state.unitsCounter, units);
    const discardsStep = counterStep(line.state.discardsCounter, discards);
    if (unitsStep.reset) this.result.counterResets.push({ lineID: line.state.lineID, atMs, counter: 'units' });
    if (discardsStep.reset) this.result.counterResets.push({ lineID: line.state.lineID, atMs, counter: 'discards' });
    line.state.unitsCounter = unitsStep.next;
    line.state.discardsCounter = discardsStep.next;
    this.touch(line, atMs);
    if (unitsStep.delta === 0 && discardsStep.delta === 0) return;
    const minuteStart = minuteOf(atMs);
    const key = `${line.state.lineID}|${minuteStart}`;
    const delta = this.production.get(key);
    if (delta) {
      delta.units += unitsStep.delta;
      delta.discards += discardsStep.delta;
    } else {
      this.production.set(key, { lineID: line.state.lineID, minuteStart, order: line.ready?.order ?? null, units: unitsStep.delta, discards: discardsStep.delta });
    }
  }

  private async orderStarted(line: LineRuntime, order: string, atMs: number): Promise<void> {
    const { started, finalized } = await startOrder(this.trx, { lineID: line.state.lineID, order, atMs }, this.clock, this.ctx);
    if (finalized) this.result.ordersFinished.push(finalized);
    this.result.ordersStarted.push(started);
    line.ready = { order: started.order, op: started.op, version: started.version };
  }

  private async orderFinished(line: LineRuntime, order: string | null, atMs: number): Promise<void> {
    this.result.ordersFinished.push(await finishOrder(this.trx, { lineID: line.state.lineID, order, atMs }, this.clock, this.ctx));
    line.ready = null;
  }

  private async manualStop(line: LineRuntime, input: ManualStopInput): Promise<void> {
    const stop = await recordManualStop(this.trx, input, this.clock, this.ctx);
    if (stop.endDate === null) line.openStop = stop;
    this.result.manualStops.push(stop);
  }

  /**
   * Writes the production and the line states gathered (one statement each, not one per line: a tick writes every
   * line), then recomputes the past shifts long stops touched.
   */
  async flush(): Promise<void> {
    await addProductionMinutes(this.trx, [...this.production.values()]);
    await saveLineStates(this.trx, [...this.lines.values()].filter((line) => line.dirty).map((line) => line.state));
    for (const range of this.pastRanges) {
      await refreshIndexesAffectedBy(this.trx, range.lineID, range.fromMs, range.toMs, this.clock, { ...this.ctx, action: 'refresh' });
    }
  }
}

/** Applies line events in order, all in one transaction (all or nothing). */
export async function applyLineEvents(db: Database, events: readonly LineEvent[], context: IngestionContext): Promise<IngestionResult> {
  const lineIDs = [...new Set(events.map((event) => event.lineID))];
  return db.transaction().execute(async (trx) => {
    const states = await statesOfExistingLines(trx, lineIDs);
    const known = [...states.keys()];
    const [openStops, readyOrders, parameters] = [
      await openStopsOfLines(trx, known),
      await readyOrdersOfLines(trx, known),
      await engineParameters(trx),
    ];
    const lines = new Map<number, LineRuntime>();
    for (const lineID of known) {
      const stored = states.get(lineID);
      const ready = readyOrders.get(lineID);
      lines.set(lineID, {
        state: stored ?? { lineID, running: null, changedAt: null, unitsCounter: null, discardsCounter: null, lastSampleAt: null, firstSeenAt: null },
        seen: stored !== undefined,
        dirty: false,
        openStop: openStops.get(lineID) ?? null,
        ready: ready ? { order: ready.order, op: ready.op, version: ready.version } : null,
      });
    }
    const ingestion = new Ingestion(trx, lines, parameters.microStopSeconds, context);
    for (const event of events) await ingestion.apply(event);
    await ingestion.flush();
    return ingestion.result;
  });
}
