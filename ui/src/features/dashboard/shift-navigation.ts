/**
 * Shift navigation (SPEC.md sections 4, 9; issue 29): back, forward and now, by the shifts of the line's work
 * calendar — whatever their number and length (two of 12 hours, three of 8, one shorter across a DST change) — as the
 * server answers them with the shift on screen (its `previous` and `next`), never by fixed 8-hour steps.
 */

export interface ShiftBounds {
  start: string;
  end: string;
}

/** A shift with its neighbours in the calendar (GET /api/indicators/get's shift, GET /api/calendar/now). */
export interface NavigableShift extends ShiftBounds {
  previous?: ShiftBounds;
  next?: ShiftBounds;
}

/**
 * The instant to show after one step from a shift: the start of the calendar's previous or next shift. A step forward
 * into the shift in progress (or past it) is null: the dashboard follows now again. Null too when the neighbour is
 * not known (an answer without it).
 */
export function stepShift(shift: NavigableShift, direction: -1 | 1, nowMs: number): number | null {
  const neighbour = direction === 1 ? shift.next : shift.previous;
  if (!neighbour) return null;
  if (direction === 1 && Date.parse(neighbour.end) > nowMs) return null;
  return Date.parse(neighbour.start);
}

/** Whether a shift is the one in progress (then the dashboard follows now instead of a fixed instant). */
export function isCurrentShift(shift: ShiftBounds, nowMs: number): boolean {
  return Date.parse(shift.start) <= nowMs && nowMs < Date.parse(shift.end);
}

/** A shift as the app names it: by its calendar's name in the language (ES, EN), else by the app's text for its code. */
export interface NamedShift {
  code: string;
  nameEs?: string;
  nameEn?: string;
}

export function shiftName(shift: NamedShift, language: string, byCode: (code: string) => string): string {
  const name = language.startsWith('en') ? shift.nameEn : shift.nameEs;
  return name ?? byCode(shift.code);
}
