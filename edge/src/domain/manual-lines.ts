/**
 * A line without a beacon script (the manual stops manager's) is known only through what people enter: its stops
 * by hand. Between two stops entered the line ran (a stop nobody entered did not happen), but after the end of the
 * last one nothing says whether it runs or is stopped, until someone enters the next stop: that time is unknown,
 * never running time. A line with a beacon is known up to now (its gaps are stops of their own, reasons 4 and 9).
 */

/**
 * The instant up to which a beacon-less line's state is known: now while a stop of it is open (it is stopped up to
 * now), else the end of its latest stop; `firstDataMs` when it has no stop (known from then on, as nothing).
 * null for a line never seen.
 */
export function manualLineKnownUntilMs(
  latestStop: { endMs: number | null } | null,
  firstDataMs: number | null,
  nowMs: number,
): number | null {
  if (latestStop) return latestStop.endMs === null ? nowMs : Math.min(latestStop.endMs, nowMs);
  return firstDataMs === null ? null : Math.min(firstDataMs, nowMs);
}
