/**
 * The fixed plant calendar of SPEC §9: TM, TT, TN and plant days from 06:00 in the plant's IANA time zone — the default
 * work calendar (work-calendar.ts DEFAULT_CALENDAR), which the engine no longer reads from here: its shifts and
 * production days are the line's work calendar's (modules/calendar line-calendars.ts; a production date of an instant
 * is work-calendar.ts plantDateAt). What remains here is plant dates (parsing, adding days, the supported range) and
 * the default shifts (TM/TT/TN/TO) the tests and benchmarks check the default calendar against.
 *
 * Shifts are defined by wall-clock boundaries (06:00, 14:00, 22:00 local), never by adding 8 hours to an instant:
 * across a DST change the night shift lasts 7 hours (spring forward) or 9 hours (fall back), and consecutive shifts
 * share their boundary instant, so every instant belongs to exactly one TM/TT/TN shift — nothing is counted twice
 * and nothing is lost.
 *
 * A plant date ('YYYY-MM-DD') names the plant day, which starts at 06:00: the night shift TN of date D runs from
 * D 22:00 to D+1 06:00, so 03:00 on D+1 still belongs to plant date D.
 */
import { DateOutOfRangeError, instantOfWallTime, plantDateParts, SUPPORTED_DATES } from './time-zone';

export type ShiftCode = 'TM' | 'TT' | 'TN' | 'TO';

/** A shift of the plant calendar: [startMs, endMs) in epoch milliseconds. */
export interface Shift {
  code: ShiftCode;
  /** The plant day the shift belongs to, 'YYYY-MM-DD' (the date on which it starts). */
  plantDate: string;
  startMs: number;
  /** Exclusive: the instant the next shift starts. */
  endMs: number;
}

/** Wall-clock hours at which TM, TT and TN start (SPEC §9): the default work calendar's (work-calendar.ts). */
export const SHIFT_BOUNDARY_HOURS = [6, 14, 22] as const;
/** The plant day (TO) starts and ends at this wall-clock hour. */
export const PLANT_DAY_START_HOUR = SHIFT_BOUNDARY_HOURS[0];

interface ShiftHours {
  startHour: number;
  endHour: number;
  /** Days from the plant date to the day the shift ends on. */
  endDayOffset: number;
}

const SHIFT_HOURS: Record<ShiftCode, ShiftHours> = {
  TM: { startHour: 6, endHour: 14, endDayOffset: 0 },
  TT: { startHour: 14, endHour: 22, endDayOffset: 0 },
  TN: { startHour: 22, endHour: 6, endDayOffset: 1 },
  TO: { startHour: 6, endHour: 6, endDayOffset: 1 },
};

/** The order of the 8-hour shifts in a plant day. */
const DAY_SHIFTS = ['TM', 'TT', 'TN'] as const;

const PLANT_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function parseCalendarDate(plantDate: string): CalendarDate {
  const match = PLANT_DATE_PATTERN.exec(plantDate);
  if (match) {
    const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    const check = new Date(0);
    check.setUTCFullYear(date.year, date.month - 1, date.day);
    if (check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day) return date;
  }
  throw new RangeError(`Invalid plant date '${plantDate}', expected an existing date as YYYY-MM-DD`);
}

function formatCalendarDate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** True when `plantDate` is an existing date written 'YYYY-MM-DD'. */
export function isValidPlantDate(plantDate: string): boolean {
  try {
    parseCalendarDate(plantDate);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when `plantDate` is an existing date written 'YYYY-MM-DD' (as isValidPlantDate); throws DateOutOfRangeError
 * when it is one outside SUPPORTED_DATES, so an API input such as '9999-12-31' is refused before any shift of it is
 * computed (the day after it has no plant date).
 */
export function isSupportedPlantDate(plantDate: string): boolean {
  if (!isValidPlantDate(plantDate)) return false;
  if (plantDate < SUPPORTED_DATES.firstPlantDate || plantDate > SUPPORTED_DATES.lastPlantDate) throw new DateOutOfRangeError(plantDate);
  return true;
}

/** The plant date `days` calendar days after `plantDate` (negative goes back). Throws RangeError on a bad date. */
export function addPlantDays(plantDate: string, days: number): string {
  const date = parseCalendarDate(plantDate);
  const shifted = new Date(0);
  shifted.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return formatCalendarDate({ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() });
}

/**
 * Shift boundaries are asked for again and again (every shift index, every navigation step), and each costs several
 * Intl lookups, so they are memoized. The mapping is fixed for a process (the zone rules do not change under it);
 * the cache is bounded by clearing it when full.
 */
const boundaryCache = new Map<string, number>();
const BOUNDARY_CACHE_LIMIT = 50_000;

function wallInstant(date: CalendarDate, hour: number, timeZone: string): number {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}|${hour}`;
  let instant = boundaryCache.get(key);
  if (instant === undefined) {
    instant = instantOfWallTime({ ...date, hour, minute: 0 }, timeZone);
    if (boundaryCache.size >= BOUNDARY_CACHE_LIMIT) boundaryCache.clear();
    boundaryCache.set(key, instant);
  }
  return instant;
}

/**
 * The shift `code` of plant date `plantDate`: TM D 06:00→14:00, TT D 14:00→22:00, TN D 22:00→D+1 06:00,
 * TO D 06:00→D+1 06:00 (the whole plant day). Throws RangeError on a bad date.
 */
export function shiftOf(code: ShiftCode, plantDate: string, timeZone: string): Shift {
  const hours = SHIFT_HOURS[code];
  const date = parseCalendarDate(plantDate);
  const endDate = parseCalendarDate(addPlantDays(plantDate, hours.endDayOffset));
  return {
    code,
    plantDate: formatCalendarDate(date),
    startMs: wallInstant(date, hours.startHour, timeZone),
    endMs: wallInstant(endDate, hours.endHour, timeZone),
  };
}

/** The TM, TT or TN shift that contains `instantMs` (start inclusive, end exclusive). */
export function shiftAt(instantMs: number, timeZone: string): Shift {
  const local = plantDateParts(instantMs, timeZone);
  const date = formatCalendarDate(local);
  if (local.hour < SHIFT_BOUNDARY_HOURS[0]) return shiftOf('TN', addPlantDays(date, -1), timeZone);
  if (local.hour < SHIFT_BOUNDARY_HOURS[1]) return shiftOf('TM', date, timeZone);
  if (local.hour < SHIFT_BOUNDARY_HOURS[2]) return shiftOf('TT', date, timeZone);
  return shiftOf('TN', date, timeZone);
}

/**
 * The shift one step before (-1) or after (+1) `shift`: TM → TT → TN → next day's TM, and back. A TO (plant day)
 * steps to the previous or next plant day. Boundaries come from the wall clock, so stepping over a 7- or 9-hour
 * shift lands on the neighbouring shift, never inside the same one.
 */
export function stepShift(shift: Shift, direction: -1 | 1, timeZone: string): Shift {
  if (shift.code === 'TO') return shiftOf('TO', addPlantDays(shift.plantDate, direction), timeZone);
  const index = DAY_SHIFTS.indexOf(shift.code) + direction;
  if (index < 0) return shiftOf('TN', addPlantDays(shift.plantDate, -1), timeZone);
  if (index >= DAY_SHIFTS.length) return shiftOf('TM', addPlantDays(shift.plantDate, 1), timeZone);
  return shiftOf(DAY_SHIFTS[index]!, shift.plantDate, timeZone);
}

/**
 * The TM/TT/TN shifts that share time with [fromMs, toMs), in order. Consecutive shifts touch (one's end is the
 * next one's start), so clipping a stop to each of them splits its duration without overlap or gap.
 */
export function shiftsOverlapping(fromMs: number, toMs: number, timeZone: string): Shift[] {
  const shifts: Shift[] = [];
  if (!(toMs > fromMs)) return shifts;
  for (let shift = shiftAt(fromMs, timeZone); shift.startMs < toMs; shift = stepShift(shift, 1, timeZone)) {
    shifts.push(shift);
  }
  return shifts;
}
