/**
 * Pure time helpers over epoch milliseconds (UTC), with no zone: what depends on the plant's zone is in
 * `time-zone.ts` and `calendar.ts`.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** A day of 24 hours: elapsed time, not a production or calendar day (those vary with DST, see `work-calendar.ts`). */
export const DAY_MS = 24 * HOUR_MS;

/** The minute a time falls in: production minutes count in the range where the minute starts. */
export function minuteOf(instantMs: number): number {
  return Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
}
