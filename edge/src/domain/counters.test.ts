import { describe, expect, it } from 'vitest';
import { counterStep } from './counters';

describe('counterStep', () => {
  it('counts the difference between two readings of a growing counter', () => {
    expect(counterStep(1_000, 1_012)).toEqual({ delta: 12, next: 1_012, reset: false });
    expect(counterStep(1_000, 1_000)).toEqual({ delta: 0, next: 1_000, reset: false });
  });

  it('takes the first reading ever as the baseline and counts nothing', () => {
    expect(counterStep(null, 52_000)).toEqual({ delta: 0, next: 52_000, reset: false });
  });

  it('detects a reset (the counter went down) and counts the units made since it restarted from 0, never a negative', () => {
    expect(counterStep(98_765, 40)).toEqual({ delta: 40, next: 40, reset: true });
    expect(counterStep(98_765, 0)).toEqual({ delta: 0, next: 0, reset: true });
  });

  it('counts nothing on a bad reading and keeps the previous one, so the gap is counted when readings come back', () => {
    for (const bad of [null, Number.NaN, Number.POSITIVE_INFINITY, -5]) {
      expect(counterStep(500, bad)).toEqual({ delta: 0, next: 500, reset: false });
    }
    expect(counterStep(500, 530).delta).toBe(30);
  });

  it('handles fractional counters (weights)', () => {
    expect(counterStep(10.25, 12.75).delta).toBeCloseTo(2.5, 12);
  });
});
