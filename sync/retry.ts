export interface RetryPolicy {
  /** The wait after the first failure, before jitter. */
  baseMs: number;
  /** The longest wait, however many failures in a row. */
  maxMs: number;
}

/**
 * Waits of the agent after 1 s, 2 s, 4 s … failures, at most 8 s: once the central server is back, a plant starts
 * draining within 8 s (4 to 8 s with the jitter), and a down server sees one attempt per plant every 4 to 8 s.
 */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1_000, maxMs: 8_000 };

/**
 * The wait before the next attempt after `failures` failures in a row: exponential backoff (base × 2^(failures−1),
 * capped at max) with "equal jitter" — a random point in the upper half of that window. The jitter spreads the
 * reconnections of many plants after a central outage; keeping the lower half out keeps one plant from hammering a
 * server that is still down.
 */
export function retryDelayMs(failures: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const window = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + random() * (window / 2));
}
