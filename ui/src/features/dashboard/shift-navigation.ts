/** SPEC.md sections 4, 9: shift navigation moves in 8-hour steps back, forward, or to now. */
export const SHIFT_STEP_MS = 8 * 3_600_000;

export interface ShiftBounds {
  start: string;
  end: string;
}

/**
 * The instant to show after one step from a shift: its middle ± 8 hours, which lands inside the neighbouring shift
 * even on a DST day (shifts of 7 or 9 hours). A step forward into the shift in progress is null: the dashboard
 * follows now again.
 */
export function stepShift(shift: ShiftBounds, direction: -1 | 1, nowMs: number): number | null {
  const middle = (Date.parse(shift.start) + Date.parse(shift.end)) / 2;
  const target = middle + direction * SHIFT_STEP_MS;
  if (direction === 1 && Date.parse(shift.end) + SHIFT_STEP_MS > nowMs) return null;
  return target;
}

/** Whether a shift is the one in progress (then the dashboard follows now instead of a fixed instant). */
export function isCurrentShift(shift: ShiftBounds, nowMs: number): boolean {
  return Date.parse(shift.start) <= nowMs && nowMs < Date.parse(shift.end);
}
