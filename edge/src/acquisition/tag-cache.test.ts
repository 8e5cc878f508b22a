import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_MS, plausibleSourceTime, TagCache, type TagReading } from './tag-cache';

describe('the time a value changed', () => {
  const received = 1_000_000;
  it('is the source timestamp when it is at or a little before the receive time', () => {
    expect(plausibleSourceTime(received - 250, received)).toBe(received - 250);
    expect(plausibleSourceTime(received, received)).toBe(received);
  });
  it('is the receive time when the source is ahead of our clock (nothing is stored in the future)', () => {
    expect(plausibleSourceTime(received + 10, received)).toBe(received);
  });
  it('is the receive time when the source clock is implausibly far behind, or missing', () => {
    expect(plausibleSourceTime(received - MAX_CLOCK_SKEW_MS - 1, received)).toBe(received);
    expect(plausibleSourceTime(null, received)).toBe(received);
    expect(plausibleSourceTime(Number.NaN, received)).toBe(received);
  });
});

describe('the tag cache', () => {
  const good = (value: TagReading['value'], time = 1): TagReading => ({ value, good: true, status: 'Good', time });

  it('answers the time of a good reading (goodTime), and -∞ for a bad, unread or unknown tag', () => {
    const cache = new TagCache();
    cache.set('A', good(5, 100));
    expect(cache.goodTime('A')).toBe(100);
    cache.setBad('A', 'BadConnectionClosed', 250);
    expect(cache.goodTime('A')).toBe(Number.NEGATIVE_INFINITY);
    cache.slotOf('B');
    expect(cache.goodTime('B')).toBe(Number.NEGATIVE_INFINITY);
    expect(cache.goodTime('C')).toBe(Number.NEGATIVE_INFINITY);
  });

  it("moves only the time of an unchanged good reading (touchGood), and refuses a bad one or another tag's slot", () => {
    const cache = new TagCache();
    const changes: string[] = [];
    cache.watch(['A']);
    cache.onChange((tagName, time) => changes.push(`${tagName}@${time}`));
    const slot = cache.slotOf('A');
    cache.store(slot, 'A', 5, true, 'Good', null, 100);
    expect(cache.touchGood(slot, 'A', 200)).toBe(true);
    expect(cache.reading('A')).toEqual({ value: 5, good: true, status: 'Good', time: 200 });
    expect(changes).toEqual(['A@100']);
    expect(cache.touchGood(slot, 'B', 300)).toBe(false);
    cache.setBad('A', 'BadConnectionClosed', 250);
    expect(cache.touchGood(slot, 'A', 300)).toBe(false);
    expect(cache.reading('A')).toMatchObject({ good: false, time: 250 });
    cache.delete('A');
    expect(cache.touchGood(slot, 'A', 400)).toBe(false);
  });

  it('gives scripts the value of a good reading and null for a bad or unknown tag', () => {
    const cache = new TagCache();
    cache.set('A', good(5));
    cache.set('B', { value: 7, good: false, status: 'BadNodeIdUnknown', time: 1 });
    expect(cache.get('A')).toBe(5);
    expect(cache.get('B')).toBeNull();
    expect(cache.get('C')).toBeNull();
  });

  it('tells its listener of changes of value or quality of the watched tags, not of repeats', () => {
    const cache = new TagCache();
    const seen: string[] = [];
    cache.onChange((tagName, time) =>
      seen.push(`${tagName}=${String(cache.reading(tagName)?.value)}/${cache.reading(tagName)?.status}@${time}`),
    );
    cache.set('B', good(1));
    cache.watch(['A', 'B']);
    cache.set('A', good(1));
    cache.set('A', good(1, 2));
    cache.set('A', good(2, 3));
    cache.setBad('A', 'BadConnectionClosed', 4);
    cache.setBad('A', 'BadConnectionClosed', 5);
    cache.set('B', good(3, 6));
    cache.set('C', good(3, 7));
    expect(seen).toEqual(['A=1/Good@1', 'A=2/Good@3', 'A=2/BadConnectionClosed@4', 'B=3/Good@6']);
    expect(cache.reading('A')).toEqual({ value: 2, good: false, status: 'BadConnectionClosed', time: 4 });
    expect(cache.reading('C')).toEqual({ value: 3, good: true, status: 'Good', time: 7 });
  });

  it('stores by slot, and a slot kept after its tag was deleted reaches the tag by name, not the tag now in its slot', () => {
    const cache = new TagCache();
    const slot = cache.slotOf('A');
    expect(cache.has('A')).toBe(false);
    cache.store(slot, 'A', 4, true, 'Good', 1, 1);
    expect(cache.get('A')).toBe(4);
    cache.delete('A');
    cache.set('B', good(9, 2));
    expect(cache.slotOf('B')).toBe(slot);
    // A's first reading since it came back: its source time counts however old it is (the end of a gap), whatever
    // the tag now in A's old slot holds.
    cache.store(slot, 'A', 5, true, 'Good', 3, 3 + 10 * MAX_CLOCK_SKEW_MS);
    expect(cache.reading('B')).toEqual({ value: 9, good: true, status: 'Good', time: 2 });
    expect(cache.reading('A')).toEqual({ value: 5, good: true, status: 'Good', time: 3 });
    expect(cache.isGood('A')).toBe(true);
  });

  it('times a value from a source by its source clock when plausible, else by when it was received', () => {
    const cache = new TagCache();
    const slot = cache.slotOf('A');
    const receivedAt = 1_000_000;
    cache.store(slot, 'A', 1, true, 'Good', receivedAt - 5 * MAX_CLOCK_SKEW_MS, receivedAt);
    expect(cache.reading('A')?.time).toBe(receivedAt - 5 * MAX_CLOCK_SKEW_MS);
    cache.store(slot, 'A', 2, true, 'Good', receivedAt - 5 * MAX_CLOCK_SKEW_MS, receivedAt + 1);
    expect(cache.reading('A')?.time).toBe(receivedAt + 1);
    cache.store(slot, 'A', 3, true, 'Good', receivedAt + 10, receivedAt + 2);
    expect(cache.reading('A')?.time).toBe(receivedAt + 2);
    cache.store(slot, 'A', 4, true, 'Good', null, receivedAt + 3);
    expect(cache.reading('A')?.time).toBe(receivedAt + 3);
    cache.store(slot, 'A', 5, true, 'Good', receivedAt + 3, receivedAt + 4);
    expect(cache.reading('A')?.time).toBe(receivedAt + 3);
  });
});

describe('the tag cache, a slot’s parts', () => {
  it('keeps value, quality, status and time apart: watching, a change of kind, and a deleted neighbour leave each reading whole', () => {
    const cache = new TagCache();
    const seen: string[] = [];
    cache.onChange((tagName) => seen.push(tagName));
    cache.set('A', { value: 'text', good: true, status: 'Good', time: 1 });
    cache.set('B', { value: 2.5, good: false, status: 'UncertainLastUsableValue', time: 2 });
    cache.watch(['A']);
    cache.watch(['A', 'B']);
    cache.watch(['B']);
    expect(cache.reading('A')).toEqual({ value: 'text', good: true, status: 'Good', time: 1 });
    expect(cache.reading('B')).toEqual({ value: 2.5, good: false, status: 'UncertainLastUsableValue', time: 2 });
    // A string, then a number, then a string again: the kind follows the value, and equal values are no news.
    cache.set('B', { value: 'x', good: true, status: 'Good', time: 3 });
    cache.set('B', { value: 7, good: true, status: 'Good', time: 4 });
    cache.set('B', { value: 7, good: true, status: 'Good', time: 5 });
    cache.set('B', { value: 'x', good: true, status: 'Good', time: 6 });
    cache.set('A', { value: 'other', good: true, status: 'Good', time: 7 });
    expect(seen).toEqual(['B', 'B', 'B']);
    expect(cache.reading('B')).toEqual({ value: 'x', good: true, status: 'Good', time: 6 });
    // A bad status seen before, set again: the same reading, its time unchanged.
    cache.setBad('B', 'BadConnectionClosed', 8);
    cache.setBad('B', 'BadConnectionClosed', 9);
    expect(cache.reading('B')).toEqual({ value: 'x', good: false, status: 'BadConnectionClosed', time: 8 });
    // A's slot goes to C: C starts without a reading, unwatched, whatever A was.
    cache.watch(['A', 'B']);
    cache.delete('A');
    expect(cache.has('C')).toBe(false);
    cache.slotOf('C');
    expect(cache.has('C')).toBe(false);
    expect(cache.reading('C')).toBeUndefined();
    expect(cache.get('C')).toBeNull();
    cache.set('C', { value: true, good: true, status: 'Good', time: 10 });
    expect(cache.reading('C')).toEqual({ value: true, good: true, status: 'Good', time: 10 });
    expect(seen).toEqual(['B', 'B', 'B', 'B']);
    expect(cache.reading('B')).toEqual({ value: 'x', good: false, status: 'BadConnectionClosed', time: 8 });
  });
});

describe('the tag cache, many tags', () => {
  it('keeps each tag its own reading of every kind as tags come and go', () => {
    const cache = new TagCache();
    const valueOf = (i: number) => (i % 4 === 0 ? i % 8 === 0 : i % 4 === 1 ? i * 1.5 : i % 4 === 2 ? `text ${i}` : BigInt(i));
    for (let i = 0; i < 300; i += 1)
      cache.set(`T${i}`, { value: valueOf(i), good: i % 7 !== 0, status: i % 7 !== 0 ? 'Good' : 'BadNodeIdUnknown', time: i });
    for (let i = 0; i < 300; i += 3) cache.delete(`T${i}`);
    for (let i = 300; i < 400; i += 1) cache.set(`T${i}`, { value: valueOf(i), good: true, status: 'Good', time: i });
    for (let i = 0; i < 400; i += 1) {
      if (i < 300 && i % 3 === 0) {
        expect(cache.has(`T${i}`)).toBe(false);
        continue;
      }
      const good = i >= 300 || i % 7 !== 0;
      expect(cache.reading(`T${i}`)).toEqual({ value: valueOf(i), good, status: good ? 'Good' : 'BadNodeIdUnknown', time: i });
      expect(cache.get(`T${i}`)).toEqual(good ? valueOf(i) : null);
    }
    expect([...cache.tagNames()]).toHaveLength(300);
  });
});
