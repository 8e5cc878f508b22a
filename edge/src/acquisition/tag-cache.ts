import type { TagValue, TagValueLookup } from '../domain/script';

/**
 * The last reading of every configured tag, whatever its source (OPC UA subscription, HTTP push, or the state of the
 * connection itself). Line scripts read it through `TagValueLookup`: a tag without a good reading is absent for them
 * (null), which the script language turns into "no good value".
 */

export interface TagReading {
  /** The value as delivered; kept when the quality goes bad so the status page can still show it. */
  readonly value: TagValue;
  readonly good: boolean;
  /** The OPC UA status code name ("Good", "BadNodeIdUnknown", "BadConnectionClosed", …). */
  readonly status: string;
  /** When the value changed at its source (epoch ms), already judged plausible by `plausibleSourceTime`. */
  readonly time: number;
}

/** A source clock more than this far from ours is not believed (a PLC with a wrong clock), our receive time is used. */
export const MAX_CLOCK_SKEW_MS = 60_000;

/**
 * The time a value changed: the source timestamp when it is plausible, else the time we received it. A source time
 * slightly in the future (clocks a little apart) is brought back to the receive time so nothing is stored ahead of
 * the edge's own clock.
 */
export function plausibleSourceTime(sourceTime: number | null | undefined, receivedAt: number): number {
  if (sourceTime === null || sourceTime === undefined || !Number.isFinite(sourceTime)) return receivedAt;
  if (sourceTime > receivedAt) return receivedAt;
  return receivedAt - sourceTime <= MAX_CLOCK_SKEW_MS ? sourceTime : receivedAt;
}

/**
 * The status of a tag that has not been read yet since it was configured or since the edge started: its lines are
 * not judged until it has a reading (the connection gets a grace period), so starting the edge or adding a tag does
 * not open an "OPC disconnected" stop of its own.
 */
export const WAITING_STATUS = 'BadWaitingForInitialData';

export type TagChangeListener = (tagName: string, reading: TagReading) => void;

type Slot = { -readonly [K in keyof TagReading]: TagReading[K] };

/**
 * Each tag has one reading object, updated in place: a cache of thousands of tags changing every second would
 * otherwise keep every new reading alive just long enough to be promoted out of V8's young generation, and its
 * collection of the old generation was a large share of the acquisition's CPU. A reading handed out (`reading`, the
 * listener) is therefore current only until the tag's next update: read it, do not keep it.
 */
export class TagCache implements TagValueLookup {
  private readonly readings = new Map<string, Slot>();
  private listener: TagChangeListener = () => undefined;

  /** One listener (the line evaluator): told of every update, in the order they arrive. */
  onChange(listener: TagChangeListener): void {
    this.listener = listener;
  }

  /** What scripts read: the value of a good reading, else null. */
  get(tagName: string): TagValue | undefined {
    const reading = this.readings.get(tagName);
    return reading?.good ? reading.value : null;
  }

  reading(tagName: string): TagReading | undefined {
    return this.readings.get(tagName);
  }

  has(tagName: string): boolean {
    return this.readings.has(tagName);
  }

  /** Stores a reading and tells the listener. A reading equal to the stored one (value, quality) is not news. */
  set(tagName: string, reading: TagReading): void {
    const slot = this.readings.get(tagName);
    if (!slot) {
      const created = { ...reading };
      this.readings.set(tagName, created);
      this.listener(tagName, created);
      return;
    }
    const same = slot.good === reading.good && slot.status === reading.status && Object.is(slot.value, reading.value);
    slot.value = reading.value;
    slot.good = reading.good;
    slot.status = reading.status;
    slot.time = reading.time;
    if (!same) this.listener(tagName, slot);
  }

  /** Marks a tag bad, keeping its last value for display; `time` is when the quality was lost. */
  setBad(tagName: string, status: string, time: number): void {
    const before = this.readings.get(tagName);
    if (before && !before.good && before.status === status) return;
    this.set(tagName, { value: before?.value ?? null, good: false, status, time });
  }

  delete(tagName: string): void {
    this.readings.delete(tagName);
  }

  tagNames(): IterableIterator<string> {
    return this.readings.keys();
  }
}
