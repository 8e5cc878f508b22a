/**
 * The pace a line needs to reach a production goal (the scoreboard, /tablero). Pure: the clock is an argument.
 */

import { MINUTE_MS } from './time';

export interface PaceToGoal {
  /** Units still to make; 0 once the goal is reached. */
  remaining: number;
  /**
   * Units a minute needed from now to `endMs` to make the remaining ones: 0 once the goal is reached, null when no
   * time is left (the goal can no longer be reached in the span).
   */
  neededPerMinute: number | null;
}

/** What is left to make of `goal` units, having made `made`, and the rate that makes it by `endMs`. */
export function paceToGoal(made: number, goal: number, nowMs: number, endMs: number): PaceToGoal {
  const remaining = Math.max(0, goal - made);
  if (remaining === 0) return { remaining, neededPerMinute: 0 };
  const minutesLeft = (endMs - nowMs) / MINUTE_MS;
  return { remaining, neededPerMinute: minutesLeft > 0 ? remaining / minutesLeft : null };
}

/** Units a minute made so far over [startMs, nowMs); null before any time has passed. */
export function currentPace(made: number, startMs: number, nowMs: number): number | null {
  const minutes = (nowMs - startMs) / MINUTE_MS;
  return minutes > 0 ? made / minutes : null;
}

/**
 * A shift's share of a plant day's production goal, by length: a line target's `targetSummary` is a day's goal (the
 * demo's is 20 hours at nominal speed), so an 8-hour shift's goal is a third of it, and a 7- or 9-hour shift on a DST
 * day gets its own share rather than a third.
 */
export function shiftGoal(dayGoal: number, shift: { startMs: number; endMs: number }, day: { startMs: number; endMs: number }): number {
  const dayMs = day.endMs - day.startMs;
  return dayMs > 0 ? (dayGoal * (shift.endMs - shift.startMs)) / dayMs : 0;
}
