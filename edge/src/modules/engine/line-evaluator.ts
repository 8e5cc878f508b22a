import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { isDiskFull } from '../../db/disk-full';
import { type CompiledScript, compileScript, decodeStoredScript, type ScriptKind } from '../../domain/script';
import type { LineSample } from './line-events.service';
import type { DiagnosticsLog, LineOutcome, TagCache } from '../../acquisition';
import { WAITING_STATUS } from '../../domain/tag-status';
import { minuteOf } from '../../domain/time';

/**
 * Turns tag values into line samples: on every tag change (for the lines whose scripts read that tag) and for every
 * line at least every `oeeCalculationRefresh` seconds, it evaluates the line's scripts and hands the samples to the
 * OEE engine's ingestion. Stop and production rules are the engine's; this only says, per line and instant, whether
 * it runs and what its absolute counters read.
 *
 * Passes never overlap and never block: changes arriving while a pass is being stored accumulate for the next pass,
 * and a burst of changes (one OPC UA publish response, one HTTP post) makes one pass.
 *
 * A pass the database cannot store for lack of space (a full disk) is not lost: its samples are kept, in memory, and
 * stored ahead of the next pass's, each with its own source time, once a pass is stored again. So what a line made
 * while the disk was full is counted once, in the minutes it was made, and its stops keep their real start and end.
 */

export type { LineSample };

/**
 * Counters that moved while their line kept its state wait for the next transaction, at most this long: they ride
 * along with any sample sent meanwhile (a change of state, the periodic pass), else they are flushed when the first
 * of them has waited this long.
 */
export const COUNTER_FLUSH_MS = 1_000;

/**
 * The most samples kept per line while they cannot be stored (see keepUnstored): about a day of a line that runs
 * steadily (one sample a minute is kept) and changes state every few minutes. Beyond it the oldest are dropped.
 */
export const MAX_UNSTORED_PER_LINE = 2_000;

/** The engine's ingestion (line-events' `ingestSamples`), as this loop needs it. */
export interface LineSampleSink {
  /**
   * `routine`: every sample repeats its line's last state, from the same sources, and only its counters may have
   * moved (the counters' flush, the periodic pass of lines that kept their state): no stop opens or closes for it.
   */
  ingest(samples: readonly LineSample[], options?: { routine: boolean }): Promise<void>;
}

/** A line's stored scripts (SPEC.md's Resource fields). */
export interface LineScripts {
  lineID: number;
  calculationBaliza: string | null;
  calculationUnits: string | null;
  calculationDiscards: string | null;
}

interface CompiledLine {
  lineID: number;
  running: CompiledScript<boolean> | null;
  units: CompiledScript<number> | null;
  discards: CompiledScript<number> | null;
  /** Scripts that do not compile. Without a running script the line is not evaluated; without a counter, it is null. */
  problems: string[];
  /** Where each reading comes from: the script and the origin of every tag it reads (see `sourceOf`). */
  sources: { running: string; units: string; discards: string };
  /** Every tag the line's scripts read (LineSample.newestMs is the newest of their source times). */
  tags: readonly string[];
}

/** Tells where a tag's value comes from (server, endpoint, node id); undefined for a tag not configured. */
export type TagOrigin = (tagName: string) => string | undefined;

/**
 * When a stored pass's news reached the evaluator (the diagnostics of the 'stored' event: a benchmark splits a change's
 * time to storage with it): the pass's start, and per line sampled for a tag change, when the change its sample
 * carries arrived (the evaluator's clock, in the same synchronous step as the source delivered it).
 */
export interface PassTiming {
  startedAt: number;
  arrivals: ReadonlyMap<number, number>;
}

export class LineEvaluator extends EventEmitter<{ stored: [samples: readonly LineSample[], storedAt: number, timing: PassTiming] }> {
  private lines = new Map<number, CompiledLine>();
  /** tagName → lines whose scripts read it. */
  private readers = new Map<string, number[]>();
  private readonly dirty = new Set<number>();
  /** When the tags of a dirty line changed since its last sample (see `tagChanged`), and when that change arrived. */
  private readonly changedAt = new Map<number, { time: number; beacon: boolean; arrivedAt: number }>();
  /**
   * No sample of a line is stamped before this: its last change of state stored, or the moment its configuration
   * changed (a re-pointed beacon must not rewrite what happened before). Periodic samples do not move it, so the
   * first reading after an outage can say when, during the outage, the line changed.
   */
  private readonly floors = new Map<number, number>();
  private readonly lastSent = new Map<number, LineSample>();
  /** The last script failure logged per line (logged once per change of message). */
  private readonly failures = new Map<number, string>();
  /** Lines whose state is unknown (a tag without a good value, a failing script): logged once when they become so. */
  private readonly unreadable = new Set<number>();
  /** Lines the periodic pass must send even when nothing changed. */
  private readonly due = new Set<number>();
  /** When each line's last sample was stored (or kept from a full disk): the start of that pass, the evaluator's clock. */
  private readonly storedAt = new Map<number, number>();
  /** The periodic pass's period (setRefresh). */
  private refreshMs = 0;
  /**
   * Lines whose counters moved and wait for the next transaction (see COUNTER_FLUSH_MS), the flush's timer, and
   * whether it has fired. One transaction a period at most for the plant's counters, not one per line or publish.
   */
  private readonly deferred = new Set<number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushDue = false;
  /** When the first of the waiting counter changes was seen (the evaluator's clock); null when none waits. */
  private waitingSince: number | null = null;
  /** Arrival of the first change waiting for the next pass (for the tag-update diagnostics). */
  private firstChangeArrival: number | null = null;
  /** Samples a full disk kept from being stored, per line, oldest first: stored ahead of the next pass's. */
  private readonly unstored = new Map<number, LineSample[]>();
  /** Samples dropped from `unstored` because it was full, since the disk last took a pass (reported then). */
  private droppedUnstored = 0;
  /** The pass scheduled or running, if any. */
  private pending: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly cache: TagCache,
    private readonly sink: LineSampleSink,
    private readonly deps: { logger: Logger; now: () => number; diagnostics: DiagnosticsLog },
  ) {
    super();
    cache.onChange((tagName, time) => this.tagChanged(tagName, time));
  }

  /**
   * Compiles the lines' scripts (the decoded expressions) against the configured tags; `originOf` tells where each
   * comes from (a reading from another origin starts a new counter baseline in the engine).
   */
  setLines(lines: readonly LineScripts[], knownTags: ReadonlySet<string>, originOf: TagOrigin = (tagName) => tagName): void {
    const compiled = new Map<number, CompiledLine>();
    const readers = new Map<string, number[]>();
    const now = this.deps.now();
    for (const line of lines) {
      const entry = compileLine(line, knownTags, originOf);
      if (!entry) continue;
      const previous = this.lines.get(line.lineID);
      if (previous && previous.sources.running !== entry.sources.running)
        this.floors.set(line.lineID, Math.max(now, this.floors.get(line.lineID) ?? now));
      compiled.set(line.lineID, entry);
      for (const tag of entry.tags) readers.set(tag, [...(readers.get(tag) ?? []), line.lineID]);
      if (entry.problems.length > 0)
        this.deps.logger.warn({ lineID: line.lineID, problems: entry.problems }, 'Line script does not compile');
    }
    this.lines = compiled;
    this.readers = readers;
    this.cache.watch(readers.keys());
    for (const lineID of compiled.keys()) this.dirty.add(lineID);
    this.schedule();
  }

  /** The lines whose scripts are evaluated (enabled, compiled), in key order. */
  lineIDs(): number[] {
    return [...this.lines.keys()].sort((a, b) => a - b);
  }

  /** The tag names a line's scripts read (for the OPC status of a line). */
  tagsOfLine(lineID: number): string[] {
    return [...(this.lines.get(lineID)?.tags ?? [])];
  }

  /** Starts the periodic pass (every `refreshSeconds`, at least 1 s; see setRefresh). */
  start(refreshSeconds: number): void {
    this.setRefresh(refreshSeconds);
  }

  /**
   * 0 pauses the periodic pass (as it pauses the engine's index refresh): lines are then sampled on changes only.
   * The timer looks every half period and sends the lines not stored for more than half a period (see periodicPass):
   * a line goes at most one period without a sample either way.
   */
  setRefresh(refreshSeconds: number): void {
    if (this.stopped) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (refreshSeconds <= 0) return;
    this.refreshMs = Math.max(1, refreshSeconds) * 1_000;
    this.timer = setInterval(() => this.periodicPass(false), this.refreshMs / 2);
    this.timer.unref();
  }

  /**
   * Stops after a last pass over every line, so the engine knows each line up to this instant: after a restart the
   * edge's downtime is counted from here (line-events' recordEdgeRestart), not from the last periodic pass.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.periodicPass(true);
    await this.idle();
    // A second pass, with no change left pending: every line's sample is stamped now, so the engine knows each line
    // until this instant (a counter that changed a moment ago would otherwise stamp the first pass before it).
    this.periodicPass(true);
    await this.idle();
    this.stopped = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
  }

  /**
   * Resolves once no pass is scheduled or running: every change seen so far has been evaluated, and stored or not.
   * Counters waiting for their flush and the periodic pass are timers, not passes: they do not count.
   */
  async idle(): Promise<void> {
    while (this.pending) await this.pending;
  }

  /**
   * A sample is stamped with when its tags changed: when the running script's tags changed, with their latest change
   * (so a stop starts when the beacon dropped, even if a counter moved a moment later in the same batch); otherwise
   * with the latest change of the counters' tags.
   */
  private tagChanged(tagName: string, time: number): void {
    const lineIDs = this.readers.get(tagName);
    if (!lineIDs) return;
    const arrivedAt = this.deps.now();
    for (const lineID of lineIDs) {
      this.dirty.add(lineID);
      const beacon = this.lines.get(lineID)?.running?.tags.includes(tagName) ?? false;
      const previous = this.changedAt.get(lineID);
      if (!previous || (beacon && !previous.beacon) || (beacon === previous.beacon && time > previous.time)) {
        this.changedAt.set(lineID, { time, beacon, arrivedAt });
      }
    }
    this.firstChangeArrival ??= arrivedAt;
    this.schedule();
  }

  /** Keeps the lines' counters for the next transaction, flushed once the first has waited COUNTER_FLUSH_MS. */
  private defer(lineIDs: readonly number[], now: number): void {
    for (const lineID of lineIDs) this.deferred.add(lineID);
    if (this.deferred.size === 0) return;
    this.waitingSince ??= now;
    if (this.flushTimer || this.stopped) return;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = null;
        this.flushDue = true;
        for (const lineID of this.deferred) this.dirty.add(lineID);
        this.schedule();
      },
      Math.max(0, this.waitingSince + COUNTER_FLUSH_MS - this.deps.now()),
    );
    this.flushTimer.unref();
  }

  /**
   * Every line (`all`), or those whose last sample was stored more than half a period ago: a line whose counters are
   * flushed every second, or that changed state meanwhile, is known to the engine already, and a plant of producing
   * lines would otherwise pay a transaction of every line each period for nothing new.
   */
  private periodicPass(all: boolean): void {
    const now = this.deps.now();
    for (const lineID of this.lines.keys()) {
      if (!all && now - (this.storedAt.get(lineID) ?? Number.NEGATIVE_INFINITY) <= this.refreshMs / 2) continue;
      this.dirty.add(lineID);
      this.due.add(lineID);
    }
    this.schedule();
  }

  /** One pass at a time: the next is scheduled when the current one has been stored (or failed). */
  private schedule(): void {
    if (this.pending || this.stopped || this.dirty.size === 0) return;
    this.pending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (this.stopped ? undefined : this.pass()))
      .finally(() => {
        this.pending = null;
        this.schedule();
      });
  }

  private async pass(): Promise<void> {
    const started = this.deps.now();
    const changeArrival = this.firstChangeArrival;
    this.firstChangeArrival = null;
    const lineIDs = [...this.dirty];
    this.dirty.clear();
    const due = new Set(this.due);
    this.due.clear();
    const flushDue = this.flushDue;
    this.flushDue = false;

    // News for the engine goes at once: a change of state, a line's first sample, the periodic pass. A change of a
    // tag that leaves what the line shows as it was is none (most tag changes are process values). Counters that
    // moved with the line in the same state wait for the next transaction: the engine counts production per minute,
    // and a line whose PLC counts several times a second would otherwise cost a transaction per publish.
    const samples: LineSample[] = [];
    const counters: LineSample[] = [];
    const outcomes: LineOutcome[] = [];
    const evaluated = new Set<number>();
    const arrivals = new Map<number, number>();
    const sample = (lineID: number) => {
      const line = this.lines.get(lineID);
      evaluated.add(lineID);
      if (!line) return;
      const arrivedAt = this.changedAt.get(lineID)?.arrivedAt;
      if (arrivedAt !== undefined) arrivals.set(lineID, arrivedAt);
      const outcome = this.evaluate(line, started);
      outcomes.push(outcome);
      const next = outcome.sample;
      const last = this.lastSent.get(lineID);
      // A reading from another source (its script or tags re-pointed), or a counter readable again, is news too: the
      // engine takes it as the baseline, so it must not be replaced by a later reading while it waits.
      if (next && !due.has(lineID) && last && last.running === next.running && sameBaselines(last, next)) {
        if (sameReading(last, next)) this.changedAt.delete(lineID);
        else counters.push(next);
      } else {
        this.changedAt.delete(lineID);
        if (next) samples.push(next);
      }
    };
    for (const lineID of lineIDs) sample(lineID);
    const flush = samples.length > 0 || flushDue || (this.waitingSince !== null && started - this.waitingSince >= COUNTER_FLUSH_MS);
    if (flush) {
      for (const lineID of this.deferred) if (!evaluated.has(lineID)) sample(lineID);
      this.deferred.clear();
      this.waitingSince = null;
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = null;
      for (const waiting of counters) {
        this.changedAt.delete(waiting.lineID);
        samples.push(waiting);
      }
    } else {
      this.defer(
        counters.map((waiting) => waiting.lineID),
        started,
      );
    }

    const kept = [...this.unstored.values()].flat();
    if (samples.length > 0 || kept.length > 0) {
      const toStore = [...kept, ...samples];
      const routine = kept.length === 0 && samples.every((next) => isRepeat(this.lastSent.get(next.lineID), next));
      try {
        await this.sink.ingest(toStore, { routine });
        this.unstored.clear();
        this.remember(samples, started);
        if (kept.length > 0) {
          this.deps.logger.warn(
            { stored: kept.length, dropped: this.droppedUnstored },
            'Line samples kept while the disk was full are stored, at their own times',
          );
          this.droppedUnstored = 0;
        }
        const storedAt = this.deps.now();
        if (changeArrival !== null) this.deps.diagnostics.tagUpdates.push({ dateTime: changeArrival, duration: storedAt - changeArrival });
        this.emit('stored', toStore, storedAt, { startedAt: started, arrivals });
      } catch (error) {
        if (this.stopped) return;
        if (isDiskFull(error)) {
          // Kept for the next pass, and taken as sent: the next pass tells news from what is kept, not from what
          // the database last took. Said once per full disk, not on every pass.
          if (kept.length === 0)
            this.deps.logger.error(
              { err: error, lines: samples.map((s) => s.lineID) },
              'Disk full: line samples are kept in memory and stored once there is space',
            );
          for (const sample of samples) this.keepUnstored(sample);
          this.remember(samples, started);
          const waiting = [...this.unstored.values()].reduce((sum, lineSamples) => sum + lineSamples.length, 0);
          for (const outcome of outcomes) outcome.note += ` (disk full: kept, ${waiting} samples waiting)`;
        } else {
          this.deps.logger.error({ err: error, lines: toStore.map((s) => s.lineID) }, 'Storing line samples failed');
          this.unstored.clear();
          for (const outcome of outcomes) outcome.note += ` (not stored: ${(error as Error).message})`;
        }
      }
    }
    if (outcomes.length > 0) this.deps.diagnostics.recordCalculation(started, this.deps.now() - started, outcomes);
  }

  /** What was sent (or kept to be stored): later samples are compared with it and never stamped before its change. */
  private remember(samples: readonly LineSample[], passStartedAt: number): void {
    for (const sent of samples) {
      this.storedAt.set(sent.lineID, passStartedAt);
      if (this.lastSent.get(sent.lineID)?.running !== sent.running)
        this.floors.set(sent.lineID, Math.max(sent.atMs, this.floors.get(sent.lineID) ?? sent.atMs));
      this.lastSent.set(sent.lineID, sent);
    }
  }

  /**
   * Keeps a sample the disk could not take. Bounded: a reading within the same minute as the line's last kept one, in
   * the same state from the same sources, replaces it unless that one started the state (production stays in its
   * minute, a stop keeps its start). Past MAX_UNSTORED_PER_LINE, a reading in the middle of a run of one state goes
   * (its units are counted with the next reading), and failing that the oldest sample.
   */
  private keepUnstored(sample: LineSample): void {
    const kept = this.unstored.get(sample.lineID) ?? [];
    this.unstored.set(sample.lineID, kept);
    const last = kept.at(-1);
    const beforeLast = kept.at(-2);
    if (last && beforeLast && sameRun(beforeLast, last) && sameRun(last, sample) && minuteOf(last.atMs) === minuteOf(sample.atMs)) {
      kept[kept.length - 1] = sample;
      return;
    }
    kept.push(sample);
    if (kept.length <= MAX_UNSTORED_PER_LINE) return;
    const middle = kept.findIndex(
      (current, i) => i > 0 && i < kept.length - 1 && sameRun(kept[i - 1]!, current) && sameRun(current, kept[i + 1]!),
    );
    if (middle !== -1) {
      kept.splice(middle, 1);
      return;
    }
    kept.shift();
    this.droppedUnstored += 1;
  }

  /** Evaluates a line's scripts (its pending change time is consumed by the caller once the sample is sent). */
  private evaluate(line: CompiledLine, now: number): LineOutcome {
    const changed = this.changedAt.get(line.lineID);
    if (!line.running) return { lineID: line.lineID, sample: null, note: `error: ${line.problems.join('; ')}` };
    const runningResult = line.running.evaluate(this.cache);
    let running: boolean | null;
    let note = '';
    if (runningResult.ok) running = runningResult.value;
    else if (line.running.tags.some((tag) => this.cache.reading(tag)?.status === WAITING_STATUS)) {
      // Not read yet (the edge or the tag just started): nothing to say about the line until it is.
      return { lineID: line.lineID, sample: null, note: `waiting for initial data (${runningResult.message})` };
    } else if (line.running.tags.some((tag) => !this.cache.reading(tag)?.good)) {
      // A tag it needs has no good value: the line cannot be observed (the engine's "OPC disconnected").
      running = null;
      note = ` (${runningResult.message})`;
    } else {
      // The tags are fine but the script fails on them (a Boolean tag bound to a UInt32 node, say): the line cannot be
      // observed, exactly as with a bad tag. Logged once per message, shown in the diagnostics' calculation history.
      running = null;
      note = ` (error: ${runningResult.message})`;
      this.reportFailure(line.lineID, runningResult.message);
    }
    if (running !== null) this.reportFailure(line.lineID, null);
    const units = counter(line.units, this.cache);
    const discards = counter(line.discards, this.cache);
    if (line.problems.length > 0) note += ` (error: ${line.problems.join('; ')})`;

    const floor = this.floors.get(line.lineID) ?? Number.NEGATIVE_INFINITY;
    const atMs = Math.max(floor, Math.min(changed?.time ?? now, now));
    const sample: LineSample = {
      lineID: line.lineID,
      atMs,
      running,
      units,
      discards,
      unitsSource: line.sources.units,
      discardsSource: line.sources.discards,
    };
    const newestMs = this.newestSourceTime(line);
    if (newestMs > atMs) sample.newestMs = Math.min(newestMs, now);
    this.reportReadable(line.lineID, running, note);
    return { lineID: line.lineID, sample, note };
  }

  /** The newest source time among the good readings of the line's tags (counters included); -∞ when none. */
  private newestSourceTime(line: CompiledLine): number {
    let newest = Number.NEGATIVE_INFINITY;
    for (const tag of line.tags) newest = Math.max(newest, this.cache.goodTime(tag));
    return newest;
  }

  /**
   * Says in the log when a line can no longer be read (its stop of reason 4 opens now, whatever the connection's own
   * warning says later: a frozen server is noticed by its tags first) and when it can again.
   */
  private reportReadable(lineID: number, running: boolean | null, note: string): void {
    const unreadable = running === null;
    if (unreadable === this.unreadable.has(lineID)) return;
    if (unreadable) {
      this.unreadable.add(lineID);
      this.deps.logger.warn(
        { lineID, reason: note.trim() },
        `Line ${lineID} cannot be read: its state is unknown (an OPC disconnected stop covers it)${note}`,
      );
    } else {
      this.unreadable.delete(lineID);
      this.deps.logger.info({ lineID }, `Line ${lineID} is read again`);
    }
  }

  /** Logs a line's beacon script failing on its values when the message changes, and once when it works again. */
  private reportFailure(lineID: number, message: string | null): void {
    const previous = this.failures.get(lineID);
    if (previous === (message ?? undefined)) return;
    if (message === null) {
      this.failures.delete(lineID);
      this.deps.logger.info({ lineID }, `Line ${lineID}: its beacon script works again`);
      return;
    }
    this.failures.set(lineID, message);
    this.deps.logger.error(
      { lineID, error: message },
      `Line ${lineID}: its beacon script fails on its tags' values (${message}); the line's state is unknown`,
    );
  }
}

function sameReading(previous: LineSample | undefined, next: LineSample): boolean {
  return (
    previous !== undefined && previous.running === next.running && previous.units === next.units && previous.discards === next.discards
  );
}

/** A sample that says what the line's last one said, but for its counters (see LineSampleSink's `routine`). */
function isRepeat(last: LineSample | undefined, next: LineSample): boolean {
  return last !== undefined && sameRun(last, next);
}

/** Two readings of the same state from the same sources: nothing but the counters tells them apart. */
function sameRun(previous: LineSample, next: LineSample): boolean {
  return previous.running === next.running && sameBaselines(previous, next);
}

function sameBaselines(previous: LineSample, next: LineSample): boolean {
  return (
    previous.unitsSource === next.unitsSource &&
    previous.discardsSource === next.discardsSource &&
    (previous.units === null) === (next.units === null) &&
    (previous.discards === null) === (next.discards === null)
  );
}

/** Where a script's reading comes from: its expression and the origin of each tag it reads, as a short digest. */
function sourceOf(script: { readonly tags: readonly string[] } | null, expression: string, originOf: TagOrigin): string {
  const tags = [...new Set(script?.tags ?? [])].sort().map((tagName) => [tagName, originOf(tagName) ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([expression.trim(), tags]))
    .digest('base64url')
    .slice(0, 22);
}

function counter(script: CompiledScript<number> | null, cache: TagCache): number | null {
  if (!script) return null;
  const result = script.evaluate(cache);
  return result.ok ? result.value : null;
}

function compileOne<K extends ScriptKind>(stored: string | null, expect: K, knownTags: ReadonlySet<string>, originOf: TagOrigin) {
  const { expression } = decodeStoredScript(stored);
  if (expression.trim() === '') return { script: null, problem: null, source: sourceOf(null, '', originOf) };
  const result = compileScript(expression, { expect, knownTags });
  const script = result.ok ? result.script : null;
  return { script, problem: result.ok ? null : result.error.message, source: sourceOf(script, expression, originOf) };
}

/** A line with a running script (or a compile problem to report); null for a line without any script. */
function compileLine(line: LineScripts, knownTags: ReadonlySet<string>, originOf: TagOrigin): CompiledLine | null {
  const running = compileOne(line.calculationBaliza, 'boolean', knownTags, originOf);
  const units = compileOne(line.calculationUnits, 'number', knownTags, originOf);
  const discards = compileOne(line.calculationDiscards, 'number', knownTags, originOf);
  if (!running.script && !running.problem) return null;
  const problems = [
    running.problem && `calculationBaliza: ${running.problem}`,
    units.problem && `calculationUnits: ${units.problem}`,
    discards.problem && `calculationDiscards: ${discards.problem}`,
  ].filter((problem): problem is string => Boolean(problem));
  return {
    lineID: line.lineID,
    running: running.script as CompiledScript<boolean> | null,
    units: units.script as CompiledScript<number> | null,
    discards: discards.script as CompiledScript<number> | null,
    problems,
    sources: { running: running.source, units: units.source, discards: discards.source },
    tags: [...new Set([...(running.script?.tags ?? []), ...(units.script?.tags ?? []), ...(discards.script?.tags ?? [])])],
  };
}
