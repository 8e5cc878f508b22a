import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, retryDelayMs } from './retry';

describe('retryDelayMs (exponential backoff with equal jitter)', () => {
  it('doubles the window with each failure in a row, from the base up to the cap', () => {
    const top = (failures: number) => retryDelayMs(failures, DEFAULT_RETRY, () => 1);
    expect([1, 2, 3, 4, 5, 6, 50].map(top)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000]);
  });

  it('waits a random point of the upper half of the window, so many plants do not reconnect at once', () => {
    expect(retryDelayMs(3, DEFAULT_RETRY, () => 0)).toBe(2_000);
    expect(retryDelayMs(3, DEFAULT_RETRY, () => 0.5)).toBe(3_000);
    const seen = new Set(Array.from({ length: 200 }, () => retryDelayMs(10, DEFAULT_RETRY)));
    // After a long outage the next attempt is at most 8 s away: draining starts within 8 s of the server's return.
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(8_000);
    expect(seen.size).toBeGreaterThan(100);
  });
});
