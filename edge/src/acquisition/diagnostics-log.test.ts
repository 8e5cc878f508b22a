import { describe, expect, it } from 'vitest';
import { RingBuffer } from './diagnostics-log';

describe('the diagnostics ring', () => {
  it('keeps the newest entries up to its capacity, oldest first', () => {
    const ring = new RingBuffer<number>(3);
    expect(ring.toArray()).toEqual([]);
    for (const n of [1, 2, 3, 4, 5]) ring.push(n);
    expect(ring.toArray()).toEqual([3, 4, 5]);
    expect(ring.toArray(2)).toEqual([4, 5]);
  });
});
