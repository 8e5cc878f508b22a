import type { CounterEvent, LineSample } from '../modules/engine';

/**
 * The acquisition's recent history for the diagnostics page (SPEC.md sections 7 and 9): how long each tag update
 * took to reach the store, and what each calculation pass computed per line. Kept in memory, bounded: the page
 * charts the last 100 updates, and a restart starts a fresh history (nothing here is evidence of production).
 */

export interface TagUpdateEntry {
  /** When the first change of the update arrived (epoch ms). */
  dateTime: number;
  /** Milliseconds from that arrival until the samples it produced were stored. */
  duration: number;
}

/**
 * What a pass computed for one line: its sample, or none with the reason in `note` (waiting for data, a script
 * error); `note` also adds to a sample (a bad tag, a script that does not compile, a failed store).
 */
export interface LineOutcome {
  lineID: number;
  sample: LineSample | null;
  note: string;
}

/** A calculation pass as the diagnostics page shows it. */
export interface CalculationEntry {
  dateTime: number;
  /** Milliseconds the pass took (evaluation and storing). */
  duration: number;
  lines: { line: number; result: string }[];
}

interface CalculationRecord {
  dateTime: number;
  duration: number;
  outcomes: readonly LineOutcome[];
}

/** The text of an outcome: 'running, units 120, discards 3', 'unknown, … (why)', 'error: …'. */
export function describeOutcome(outcome: LineOutcome): string {
  const { sample, note } = outcome;
  if (!sample) return note;
  const state = sample.running === null ? 'unknown' : sample.running ? 'running' : 'stopped';
  return `${state}, units ${sample.units ?? '-'}, discards ${sample.discards ?? '-'}${note}`;
}

export const DIAGNOSTICS_CAPACITY = 1_000;

/** A fixed-size ring: pushing beyond capacity forgets the oldest entry. */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private next = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** Oldest first; at most `limit` of the newest. */
  toArray(limit = this.capacity): T[] {
    const count = Math.min(limit, this.size);
    const out: T[] = [];
    for (let i = count; i > 0; i -= 1) out.push(this.items[(this.next - i + this.capacity) % this.capacity] as T);
    return out;
  }
}

/**
 * Passes are kept as computed (the samples the pass made anyway) and described only when asked: a pass runs several
 * times a second, and writing every line's text each time was a real share of the acquisition's CPU.
 */
export class DiagnosticsLog {
  readonly tagUpdates = new RingBuffer<TagUpdateEntry>(DIAGNOSTICS_CAPACITY);
  /** Counter readings the engine did not book as they came: resets, new sources, steps no line could make. */
  readonly counterEvents = new RingBuffer<CounterEvent>(DIAGNOSTICS_CAPACITY);
  private readonly passes = new RingBuffer<CalculationRecord>(DIAGNOSTICS_CAPACITY);

  recordCalculation(dateTime: number, duration: number, outcomes: readonly LineOutcome[]): void {
    this.passes.push({ dateTime, duration, outcomes });
  }

  /** The last `take` passes (all kept without it), oldest first. */
  calculations(take?: number): CalculationEntry[] {
    return this.passes.toArray(take).map((pass) => ({
      dateTime: pass.dateTime,
      duration: pass.duration,
      lines: pass.outcomes.map((outcome) => ({ line: outcome.lineID, result: describeOutcome(outcome) })),
    }));
  }
}
