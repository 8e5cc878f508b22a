import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { WriteContext } from '../../db/writes';
import { calendarShiftAt } from '../../domain/work-calendar';
import { lineCalendars, type LineCalendars } from '../calendar/line-calendars';
import { counterStep, counterStepLimit } from '../../domain/counters';
import { REASON } from '../../domain/stops';
import { fieldError } from '../../http/errors';
import { minuteOf } from '../../domain/time';
import { engineParameters, ordersOverlapping, type EngineParameters } from './indexes.repository';
import { refreshIndexesAffectedBy, refreshOrderIndex, type EngineClock } from './indexes.service';
import { readyOrdersOfLines, type OrderRow } from '../orders';
import { finishOrder, startOrder } from '../orders/orders.service';
import {
  recordDeclaration,
  type DeclarationOutcome,
  type ProductionBooking,
  type ProductionDeclaration,
} from '../production/production-declarations.service';
import { findStop, openStopsOfLines, type StopRow } from '../stops';
import {
  closeStop,
  discardEmptyStop,
  moveStopStart,
  openStop,
  relabelStop,
  ReasonSource,
  recordManualStop,
  reopenStop,
  type ManualStopInput,
} from '../stops/stops.service';
import {
  addProductionMinutes,
  linesWithBeacon,
  saveLineStates,
  statesOfExistingLines,
  topSpeedsOfLines,
  type LineStateRow,
  type ProductionDelta,
} from './line-events.repository';

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
 * - a gap in the data: the line's state becomes unknown (its server disconnected, a bad-quality tag, a failing
 *   script: reason 4, OPC disconnected) or the edge itself was not running (`recordEdgeRestart`: reason 9). Whatever
 *   the line was doing ends at the gap's start, and a stop of the gap's reason covers it.
 * - known again: the reading's own time (its source timestamp, never before the gap's start) ends the gap, and the
 *   line's state follows from that instant. A gap the source says nothing happened in (the reading is older than the
 *   gap) was no gap: its stop is deleted and a stop the gap had interrupted goes on as one stop.
 * No stop of zero length is kept. Events older than the line's last change of state are ignored (a late delivery
 * must not rewrite what is stored), except a gap's first reading, which holds from the gap's start.
 *
 * Counters are absolute: production is the step between two readings of the same source (counters.ts). A reading
 * from another source (a re-pointed tag, another server, another script) starts a new baseline, and a step no line
 * could make (counterStepLimit) is not booked: both are reported in `counterEvents`, with the resets.
 */

export type LineEvent =
  | {
      type: 'lineState';
      lineID: number;
      atMs: number;
      running: boolean | null;
      /** The newest source time among the tags the line reads (see LineSample.newestMs). */
      newestMs?: number;
    }
  | {
      type: 'counters';
      lineID: number;
      atMs: number;
      units: number | null;
      discards: number | null;
      /** Where each counter was read from (see LineSample); absent: the same source as before. */
      unitsSource?: string;
      discardsSource?: string;
      /** See LineSample.newestMs: the counters are read as of then when it is later than atMs. */
      newestMs?: number;
    }
  | { type: 'orderStarted'; lineID: number; atMs: number; order: string }
  | { type: 'orderFinished'; lineID: number; atMs: number; order?: string | null }
  | ({ type: 'manualStop' } & ManualStopInput)
  /** A production lot or discards declared by hand (production manager); atMs: when it was declared. */
  | { type: 'productionDeclaration'; lineID: number; atMs: number; declaration: ProductionDeclaration };

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
  /**
   * Where the counters come from (script, tags, node ids, servers), as one text each: another text than the last
   * one stored starts a new baseline. Absent: the same source as before.
   */
  unitsSource?: string;
  discardsSource?: string;
  /**
   * The newest source time among every tag the line reads, counters included. A gap's first reading whose beacon is
   * older than the gap still ends it here when a counter (or any tag) changed after the gap started: something
   * happened that the edge could not see, so the gap was real. Absent: only the beacon's time is known.
   */
  newestMs?: number;
}

export interface IngestionContext {
  nowMs: number;
  timeZone: string;
  /** The user behind the events (manual entry, order calls); null for the acquisition. */
  userID: string | null;
  /**
   * The events' times are the sources' own timestamps (the acquisition): a line's very first reading then counts from
   * at most FIRST_READING_MAX_AGE_MS before nowMs.
   */
  sourceTimes?: boolean;
}

export type IgnoredReason = 'unknownLine' | 'stale';

/**
 * A line's very first reading counts from at most this long ago, whatever its source timestamp says: nothing was
 * known of the line before the edge read it (a beacon stopped for days would otherwise open a stop days old).
 */
export const FIRST_READING_MAX_AGE_MS = 60_000;

/**
 * A counter reading that was not booked as production as it came: a reset (the units since are counted), a new
 * source (a new baseline, nothing counted) or a step no line could make (a new baseline, nothing counted).
 */
export interface CounterEvent {
  lineID: number;
  atMs: number;
  counter: 'units' | 'discards';
  kind: 'reset' | 'newSource' | 'implausible';
  previous: number | null;
  current: number | null;
  /** For 'implausible': the most the line could have made meanwhile. */
  limit?: number;
}

export interface IngestionResult {
  applied: number;
  ignored: Array<{ lineID: number; atMs: number; reason: IgnoredReason }>;
  stopsOpened: StopRow[];
  stopsClosed: StopRow[];
  counterEvents: CounterEvent[];
  ordersStarted: OrderRow[];
  ordersFinished: OrderRow[];
  manualStops: StopRow[];
  declarations: DeclarationOutcome[];
}

interface LineRuntime {
  state: LineStateRow;
  /** false until the line's first event ever. */
  seen: boolean;
  dirty: boolean;
  openStop: StopRow | null;
  ready: ReadyOrder | null;
}

interface ReadyOrder {
  order: string;
  op: string | null;
  version: number;
  startMs: number | null;
}

function eventTime(event: LineEvent): number {
  return event.type === 'manualStop' ? event.startMs : event.atMs;
}

/** Turns acquisition samples into events: the state first, then the counters, per line. */
export function samplesToEvents(samples: readonly LineSample[]): LineEvent[] {
  const events: LineEvent[] = [];
  for (const sample of samples) {
    events.push({ type: 'lineState', lineID: sample.lineID, atMs: sample.atMs, running: sample.running, newestMs: sample.newestMs });
    events.push({
      type: 'counters',
      lineID: sample.lineID,
      atMs: sample.atMs,
      units: sample.units,
      discards: sample.discards,
      unitsSource: sample.unitsSource,
      discardsSource: sample.discardsSource,
      newestMs: sample.newestMs,
    });
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
    counterEvents: [],
    ordersStarted: [],
    ordersFinished: [],
    manualStops: [],
    declarations: [],
  };
  private readonly production = new Map<string, ProductionDelta>();
  /**
   * Stops closed in a later shift than they started, and minutes given declared production: the orders and shifts
   * they touch are recomputed once the production is written.
   */
  private readonly pastRanges: Array<{ lineID: number; fromMs: number; toMs: number }> = [];
  /** The minutes counters booked production into (see countedInPastShifts). */
  private readonly counted: Array<{ lineID: number; minuteStart: number }> = [];
  private readonly reasons: ReasonSource;
  private readonly clock: EngineClock;
  private readonly ctx: WriteContext;
  /** The lines' top speeds, read once per transaction and only when a counter moved (counterStepLimit). */
  private topSpeeds: Map<number, number> | null = null;
  private calendars: Promise<LineCalendars> | null = null;
  /** Per calendar, the last instant shiftStartAt looked up and its shift's start. */
  private readonly shiftStarts = new Map<ReturnType<LineCalendars['of']>, { instantMs: number; startMs: number }>();
  private readonly sourceTimes: boolean;

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly lines: Map<number, LineRuntime>,
    private readonly parameters: EngineParameters,
    context: IngestionContext,
  ) {
    this.reasons = new ReasonSource(trx);
    this.clock = { nowMs: context.nowMs, timeZone: context.timeZone };
    this.ctx = { userID: context.userID, now: context.nowMs };
    this.sourceTimes = context.sourceTimes === true;
  }

  /**
   * Applies one event. The acquisition's usual events (a line in the same state, counters read) are applied at once,
   * without a promise: a tick of a plant is a hundred of them, and what they need (the line's runtime, the lines' top
   * speeds once read) is in memory. Whatever writes or reads the database answers its promise.
   */
  apply(event: LineEvent): Promise<void> | void {
    const line = this.lines.get(event.lineID);
    if (!line) {
      this.result.ignored.push({ lineID: event.lineID, atMs: eventTime(event), reason: 'unknownLine' });
      return;
    }
    switch (event.type) {
      case 'lineState': {
        const atMs = this.stateTime(line, event.atMs, event.running, event.newestMs);
        if (atMs === null) return this.ignore(event.lineID, event.atMs);
        if (this.stateUnchanged(line, event.running)) {
          this.touch(line, atMs);
          this.result.applied += 1;
          return;
        }
        return this.lineState(line, atMs, event.running).then(() => void (this.result.applied += 1));
      }
      case 'counters': {
        const atMs = this.counterTime(line, event);
        if (atMs === null) return this.ignore(event.lineID, event.atMs);
        if (
          this.topSpeeds === null &&
          (this.mayCount(line, 'units', event.units, event.unitsSource) ||
            this.mayCount(line, 'discards', event.discards, event.discardsSource))
        )
          return this.loadTopSpeeds().then(() => {
            this.counters(line, atMs, event);
            this.result.applied += 1;
          });
        this.counters(line, atMs, event);
        this.result.applied += 1;
        return;
      }
      default:
        return this.applyOther(line, event);
    }
  }

  private async applyOther(line: LineRuntime, event: Exclude<LineEvent, { type: 'lineState' | 'counters' }>): Promise<void> {
    switch (event.type) {
      case 'orderStarted':
        await this.orderStarted(line, event.order, event.atMs);
        break;
      case 'orderFinished':
        await this.orderFinished(line, event.order ?? null, event.atMs);
        break;
      case 'manualStop':
        await this.manualStop(line, event);
        break;
      case 'productionDeclaration':
        await this.declaration(line, event.declaration);
        break;
    }
    this.result.applied += 1;
  }

  /** What the edge found when it started again: every line it knew is in a gap from the last instant it knew it. */
  async edgeRestarted(line: LineRuntime): Promise<void> {
    const sinceMs = line.state.lastSampleAt;
    if (!line.seen || sinceMs === null) return;
    const open = line.openStop;
    if (open?.reasonID === REASON.EDGE_DOWN) return;
    if (open && isGapStop(open)) await this.switchGap(line, sinceMs, REASON.EDGE_DOWN);
    else await this.startGap(line, sinceMs, REASON.EDGE_DOWN);
    line.state.running = null;
    line.state.changedAt = sinceMs;
    line.dirty = true;
  }

  private ignore(lineID: number, atMs: number): void {
    this.result.ignored.push({ lineID, atMs, reason: 'stale' });
  }

  /**
   * The instant a state event takes effect, or null when it is stale (older than the line's last change of state).
   * The first reading after a gap may be older than the gap: it then holds from the gap's start, unless another tag
   * of the line changed after the gap started (`newestMs`): the gap was real, and ends at that change.
   */
  private stateTime(line: LineRuntime, atMs: number, running: boolean | null, newestMs: number | undefined): number | null {
    if (!line.seen) return this.sourceTimes ? Math.max(atMs, this.clock.nowMs - FIRST_READING_MAX_AGE_MS) : atMs;
    const floor = line.state.changedAt;
    const endsGap = line.state.running === null && running !== null;
    if (endsGap && floor !== null && atMs <= floor && newestMs !== undefined && newestMs > floor)
      return Math.min(newestMs, Math.max(floor, this.clock.nowMs));
    if (floor === null || atMs >= floor) return atMs;
    return endsGap ? floor : null;
  }

  /**
   * The instant a counter reading is booked at, or null when it is stale. A reading older than the line's last
   * sample is booked then, unless a counter went down: a late delivery must not pass for a reset.
   */
  private counterTime(line: LineRuntime, event: Extract<LineEvent, { type: 'counters' }>): number | null {
    const last = line.state.lastSampleAt;
    // Read as of the newest change among the line's tags (a counter that moved after the beacon last did).
    const atMs =
      event.newestMs !== undefined && event.newestMs > event.atMs
        ? Math.min(event.newestMs, Math.max(event.atMs, this.clock.nowMs))
        : event.atMs;
    if (last === null || atMs >= last) return atMs;
    const wentDown = (previous: number | null, current: number | null) => previous !== null && current !== null && current < previous;
    const sameSource = (stored: string | null, source: string | undefined) => source === undefined || stored === null || stored === source;
    if (sameSource(line.state.unitsSource, event.unitsSource) && wentDown(line.state.unitsCounter, event.units)) return null;
    if (sameSource(line.state.discardsSource, event.discardsSource) && wentDown(line.state.discardsCounter, event.discards)) return null;
    return last;
  }

  private touch(line: LineRuntime, atMs: number): void {
    line.state.lastSampleAt = Math.max(line.state.lastSampleAt ?? atMs, atMs);
    line.state.firstSeenAt ??= atMs;
    line.seen = true;
    line.dirty = true;
  }

  private async open(line: LineRuntime, atMs: number, systemReasonID?: number): Promise<void> {
    const stop = await openStop(this.trx, { lineID: line.state.lineID, startMs: atMs, order: line.ready, systemReasonID }, this.reasons, {
      ...this.ctx,
      action: 'open',
    });
    line.openStop = stop;
    this.result.stopsOpened.push(stop);
  }

  /**
   * Closes the line's open stop at `atMs`; one that would end where it starts is discarded. `classify` false: a gap
   * starts, and the stop is not judged a microstop (see settleInterrupted).
   */
  private async close(line: LineRuntime, atMs: number, classify = true): Promise<void> {
    const stop = line.openStop;
    if (!stop) return;
    line.openStop = null;
    if (atMs <= stop.startDate) {
      await discardEmptyStop(this.trx, stop, this.ctx);
      return;
    }
    const closed = await closeStop(this.trx, stop, atMs, this.parameters.microStopSeconds, this.reasons, this.ctx, classify);
    this.result.stopsClosed.push(closed);
    await this.refreshPastOf(line, closed);
  }

  /**
   * A stop that closed reaching back before the current shift or the Ready order changes indexes the periodic refresh
   * no longer computes (a past shift, an order that ended during the stop: its length decides whether it is a
   * failure): those are recomputed once the transaction's production is written.
   */
  private async refreshPastOf(line: LineRuntime, closed: StopRow): Promise<void> {
    const endMs = closed.endDate!;
    const shiftStartMs = await this.shiftStartAt(closed.lineID, endMs);
    const readySinceMs = line.ready?.startMs ?? null;
    const pastOrder =
      readySinceMs !== null
        ? closed.startDate < readySinceMs
        : (await ordersOverlapping(this.trx, closed.lineID, closed.startDate, endMs)).length > 0;
    if (closed.startDate < shiftStartMs || pastOrder)
      this.pastRanges.push({ lineID: closed.lineID, fromMs: closed.startDate, toMs: endMs });
  }

  /**
   * A gap of `reasonID` starts at `atMs`: what the line was doing ends there (kept aside, it may go on after). A stop
   * that starts exactly there (the edge died just after the line stopped) is the interrupted stop too: it is kept, at
   * no length for the moment, with everything people entered on it (its recognition, its notes), and settled when
   * the gap ends (settleInterrupted).
   */
  private async startGap(line: LineRuntime, atMs: number, reasonID: number): Promise<void> {
    const open = line.openStop;
    // A stop entered by hand after the line's last news is not the line's to end.
    if (open && open.startDate > atMs) return;
    line.state.interruptedStopID = open ? open.stopID : null;
    if (open && open.startDate === atMs) {
      line.openStop = null;
      await closeStop(this.trx, open, atMs, this.parameters.microStopSeconds, this.reasons, this.ctx, false);
    } else {
      await this.close(line, atMs, false);
    }
    await this.open(line, atMs, reasonID);
  }

  /**
   * The gap goes on with another reason from `atMs` (the edge went down during a disconnection, or came back to none).
   * A gap that has not lasted yet only changes its reason: the same stop, relabelled.
   */
  private async switchGap(line: LineRuntime, atMs: number, reasonID: number): Promise<void> {
    const gap = line.openStop!;
    const at = Math.max(atMs, gap.startDate);
    if (at === gap.startDate) {
      line.openStop = await relabelStop(this.trx, gap, reasonID, this.reasons, { ...this.ctx, action: 'relabel' });
      return;
    }
    await this.settleInterrupted(line, at, null);
    await this.close(line, at);
    await this.open(line, at, reasonID);
  }

  /**
   * The line is known again at `atMs`. A gap the reading does not reach into (atMs at its start) was none: its stop is
   * discarded and the interrupted stop, if the line is still stopped, goes on. Otherwise the gap's stop ends there.
   */
  private async endGap(line: LineRuntime, atMs: number, running: boolean): Promise<void> {
    const gap = line.openStop!;
    const interrupted = line.state.interruptedStopID;
    await this.close(line, atMs);
    if (atMs <= gap.startDate && interrupted !== null && !running) {
      line.openStop = await reopenStop(this.trx, interrupted, gap.startDate, { ...this.ctx, action: 'reopen' });
      if (line.openStop) {
        line.state.interruptedStopID = null;
        return;
      }
    }
    const fromMs = Math.max(atMs, gap.startDate);
    const moved = await this.settleInterrupted(line, fromMs, running);
    if (moved) line.openStop = moved;
    else if (!running) await this.open(line, fromMs);
  }

  /**
   * The stop a gap interrupted will not go on. One that ran before the gap stays as it is, unrecognized if it was: how
   * long the line really stood is not known (at least until the gap), so it is never taken for a microstop. One the
   * gap cut at its very start (no length) is never lost, nor anything people entered on it: when the line is known
   * stopped again (`running` false at `atMs`), it becomes the stop in progress from there, keeping its row, its
   * recognition and its notes; when the line is known running, it stays as the stop of no length it was, a microstop
   * if nobody recognized it. A gap that only changes its reason (`running` null) keeps it aside for the gap's end.
   * Answers the stop now in progress, if it is that one.
   */
  private async settleInterrupted(line: LineRuntime, atMs: number, running: boolean | null): Promise<StopRow | null> {
    const stopID = line.state.interruptedStopID;
    if (stopID === null) return null;
    const stop = await findStop(this.trx, stopID);
    if (!stop || stop.endDate !== stop.startDate) {
      line.state.interruptedStopID = null;
      return null;
    }
    if (running === null) return null;
    line.state.interruptedStopID = null;
    if (running) {
      await closeStop(this.trx, stop, stop.startDate, this.parameters.microStopSeconds, this.reasons, this.ctx);
      return null;
    }
    return moveStopStart(this.trx, stop, atMs, { ...this.ctx, action: 'resume' });
  }

  /** Whether a state event leaves the line as it is (seen, in that state): it is then only touched. */
  private stateUnchanged(line: LineRuntime, running: boolean | null): boolean {
    const next = running === null ? null : running ? 1 : 0;
    // Still unknown, but now because the edge cannot read the line, no longer because it was not running.
    const edgeBack = running === null && line.openStop?.reasonID === REASON.EDGE_DOWN;
    return line.seen && line.state.running === next && !edgeBack;
  }

  private async lineState(line: LineRuntime, atMs: number, running: boolean | null): Promise<void> {
    const next = running === null ? null : running ? 1 : 0;
    const unchanged = this.stateUnchanged(line, running);
    this.touch(line, atMs);
    if (unchanged) return;
    const open = line.openStop;
    if (open && atMs < open.startDate) return;
    if (running === null) {
      if (!open || !isGapStop(open)) await this.startGap(line, atMs, REASON.OPC_DISCONNECTED);
      else if (open.reasonID === REASON.EDGE_DOWN) await this.switchGap(line, atMs, REASON.OPC_DISCONNECTED);
    } else if (open && isGapStop(open)) {
      await this.endGap(line, atMs, running);
    } else if (running) {
      await this.close(line, atMs);
    } else if (!open) {
      await this.open(line, atMs);
    }
    line.state.running = next;
    line.state.changedAt = atMs;
  }

  /** Books a counters event; the lines' top speeds are read already when one of its counters moves (see apply). */
  private counters(line: LineRuntime, atMs: number, event: Extract<LineEvent, { type: 'counters' }>): void {
    const units = this.counterStep(line, atMs, 'units', event.units, event.unitsSource);
    const discards = this.counterStep(line, atMs, 'discards', event.discards, event.discardsSource);
    if (event.units !== null && Number.isFinite(event.units) && event.units >= 0) line.state.countersReadAt = atMs;
    this.touch(line, atMs);
    if (units === 0 && discards === 0) return;
    const minuteStart = minuteOf(atMs);
    this.addProduction({ lineID: line.state.lineID, minuteStart, order: line.ready?.order ?? null, units, discards });
    this.counted.push({ lineID: line.state.lineID, minuteStart });
  }

  /** Production into its line, minute and order: the order Ready when it was made (or declared for). */
  private addProduction(production: ProductionDelta): void {
    const key = `${production.lineID}|${production.minuteStart}|${production.order ?? ''}`;
    const delta = this.production.get(key);
    if (delta) {
      delta.units += production.units;
      delta.discards += production.discards;
      if (production.startupDiscards) delta.startupDiscards = (delta.startupDiscards ?? 0) + production.startupDiscards;
    } else {
      this.production.set(key, { ...production });
    }
  }

  /**
   * Whether `counterStep` would find the counter moved (and so need the line's top speed): the same test, without
   * changing anything.
   */
  private mayCount(line: LineRuntime, counter: 'units' | 'discards', current: number | null, source: string | undefined): boolean {
    const state = line.state;
    const [previous, storedSource] =
      counter === 'units' ? [state.unitsCounter, state.unitsSource] : [state.discardsCounter, state.discardsSource];
    if (source !== undefined && storedSource !== null && source !== storedSource) return false;
    return counterStep(previous, current).delta !== 0;
  }

  /** Moves one counter of the line to `current` and answers the production to book (see the class comment). */
  private counterStep(
    line: LineRuntime,
    atMs: number,
    counter: 'units' | 'discards',
    current: number | null,
    source: string | undefined,
  ): number {
    const state = line.state;
    const [previous, storedSource] =
      counter === 'units' ? [state.unitsCounter, state.unitsSource] : [state.discardsCounter, state.discardsSource];
    const set = (value: number | null) => {
      if (counter === 'units') state.unitsCounter = value;
      else state.discardsCounter = value;
      if (source === undefined) return;
      if (counter === 'units') state.unitsSource = source;
      else state.discardsSource = source;
    };
    const report = (kind: CounterEvent['kind'], limit?: number) =>
      this.result.counterEvents.push({
        lineID: state.lineID,
        atMs,
        counter,
        kind,
        previous,
        current,
        ...(limit === undefined ? {} : { limit }),
      });

    // A stored source of null predates the tracking of sources: adopted as it is, nothing is lost.
    if (source !== undefined && storedSource !== null && source !== storedSource) {
      set(counterStep(null, current).next);
      report('newSource');
      return 0;
    }
    const step = counterStep(previous, current);
    set(step.next);
    if (step.reset) report('reset');
    if (step.delta === 0) return 0;
    const limit = counterStepLimit(
      this.topSpeedOf(state.lineID),
      atMs - (state.countersReadAt ?? atMs),
      this.parameters.counterPlausibilityFactor,
    );
    if (limit !== null && step.delta > limit) {
      report('implausible', limit);
      return 0;
    }
    return step.delta;
  }

  private async loadTopSpeeds(): Promise<void> {
    this.topSpeeds = await topSpeedsOfLines(this.trx, [...this.lines.keys()]);
  }

  private topSpeedOf(lineID: number): number | null {
    if (this.topSpeeds === null) throw new Error('The top speeds are read before a counter is booked');
    return this.topSpeeds.get(lineID) ?? null;
  }

  private async orderStarted(line: LineRuntime, order: string, atMs: number): Promise<void> {
    const { started, finalized } = await startOrder(this.trx, { lineID: line.state.lineID, order, atMs }, this.clock, this.ctx);
    if (finalized) this.result.ordersFinished.push(finalized);
    this.result.ordersStarted.push(started);
    line.ready = { order: started.order, op: started.op, version: started.version, startMs: started.startDate };
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

  private async declaration(line: LineRuntime, declaration: ProductionDeclaration): Promise<void> {
    const outcome = await recordDeclaration(this.trx, line.state.lineID, declaration, this.clock, this.ctx);
    this.result.declarations.push(outcome);
    if (outcome.booking) this.book(outcome.booking);
  }

  /** Declared production (a delta, negative when withdrawn) into its order's minute, like a counted step. */
  private book(booking: ProductionBooking): void {
    this.addProduction(booking);
    this.pastRanges.push({ lineID: booking.lineID, fromMs: booking.minuteStart, toMs: booking.minuteStart + 60_000 });
  }

  /**
   * Counted production booked into a shift already over (readings stored late, with their own times: kept while the
   * disk was full) changes that shift's indexes: one range per line, from its first such minute to the shift's end.
   */
  private async countedInPastShifts(): Promise<void> {
    if (this.counted.length === 0) return;
    const calendars = await (this.calendars ??= lineCalendars(this.trx));
    const earliest = new Map<number, number>();
    const currentShiftStart = new Map<number, number>();
    for (const delta of this.counted) {
      let startMs = currentShiftStart.get(delta.lineID);
      if (startMs === undefined)
        currentShiftStart.set(delta.lineID, (startMs = this.shiftStartIn(calendars, delta.lineID, this.clock.nowMs)));
      if (delta.minuteStart < startMs)
        earliest.set(delta.lineID, Math.min(delta.minuteStart, earliest.get(delta.lineID) ?? delta.minuteStart));
    }
    for (const [lineID, fromMs] of earliest) this.pastRanges.push({ lineID, fromMs, toMs: currentShiftStart.get(lineID)! });
  }

  /**
   * The start of the shift of line `lineID`'s work calendar containing `instantMs` (the calendars read once, cached;
   * lines sharing a calendar, most of a plant's, look the same instant up once per transaction).
   */
  private async shiftStartAt(lineID: number, instantMs: number): Promise<number> {
    return this.shiftStartIn(await (this.calendars ??= lineCalendars(this.trx)), lineID, instantMs);
  }

  private shiftStartIn(calendars: LineCalendars, lineID: number, instantMs: number): number {
    const calendar = calendars.of(lineID);
    const known = this.shiftStarts.get(calendar);
    if (known?.instantMs === instantMs) return known.startMs;
    const startMs = calendarShiftAt(calendar, instantMs, this.clock.timeZone).startMs;
    this.shiftStarts.set(calendar, { instantMs, startMs });
    return startMs;
  }

  /**
   * Writes the production and the line states gathered (one statement each, not one per line: a tick writes every
   * line), then recomputes the past shifts long stops touched.
   */
  async flush(): Promise<void> {
    await this.countedInPastShifts();
    const production = [...this.production.values()];
    await addProductionMinutes(this.trx, production);
    await saveLineStates(
      this.trx,
      [...this.lines.values()].filter((line) => line.dirty).map((line) => line.state),
    );
    const ctx = { ...this.ctx, action: 'refresh' };
    for (const range of this.pastRanges) {
      await refreshIndexesAffectedBy(this.trx, range.lineID, range.fromMs, range.toMs, this.clock, ctx);
    }
    // An order that is no longer Ready got production in this transaction (it ended in it, after these units were
    // made, or late readings reached it): its final index is computed again now that they are stored.
    const ended = new Set(
      production
        .filter((delta) => delta.order !== null && delta.order !== this.lines.get(delta.lineID)?.ready?.order)
        .map((delta) => delta.order!),
    );
    for (const order of ended) await refreshOrderIndex(this.trx, order, this.clock, this.parameters.microStopSeconds, ctx);
  }
}

/** A stop that stands for a gap in the line's data rather than for something the line did. */
function isGapStop(stop: StopRow): boolean {
  return stop.reasonID === REASON.OPC_DISCONNECTED || stop.reasonID === REASON.EDGE_DOWN;
}

/** Runs `work` on the lines of `lineIDs` that exist, in one transaction, and stores what it changed. */
async function withLines(
  db: Database,
  lineIDs: readonly number[] | 'read',
  context: IngestionContext,
  work: (ingestion: Ingestion, lines: Map<number, LineRuntime>) => Promise<void>,
): Promise<IngestionResult> {
  return db.transaction().execute(async (trx) => {
    const wanted = lineIDs === 'read' ? await linesWithBeacon(trx) : lineIDs;
    const states = await statesOfExistingLines(trx, wanted);
    const known = [...states.keys()];
    // A person names a line that does not exist: refused (the acquisition's readings of a deleted line are ignored).
    const missing = lineIDs === 'read' || context.userID === null ? undefined : wanted.find((lineID) => !states.has(lineID));
    if (missing !== undefined) throw fieldError('validation', 'line.notFound', 'lineID', { lineID: missing });
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
        state: stored ?? {
          lineID,
          running: null,
          changedAt: null,
          unitsCounter: null,
          discardsCounter: null,
          lastSampleAt: null,
          firstSeenAt: null,
          interruptedStopID: null,
          unitsSource: null,
          discardsSource: null,
          countersReadAt: null,
        },
        seen: stored !== undefined,
        dirty: false,
        openStop: openStops.get(lineID) ?? null,
        ready: ready ? { order: ready.order, op: ready.op, version: ready.version, startMs: ready.startDate } : null,
      });
    }
    const ingestion = new Ingestion(trx, lines, parameters, context);
    await work(ingestion, lines);
    await ingestion.flush();
    return ingestion.result;
  });
}

/** Applies line events in order, all in one transaction (all or nothing). */
export function applyLineEvents(db: Database, events: readonly LineEvent[], context: IngestionContext): Promise<IngestionResult> {
  return withLines(db, [...new Set(events.map((event) => event.lineID))], context, async (ingestion) => {
    for (const event of events) {
      const applying = ingestion.apply(event);
      if (applying) await applying;
    }
  });
}

/**
 * Called once when the edge starts, before it reads anything: the time it was not running is a gap for every line it
 * knew and reads (a beacon script: reason 9, from the last instant it knew each line), so that time is charged neither
 * to the stop that was open nor to the line running. The first reading of each line ends that gap at the reading's
 * own time. A line no script reads (its stops entered by hand) has no gap: nothing would end it.
 */
export function recordEdgeRestart(db: Database, context: IngestionContext): Promise<IngestionResult> {
  return withLines(db, 'read', context, async (ingestion, lines) => {
    for (const line of lines.values()) await ingestion.edgeRestarted(line);
  });
}
