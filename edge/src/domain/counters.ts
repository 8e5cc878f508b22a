/**
 * Absolute production counters (units, discards) as PLCs report them: they only grow, except when the PLC restarts
 * or someone resets them. Production is the difference between two readings.
 */

export interface CounterStep {
  /** Units made between the two readings, never negative. */
  delta: number;
  /** The reading to compare the next one with. */
  next: number | null;
  /** True when the counter went down: it was reset and counts again from 0. */
  reset: boolean;
}

/**
 * The production between the `previous` reading and the `current` one.
 * - No usable current reading (null, NaN, negative: bad quality or disconnected): nothing is counted and the previous
 *   reading is kept, so the units made meanwhile are counted when a good reading comes back.
 * - No previous reading (first reading ever): it becomes the baseline; nothing is counted.
 * - A reading lower than the previous one is a reset: the counter restarted from 0, so the units made since are the
 *   current reading itself — never a negative production.
 */
export function counterStep(previous: number | null, current: number | null): CounterStep {
  if (current === null || !Number.isFinite(current) || current < 0) return { delta: 0, next: previous, reset: false };
  if (previous === null) return { delta: 0, next: current, reset: false };
  if (current >= previous) return { delta: current - previous, next: current, reset: false };
  return { delta: current, next: current, reset: true };
}

/**
 * The largest step a counter of a line can make in `elapsedMs`: `factor` times the line's top speed over the elapsed
 * time, and never less than a minute's worth (PLCs publish counters in bursts). A larger step is not production: the
 * counter was re-pointed, replaced or written by hand. null when the line's speed is unknown (nothing to judge by).
 */
export function counterStepLimit(topUnitsPerMinute: number | null, elapsedMs: number, factor: number): number | null {
  if (topUnitsPerMinute === null || !(topUnitsPerMinute > 0) || !(factor > 0)) return null;
  return factor * topUnitsPerMinute * Math.max(1, elapsedMs / 60_000);
}
