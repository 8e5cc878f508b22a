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
 *
 * `afterGap`: the first good value after the tag was unknown (not read yet since the edge started, or bad: a lost
 * connection). Its source time may then be as old as it is: it tells when the value changed while the edge could
 * not see it, which is what ends the gap (the engine never lets it reach back before the gap's start).
 */
export function plausibleSourceTime(sourceTime: number | null | undefined, receivedAt: number, afterGap = false): number {
  if (sourceTime === null || sourceTime === undefined || !Number.isFinite(sourceTime)) return receivedAt;
  if (sourceTime > receivedAt) return receivedAt;
  return afterGap || receivedAt - sourceTime <= MAX_CLOCK_SKEW_MS ? sourceTime : receivedAt;
}

export { WAITING_STATUS } from '../domain/tag-status';

/** Told that a watched tag changed value or quality, and when (the reading's time). */
export type TagChangeListener = (tagName: string, time: number) => void;

/** How a reading's value is held: numbers and booleans in the number column, anything else beside it. */
const NULL = 0;
const BOOLEAN = 1;
const NUMBER = 2;
const OTHER = 3;

/**
 * The readings are held in columns (typed arrays indexed by tag slot), updated in place. A cache of thousands of tags
 * changing every second that holds a fresh object (or a fresh boxed number) per value keeps pointers from old objects
 * to young ones, which every young-generation collection must walk; typed arrays hold plain numbers and keep none. A
 * `TagReading` is built when asked.
 *
 * A source that writes the same tags over and over (an OPC UA subscription) keeps each tag's slot and stores by slot
 * (`store`), without a lookup by name or a reading object per value. Only the tags the listener watches (those line
 * scripts read, a few of the thousands a plant monitors) are news for it.
 */
export class TagCache implements TagValueLookup {
  private readonly index = new Map<string, number>();
  /** The tag of each slot (undefined once deleted). */
  private readonly names: (string | undefined)[] = [];
  /** Slots of deleted tags, used again first; `used` is the high-water mark. */
  private readonly free: number[] = [];
  private used = 0;
  private capacity = 64;
  private numbers = new Float64Array(this.capacity);
  private times = new Float64Array(this.capacity);
  private kinds = new Uint8Array(this.capacity);
  private goods = new Uint8Array(this.capacity);
  private watchedSlots = new Uint8Array(this.capacity);
  /** undefined until the slot's first reading. */
  private readonly statuses: (string | undefined)[] = [];
  /** Values that are neither numbers nor booleans (strings, bigints), by slot. */
  private readonly others: TagValue[] = [];
  private watched: ReadonlySet<string> = new Set();
  private listener: TagChangeListener = () => undefined;

  /** One listener (the line evaluator): told of every change of value or quality of a watched tag, in arrival order. */
  onChange(listener: TagChangeListener): void {
    this.listener = listener;
  }

  /** The tags whose changes the listener is told of, replacing the previous set. */
  watch(tagNames: Iterable<string>): void {
    this.watched = new Set(tagNames);
    this.watchedSlots.fill(0);
    for (const [tagName, slot] of this.index) if (this.watched.has(tagName)) this.watchedSlots[slot] = 1;
  }

  /** Whether the listener is told of the tag's changes (see `watch`). */
  isWatched(tagName: string): boolean {
    return this.watched.has(tagName);
  }

  /** What scripts read: the value of a good reading, else null. */
  get(tagName: string): TagValue | undefined {
    const slot = this.index.get(tagName);
    return slot === undefined || this.goods[slot] === 0 ? null : this.valueAt(slot);
  }

  reading(tagName: string): TagReading | undefined {
    const slot = this.index.get(tagName);
    const status = slot === undefined ? undefined : this.statuses[slot];
    if (slot === undefined || status === undefined) return undefined;
    return { value: this.valueAt(slot), good: this.goods[slot] === 1, status, time: this.times[slot]! };
  }

  /** The time of the tag's reading when it is good, else -∞ (the newest good time of a line's tags, without building readings). */
  goodTime(tagName: string): number {
    const slot = this.index.get(tagName);
    return slot === undefined || this.goods[slot] === 0 ? Number.NEGATIVE_INFINITY : this.times[slot]!;
  }

  /** Whether the tag has a good reading (for counting bad tags without building readings). */
  isGood(tagName: string): boolean {
    const slot = this.index.get(tagName);
    return slot !== undefined && this.goods[slot] === 1;
  }

  has(tagName: string): boolean {
    const slot = this.index.get(tagName);
    return slot !== undefined && this.statuses[slot] !== undefined;
  }

  /** The tag's slot, for `store`; a tag not in the cache gets one (without a reading until stored). */
  slotOf(tagName: string): number {
    let slot = this.index.get(tagName);
    if (slot === undefined) {
      slot = this.allocate();
      this.index.set(tagName, slot);
      this.names[slot] = tagName;
      this.watchedSlots[slot] = this.watched.has(tagName) ? 1 : 0;
    }
    return slot;
  }

  /** Stores a reading and tells the listener. A reading equal to the stored one (value, quality) is not news. */
  set(tagName: string, reading: TagReading): void {
    this.write(this.slotOf(tagName), tagName, reading.value, reading.good, reading.status, reading.time);
  }

  /**
   * `set` by slot (see `slotOf`) for a source's hot path, with the time the source gave (null: none) and when the value
   * was received: the reading's time is `plausibleSourceTime` of them. A slot kept since the tag was deleted may belong
   * to another tag now: the name tells, and the tag is then found by name again.
   */
  store(
    slot: number,
    tagName: string,
    value: TagValue,
    good: boolean,
    status: string,
    sourceTime: number | null,
    receivedAt: number,
  ): void {
    if (this.names[slot] !== tagName) slot = this.slotOf(tagName);
    this.write(slot, tagName, value, good, status, plausibleSourceTime(sourceTime, receivedAt, this.goods[slot] === 0));
  }

  /** Whether the slot is the tag's (a slot kept by a source may have gone to another tag since). */
  holds(slot: number, tagName: string): boolean {
    return this.names[slot] === tagName;
  }

  /**
   * A source read the tag again and found what it stored last (value, 'Good'): only the reading's time moves, as
   * `store` with the same value and no source time would do, without telling the listener. False when the slot is not
   * the tag's any more or its reading is not that good one (then `store` it).
   */
  touchGood(slot: number, tagName: string, receivedAt: number): boolean {
    if (this.names[slot] !== tagName || this.goods[slot] !== 1 || this.statuses[slot] !== 'Good') return false;
    this.times[slot] = receivedAt;
    return true;
  }

  private write(slot: number, tagName: string, value: TagValue, good: boolean, status: string, time: number): void {
    const goodFlag = good ? 1 : 0;
    const kind = value === null ? NULL : typeof value === 'boolean' ? BOOLEAN : typeof value === 'number' ? NUMBER : OTHER;
    const number = kind === BOOLEAN ? (value ? 1 : 0) : kind === NUMBER ? (value as number) : 0;
    const same =
      this.goods[slot] === goodFlag &&
      this.statuses[slot] === status &&
      this.kinds[slot] === kind &&
      (kind === OTHER ? this.others[slot] === value : Object.is(this.numbers[slot], number));
    this.times[slot] = time;
    if (same) return;
    this.goods[slot] = goodFlag;
    this.kinds[slot] = kind;
    this.numbers[slot] = number;
    this.statuses[slot] = status;
    if (kind === OTHER) this.others[slot] = value;
    else if (this.others[slot] !== undefined) this.others[slot] = undefined as unknown as TagValue;
    if (this.watchedSlots[slot] === 1) this.listener(tagName, time);
  }

  /** Marks a tag bad, keeping its last value for display; `time` is when the quality was lost. */
  setBad(tagName: string, status: string, time: number): void {
    const slot = this.index.get(tagName);
    if (slot !== undefined && this.goods[slot] === 0 && this.statuses[slot] === status) return;
    this.set(tagName, { value: slot === undefined ? null : this.valueAt(slot), good: false, status, time });
  }

  /** Forgets the tag's value (its source changed: the old value belongs to another node): bad with `status`. */
  clear(tagName: string, status: string, time: number): void {
    this.set(tagName, { value: null, good: false, status, time });
  }

  delete(tagName: string): void {
    const slot = this.index.get(tagName);
    if (slot === undefined) return;
    this.index.delete(tagName);
    this.names[slot] = undefined;
    this.statuses[slot] = undefined;
    this.others[slot] = undefined as unknown as TagValue;
    this.goods[slot] = 0;
    this.kinds[slot] = NULL;
    this.watchedSlots[slot] = 0;
    this.free.push(slot);
  }

  tagNames(): IterableIterator<string> {
    return this.index.keys();
  }

  private valueAt(slot: number): TagValue {
    switch (this.kinds[slot]) {
      case BOOLEAN:
        return this.numbers[slot] === 1;
      case NUMBER:
        return this.numbers[slot]!;
      case OTHER:
        return this.others[slot]!;
      default:
        return null;
    }
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.used === this.capacity) this.grow();
    return this.used++;
  }

  private grow(): void {
    this.capacity *= 2;
    const widen = <T extends Float64Array | Uint8Array>(column: T, create: (length: number) => T): T => {
      const wider = create(this.capacity);
      wider.set(column);
      return wider;
    };
    this.numbers = widen(this.numbers, (length) => new Float64Array(length));
    this.times = widen(this.times, (length) => new Float64Array(length));
    this.kinds = widen(this.kinds, (length) => new Uint8Array(length));
    this.goods = widen(this.goods, (length) => new Uint8Array(length));
    this.watchedSlots = widen(this.watchedSlots, (length) => new Uint8Array(length));
  }
}
