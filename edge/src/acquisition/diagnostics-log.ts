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

export interface CalculationEntry {
  dateTime: number;
  /** Milliseconds the pass took (evaluation and storing). */
  duration: number;
  lines: { line: number; result: string }[];
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

export class DiagnosticsLog {
  readonly tagUpdates = new RingBuffer<TagUpdateEntry>(DIAGNOSTICS_CAPACITY);
  readonly calculations = new RingBuffer<CalculationEntry>(DIAGNOSTICS_CAPACITY);
}
