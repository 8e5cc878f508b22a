import { HOUR_MS } from './time';
/**
 * Wall-clock arithmetic in the plant's IANA time zone, with nothing but Intl.
 *
 * Every instant in the system is epoch milliseconds (UTC). The plant thinks in wall-clock time (shifts start at
 * 06:00 local), so these functions translate between the two. Around a DST change a wall-clock time can be
 * missing (spring forward) or happen twice (fall back); `instantOfWallTime` resolves both deterministically.
 */

export interface WallTime {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

export interface PlantDateParts extends Required<WallTime> {
  /** 0 = Sunday … 6 = Saturday, as Date.getUTCDay. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Epoch milliseconds of a wall time read as if it were UTC. Unlike a bare Date.UTC, years 0..99 stay themselves
 * (Date.UTC maps them to 1900..1999). Out-of-range fields carry over as in Date.UTC (day 32 → next month).
 */
function utcOfWall(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second ?? 0, wall.millisecond ?? 0);
  return date.getTime();
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA name this runtime knows (e.g. 'America/Argentina/Buenos_Aires', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset at `instantMs` as Intl tells it (formatToParts: slow, a few microseconds a call). */
function formattedOffsetMs(instantMs: number, timeZone: string): number {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const wall = {
    year: values.year ?? 1970,
    month: values.month ?? 1,
    day: values.day ?? 1,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  };
  return utcOfWall({ ...wall, millisecond: ((instantMs % 1000) + 1000) % 1000 }) - instantMs;
}

/** Hours remembered per zone before the memo starts again (a year of hours is 8,760). */
const OFFSET_MEMO_LIMIT = 100_000;
/** Per zone: the offset of each UTC hour whose offset does not change within it; NaN for an hour with a change. */
const offsetMemo = new Map<string, Map<number, number>>();

/**
 * Offset of `timeZone` from UTC at `instantMs`, in milliseconds (east positive: +02:00 → 7_200_000). Every API date
 * goes through it, so the offset of each UTC hour is asked of Intl once: an hour whose first and last millisecond
 * have the same offset has it throughout (zones change offset at most once within an hour); an hour with a change
 * asks Intl for every instant, so the answer is always Intl's own.
 */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  let memo = offsetMemo.get(timeZone);
  if (!memo || memo.size >= OFFSET_MEMO_LIMIT) {
    memo = new Map();
    offsetMemo.set(timeZone, memo);
  }
  const hour = Math.floor(instantMs / HOUR_MS);
  let offset = memo.get(hour);
  if (offset === undefined) {
    const first = formattedOffsetMs(hour * HOUR_MS, timeZone);
    offset = first === formattedOffsetMs(hour * HOUR_MS + HOUR_MS - 1, timeZone) ? first : Number.NaN;
    memo.set(hour, offset);
  }
  return Number.isNaN(offset) ? formattedOffsetMs(instantMs, timeZone) : offset;
}

/** The wall-clock date and time shown in `timeZone` at `instantMs`. */
export function plantDateParts(instantMs: number, timeZone: string): PlantDateParts {
  const wall = new Date(instantMs + zoneOffsetMs(instantMs, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: wall.getUTCMilliseconds(),
    weekday: wall.getUTCDay(),
  };
}

/**
 * The instant at which the plant's clocks show `wall`.
 * A wall time skipped by a spring-forward change maps to the instant the clocks jump (e.g. 02:30 → 03:00 local);
 * a wall time that happens twice (fall back) maps to its first occurrence.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const naive = utcOfWall(wall);
  // Try both offsets around the naive instant; keep the earliest candidate that shows the requested wall time.
  const candidates = [naive - zoneOffsetMs(naive - 86_400_000, timeZone), naive - zoneOffsetMs(naive + 86_400_000, timeZone)]
    .map((guess) => naive - zoneOffsetMs(guess, timeZone))
    .sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (candidate + zoneOffsetMs(candidate, timeZone) === naive) return candidate;
  }
  // Skipped wall time: the clocks jump over it; answer the instant of the jump (02:30 in a 02:00→03:00 gap is 03:00).
  return transitionAfter(candidates[0]! - 3 * 3_600_000, timeZone);
}

/** The first instant after `fromMs` (within a day) at which the zone's offset changes. */
function transitionAfter(fromMs: number, timeZone: string): number {
  const startOffset = zoneOffsetMs(fromMs, timeZone);
  let low = fromMs;
  let high = fromMs + 86_400_000;
  if (zoneOffsetMs(high, timeZone) === startOffset) return fromMs;
  while (high - low > 1000) {
    const mid = Math.floor((low + high) / 2);
    if (zoneOffsetMs(mid, timeZone) === startOffset) low = mid;
    else high = mid;
  }
  return Math.floor(high / 1000) * 1000;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** ISO 8601 with the plant's offset, e.g. '2026-03-29T06:00:00.000+02:00' — the API's date format. */
export function toPlantIso(instantMs: number, timeZone: string): string {
  const offsetMs = zoneOffsetMs(instantMs, timeZone);
  const p = plantDateParts(instantMs, timeZone);
  const offsetMinutes = Math.round(offsetMs / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${pad(p.millisecond, 3)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * The dates the API accepts: plant dates 1900-01-01 to 9998-12-31 and the instants from 1900-01-01T00:00Z up to
 * 9999-01-01T00:00Z. Beyond them the plant calendar cannot work (a shift or a day after 9999-12-31 has no 4-digit
 * date, and JavaScript has no date past ±8.64e15 ms), so such a date once answered 500 'Invalid plant date' on six
 * routes (issue 26): it is refused as input instead, with the range in the message.
 */
export const SUPPORTED_DATES = {
  firstPlantDate: '1900-01-01',
  lastPlantDate: '9998-12-31',
  firstMs: Date.UTC(1900, 0, 1),
  /** Exclusive. */
  endMs: Date.UTC(9999, 0, 1),
} as const;

/** A date the API was given that is a date, but outside SUPPORTED_DATES: a 400 with its own message, never a 500. */
export class DateOutOfRangeError extends RangeError {
  constructor(readonly value: string) {
    super(`Date '${value}' is outside ${SUPPORTED_DATES.firstPlantDate} to ${SUPPORTED_DATES.lastPlantDate}`);
  }
}

/** The instant itself, or a DateOutOfRangeError when outside SUPPORTED_DATES. */
function supportedInstant(instantMs: number, value: string | number): number {
  if (instantMs < SUPPORTED_DATES.firstMs || instantMs >= SUPPORTED_DATES.endMs) throw new DateOutOfRangeError(String(value).slice(0, 40));
  return instantMs;
}

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses a date the API receives: ISO 8601 with an offset or 'Z' is an exact instant; a date or date-time without
 * one is wall-clock time in the plant. Epoch milliseconds (a number) pass through. Returns null when unparseable;
 * throws DateOutOfRangeError for a date outside SUPPORTED_DATES.
 */
export function parsePlantDate(value: string | number, timeZone: string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? supportedInstant(value, value) : null;
  const match = ISO_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = match;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
    millisecond: Number((ms ?? '0').padEnd(3, '0')),
  };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > 31 || wall.hour > 23 || wall.minute > 59 || (wall.second ?? 0) > 59) {
    return null;
  }
  const naive = utcOfWall(wall);
  if (new Date(naive).getUTCDate() !== wall.day) return null;
  if (wall.year < 1900 || wall.year > 9998) throw new DateOutOfRangeError(value.trim().slice(0, 40));
  if (zone === undefined) return supportedInstant(instantOfWallTime(wall, timeZone), value);
  if (zone === 'Z' || zone === 'z') return supportedInstant(naive, value);
  const digits = zone.replace(':', '');
  const offsetHours = Number(digits.slice(1, 3));
  const offsetMinutes = Number(digits.slice(3, 5));
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
  return supportedInstant(digits.startsWith('-') ? naive + offset : naive - offset, value);
}
