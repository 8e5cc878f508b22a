export interface RetryPolicy {
  /** The wait after the first failure, before jitter. */
  baseMs: number;
  /** The longest wait, however many failures in a row. */
  maxMs: number;
}

/** Waits of the agent after 1 s, 2 s, 4 s … failures, at most a minute: a down server is retried ~1/min. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1_000, maxMs: 60_000 };

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
