import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeStoredScript } from '../../domain/script';
import { DiagnosticsLog } from '../../acquisition/diagnostics-log';
import { COUNTER_FLUSH_MS, type LineSample, LineEvaluator, type LineScripts, MAX_UNSTORED_PER_LINE } from './line-evaluator';
import { TagCache, WAITING_STATUS } from '../../acquisition/tag-cache';

const TAGS = new Set(['L1.Run', 'L1.Units', 'L1.Bad', 'L2.Run', 'L2.Units', 'Text']);
const stored = (expression: string) => encodeStoredScript({ expression, edited: true, tags: [] });
const line = (lineID: number, baliza: string | null, units: string | null = null): LineScripts => ({
  lineID,
  calculationBaliza: baliza === null ? null : stored(baliza),
  calculationUnits: units === null ? null : stored(units),
  calculationDiscards: null,
});

/**
 * The evaluator's clock and timers (its counter flush, its periodic pass) are fake: a test moves time itself. Its
 * passes run on the real event loop (setImmediate), and a test waits for them with `idle()`, never with a sleep.
 */
let evaluator: LineEvaluator | null = null;
beforeEach(() => {
  vi.useFakeTimers({ now: 10_000, toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(async () => {
  await evaluator?.stop();
  evaluator = null;
  vi.useRealTimers();
});

/** `failing`: every store fails (not for lack of space); `disk.full`: stores fail as SQLite does on a full disk, while set. */
function setUp(lines: LineScripts[], options: { failing?: boolean; disk?: { full: boolean } } = {}) {
  const cache = new TagCache();
  /** The samples as sent, less where their counters come from (`sources`; see its own tests). */
  const batches: LineSample[][] = [];
  /** Per batch, whether the evaluator called it routine (the engine then commits it without an fsync). */
  const routines: boolean[] = [];
  const sources: Pick<LineSample, 'unitsSource' | 'discardsSource'>[] = [];
  const diagnostics = new DiagnosticsLog();
  const logged: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line).msg) });
  const sink = {
    async ingest(samples: readonly LineSample[], ingestOptions?: { routine: boolean }) {
      if (options.failing) throw new Error('disk full');
      if (options.disk?.full) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      routines.push(ingestOptions?.routine ?? false);
      batches.push(samples.map(({ unitsSource, discardsSource, ...sample }) => (sources.push({ unitsSource, discardsSource }), sample)));
    },
  };
  const running = new LineEvaluator(cache, sink, { logger, now: () => Date.now(), diagnostics });
  evaluator = running;
  running.setLines(lines, TAGS);
  const good = (tagName: string, value: boolean | number | string, time = Date.now()) =>
    cache.set(tagName, { value, good: true, status: 'Good', time });
  /** The passes the changes so far have caused are over (the clock standing still). */
  const settle = () => running.idle();
  /** Lets `ms` pass: the timers due meanwhile fire, and the passes they cause are over. */
  const advance = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await running.idle();
  };
  return { cache, batches, routines, sources, logged, diagnostics, good, settle, advance };
}

describe('the line evaluator', () => {
  it('samples a line from its scripts when one of its tags changes, at the source time of the change', async () => {
    const { batches, good, settle } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Units', 120, 9_000);
    good('L1.Run', true, 9_500);
    await settle();
    expect(batches.flat().at(-1)).toEqual({ lineID: 1, atMs: 9_500, running: true, units: 120, discards: null });
  });

  it("stamps the sample with the beacon's change when a counter moved later in the same batch", async () => {
    const { batches, good, settle } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Run', false, 9_100);
    good('L1.Units', 7, 9_400);
    await settle();
    // newestMs: the counter's later change, which ends a gap the beacon alone would say nothing happened in.
    expect(batches.flat()).toEqual([{ lineID: 1, atMs: 9_100, running: false, units: 7, discards: null, newestMs: 9_400 }]);
  });

  it('sends nothing when a change leaves what the line shows as it was (a process value the script reads)', async () => {
    const { batches, good, settle } = setUp([line(1, 'L1.Run and L1.Bad > -1000', 'L1.Units')]);
    good('L1.Run', true);
    good('L1.Bad', 20.5);
    good('L1.Units', 3);
    await settle();
    good('L1.Bad', 21.7, 10_001);
    await settle();
    expect(batches).toHaveLength(1);
  });

  it('sends counters that moved while the line kept its state within COUNTER_FLUSH_MS (routine), and a change of state at once', async () => {
    const { batches, routines, good, settle, advance } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Run', true);
    good('L1.Units', 3);
    await settle();
    good('L1.Units', 4, 10_000);
    good('L1.Units', 5, 10_000);
    await settle();
    expect(batches).toHaveLength(1);
    await advance(COUNTER_FLUSH_MS - 1);
    expect(batches).toHaveLength(1);
    await advance(1);
    expect(batches.map((batch) => batch[0]!.units)).toEqual([3, 5]);

    good('L1.Units', 6, 11_000);
    good('L1.Run', false, 11_000);
    await settle();
    expect(batches.at(-1)).toEqual([{ lineID: 1, atMs: 11_000, running: false, units: 6, discards: null }]);
    // The line's first sample and its change of state are not routine (committed with an fsync); the counters' flush is.
    expect(routines).toEqual([false, true, false]);
  });

  it('sends waiting counters with the next change of state of any line, in the same transaction, and no flush after it', async () => {
    const { batches, good, settle, advance } = setUp([line(1, 'L1.Run', 'L1.Units'), line(2, 'L2.Run', 'L2.Units')]);
    good('L1.Run', true);
    good('L1.Units', 1);
    good('L2.Run', true);
    good('L2.Units', 1);
    await settle();
    good('L1.Units', 2);
    await settle();
    expect(batches).toHaveLength(1);
    good('L2.Run', false);
    await settle();
    expect(batches.map((batch) => batch.map((sample) => [sample.lineID, sample.running, sample.units]))).toEqual([
      [
        [1, true, 1],
        [2, true, 1],
      ],
      [
        [2, false, 1],
        [1, true, 2],
      ],
    ]);
    await advance(COUNTER_FLUSH_MS);
    expect(batches).toHaveLength(2);
  });

  it('makes one pass of a burst of changes', async () => {
    const { batches, good, settle } = setUp([line(1, 'L1.Run', 'L1.Units'), line(2, 'L2.Run', 'L2.Units')]);
    good('L1.Run', true);
    good('L1.Units', 1);
    good('L2.Run', false);
    good('L2.Units', 2);
    await settle();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((sample) => [sample.lineID, sample.running, sample.units])).toEqual([
      [1, true, 1],
      [2, false, 2],
    ]);
  });

  it('says unknown (null) when a tag of the running script has no good value: the engine files it as OPC disconnected', async () => {
    const { cache, batches, good, settle } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Run', true);
    good('L1.Units', 5);
    await settle();
    cache.setBad('L1.Run', 'BadConnectionClosed', 10_000);
    cache.setBad('L1.Units', 'BadConnectionClosed', 10_000);
    await settle();
    expect(batches.flat().at(-1)).toEqual({ lineID: 1, atMs: 10_000, running: null, units: null, discards: null });
  });

  it('holds its tongue while a tag has not been read yet (start-up), instead of reporting a disconnection', async () => {
    const { cache, batches, diagnostics, settle } = setUp([line(1, 'L1.Run')]);
    cache.setBad('L1.Run', WAITING_STATUS, 10_000);
    await settle();
    expect(batches).toEqual([]);
    expect(diagnostics.calculations().at(-1)?.lines).toEqual([{ line: 1, result: expect.stringMatching(/^waiting for initial data/) }]);
  });

  it('says unknown (null) when the running script fails on good values (a type mismatch), logging it once per message', async () => {
    const { batches, diagnostics, good, logged, settle, advance } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Run', 3);
    await settle();
    good('L1.Units', 1);
    await settle();
    good('L1.Units', 2);
    await settle();
    expect(batches.flat()[0]).toEqual({ lineID: 1, atMs: 10_000, running: null, units: null, discards: null });
    expect(diagnostics.calculations().at(-1)?.lines[0]?.result).toMatch(/^unknown, .*error: Tag 'L1.Run' is a number, expected a boolean/);
    expect(logged.filter((message) => message.startsWith('Line 1: its beacon script fails'))).toHaveLength(1);
    await advance(1);
    good('L1.Run', true, 10_001);
    await settle();
    expect(batches.flat().at(-1)).toMatchObject({ running: true, atMs: 10_001 });
    expect(logged.slice(-2)).toEqual(['Line 1: its beacon script works again', 'Line 1 is read again']);
  });

  it('tells where the counters come from: the same text while script and tags stay, another once a tag reads another node', async () => {
    const cache = new TagCache();
    const sent: LineSample[] = [];
    let origin = 'ns=2;s=A';
    evaluator = new LineEvaluator(
      cache,
      { ingest: async (samples) => void sent.push(...samples) },
      { logger: pino({ level: 'silent' }), now: () => 10_000, diagnostics: new DiagnosticsLog() },
    );
    const origins = (tagName: string) => (tagName === 'L1.Units' ? origin : tagName);
    evaluator.setLines([line(1, 'L1.Run', 'L1.Units')], TAGS, origins);
    cache.set('L1.Run', { value: true, good: true, status: 'Good', time: 10_000 });
    cache.set('L1.Units', { value: 5, good: true, status: 'Good', time: 10_000 });
    await evaluator.idle();
    expect(sent).toHaveLength(1);
    evaluator.setLines([line(1, 'L1.Run', 'L1.Units')], TAGS, origins);
    origin = 'ns=2;s=B';
    evaluator.setLines([line(1, 'L1.Run', 'L1.Units')], TAGS, origins);
    // The new source is news at once, not a counter change waiting for the next flush.
    await evaluator.idle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.unitsSource).not.toBe(sent[0]!.unitsSource);
    expect(sent[1]!.discardsSource).toBe(sent[0]!.discardsSource);
  });

  it('never stamps a sample before a change of its beacon’s configuration, nor before its last change of state', async () => {
    const { batches, good, settle, advance } = setUp([line(1, 'L1.Run')]);
    good('L1.Run', true, 9_000);
    await settle();
    await advance(5_000);
    evaluator!.setLines([line(1, 'L1.Run and L1.Units > 0')], TAGS);
    good('L1.Units', 1, 15_000);
    good('L1.Run', false, 12_000);
    await settle();
    expect(batches.flat().map((sample) => [sample.running, sample.atMs])).toEqual([
      [true, 9_000],
      [false, 15_000],
    ]);
  });

  it('never sends a line back in time: a late source timestamp is taken as the previous sample time', async () => {
    const { batches, good, settle } = setUp([line(1, 'L1.Run')]);
    good('L1.Run', true, 9_800);
    await settle();
    good('L1.Run', false, 9_700);
    await settle();
    expect(batches.flat().map((sample) => sample.atMs)).toEqual([9_800, 9_800]);
  });

  it('ignores lines without a running script and reports the scripts that do not compile', async () => {
    const { batches, diagnostics, good, settle } = setUp([line(1, null, 'L1.Units'), line(2, 'L2.Run +', null)]);
    good('L1.Units', 1);
    good('L2.Run', true);
    await settle();
    expect(batches).toEqual([]);
    expect(diagnostics.calculations().at(-1)?.lines).toEqual([
      { line: 2, result: expect.stringMatching(/^error: calculationBaliza: .*line 1, column/) },
    ]);
    expect(evaluator?.tagsOfLine(1)).toEqual([]);
  });

  it('records each stored update with its duration, and a failed store in the pass result', async () => {
    const ok = setUp([line(1, 'L1.Run')]);
    ok.good('L1.Run', true);
    await ok.settle();
    expect(ok.diagnostics.tagUpdates.toArray()).toEqual([{ dateTime: 10_000, duration: 0 }]);
    await evaluator?.stop();

    const failing = setUp([line(1, 'L1.Run')], { failing: true });
    failing.good('L1.Run', true);
    await failing.settle();
    expect(failing.diagnostics.tagUpdates.toArray()).toEqual([]);
    expect(failing.diagnostics.calculations().at(-1)?.lines[0]?.result).toMatch(/not stored: disk full/);
  });

  it('logs a warning as soon as a line cannot be read (its tags bad: a frozen server), and once when it is read again', async () => {
    const { cache, logged, good, settle, advance } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Run', true);
    good('L1.Units', 3);
    await settle();
    cache.setBad('L1.Run', 'BadNoCommunication', Date.now());
    await settle();
    cache.setBad('L1.Units', 'BadNoCommunication', Date.now());
    await advance(COUNTER_FLUSH_MS);
    expect(logged.filter((message) => message.startsWith('Line 1 cannot be read'))).toHaveLength(1);
    good('L1.Run', true, Date.now() + 1);
    await settle();
    expect(logged.at(-1)).toBe('Line 1 is read again');
  });

  it('stops after a last pass that stamps every line at the instant it stops, even with a counter change pending', async () => {
    const { batches, good, settle } = setUp([line(1, 'L1.Run', 'L1.Units')]);
    good('L1.Run', true, 9_000);
    good('L1.Units', 3, 9_000);
    await settle();
    vi.setSystemTime(12_000);
    good('L1.Units', 4, 11_500);
    await evaluator!.stop();
    // The engine knows the line until 12 s (its downtime after a restart counts from there), not from 11.5 s.
    expect(batches.flat().at(-1)).toMatchObject({ lineID: 1, atMs: 12_000, running: true, units: 4 });
  });

  it('evaluates every line periodically even when nothing changes, as routine passes', async () => {
    const { batches, routines, good, settle, advance } = setUp([line(1, 'L1.Run')]);
    good('L1.Run', true);
    await settle();
    evaluator!.start(1);
    await advance(1_000);
    await advance(1_000);
    expect(batches.map((batch) => batch.map((sample) => [sample.atMs, sample.running]))).toEqual([
      [[10_000, true]],
      [[11_000, true]],
      [[12_000, true]],
    ]);
    expect(routines).toEqual([false, true, true]);
  });

  it('leaves out of the periodic pass a line stored within half a period, and still samples each line once a period', async () => {
    const { batches, good, settle, advance } = setUp([line(1, 'L1.Run'), line(2, 'L2.Run')]);
    good('L1.Run', true);
    good('L2.Run', true);
    await settle();
    evaluator!.start(2);
    await advance(1_000); // 11 000: both stored a second ago, half the period
    await advance(500);
    good('L2.Run', false);
    await settle();
    await advance(500); // 12 000: line 1 is due, line 2 was stored half a second ago
    await advance(1_000); // 13 000: line 2 is due
    expect(batches.map((batch) => batch.map((sample) => [sample.lineID, sample.atMs, sample.running]))).toEqual([
      [
        [1, 10_000, true],
        [2, 10_000, true],
      ],
      [[2, 11_500, false]],
      [[1, 12_000, true]],
      [[2, 13_000, false]],
    ]);
  });

  it('keeps the samples a full disk refused and stores them first, at their own times, once the disk takes a pass again', async () => {
    const disk = { full: false };
    const { batches, good, settle, advance, logged, diagnostics } = setUp([line(1, 'L1.Run', 'L1.Units')], { disk });
    good('L1.Run', true);
    good('L1.Units', 100);
    await settle();
    disk.full = true;
    await advance(10_000);
    good('L1.Units', 110); // 20 000: production while the disk is full
    await advance(COUNTER_FLUSH_MS);
    await advance(8_000);
    good('L1.Run', false); // 29 000: a stop
    await advance(61_000);
    good('L1.Run', true); // 90 000: it ends
    await advance(1_000);
    good('L1.Units', 125); // 91 000
    await advance(2_000);
    good('L1.Units', 126); // 93 000: the same minute, the same run: replaces the 91 000 reading
    await advance(COUNTER_FLUSH_MS);
    expect(batches).toHaveLength(1);
    expect(diagnostics.calculations().at(-1)?.lines[0]?.result).toMatch(/disk full: kept, 4 samples waiting/);

    disk.full = false;
    await advance(10_000);
    good('L1.Units', 127); // 104 000
    await advance(COUNTER_FLUSH_MS);
    // The first pass after it (here the one the 104 000 reading caused, its counter still waiting) stores them.
    expect(batches.slice(1).flat()).toEqual([
      { lineID: 1, atMs: 20_000, running: true, units: 110, discards: null },
      { lineID: 1, atMs: 29_000, running: false, units: 110, discards: null },
      { lineID: 1, atMs: 90_000, running: true, units: 110, discards: null },
      { lineID: 1, atMs: 93_000, running: true, units: 126, discards: null },
      { lineID: 1, atMs: 104_000, running: true, units: 127, discards: null },
    ]);
    // Said once when the disk filled, once when the samples were stored: not on every pass.
    expect(logged.filter((message) => /disk/i.test(message))).toEqual([
      'Disk full: line samples are kept in memory and stored once there is space',
      'Line samples kept while the disk was full are stored, at their own times',
    ]);
    await advance(10_000);
    good('L1.Units', 128);
    await advance(COUNTER_FLUSH_MS);
    expect(batches.at(-1)).toEqual([{ lineID: 1, atMs: 115_000, running: true, units: 128, discards: null }]);
  });

  it('keeps at most MAX_UNSTORED_PER_LINE samples of a line: the oldest go first, and how many is logged', async () => {
    const disk = { full: false };
    const { batches, good, settle, advance, logged } = setUp([line(1, 'L1.Run')], { disk });
    good('L1.Run', true);
    await settle();
    disk.full = true;
    const changes = MAX_UNSTORED_PER_LINE + 5;
    for (let i = 1; i <= changes; i += 1) {
      await advance(1_000);
      good('L1.Run', i % 2 === 0);
      await settle();
    }
    disk.full = false;
    await advance(1_000);
    good('L1.Run', true);
    await settle();
    const stored = batches.at(-1)!;
    expect(stored).toHaveLength(MAX_UNSTORED_PER_LINE + 1);
    // The first five changes were dropped; the rest are there, in order.
    expect(stored[0]!.atMs).toBe(10_000 + 6 * 1_000);
    expect(stored.at(-2)!.atMs).toBe(10_000 + changes * 1_000);
    expect(logged).toContain('Line samples kept while the disk was full are stored, at their own times');
  });
});
