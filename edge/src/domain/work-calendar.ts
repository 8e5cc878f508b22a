/**
 * Work calendars: the plant's (or a line's) shift pattern, breaks, weekdays worked, exceptions by date and versions
 * effective from a date, in the plant's IANA time zone. Pure: no I/O.
 *
 * The model:
 * - A pattern lists its shifts in the order of the production day: the day starts with the first shift's start and
 *   every shift runs until the next one starts (the last until the next production day starts), so the shifts of a
 *   calendar tile time: every instant belongs to exactly one shift of one production day, as with the constants
 *   TM/TT/TN of `calendar.ts`. A shift may end its scheduled (staffed) time earlier than its period (`end`); the rest
 *   of its period is not scheduled.
 * - Breaks lie inside a shift's scheduled time; they are planned time, excluded like a `discountOEE` stop.
 * - Weekdays worked are ISO weekdays (1 = Monday … 7 = Sunday) of the production date (the date the day starts on).
 *   A day not worked keeps its shifts (time still belongs to them: production on it is booked as unscheduled) but none
 *   is scheduled.
 * - Exceptions by date: a holiday (nothing scheduled), a shorter day (scheduled time ends at a wall time), an extra
 *   shift (a shift of the pattern scheduled on a day otherwise not worked).
 * - Versions: the version in force on a production date is the latest whose `effectiveFrom` is not after it; the
 *   earliest version also covers every date before it. When the day start moves between versions, the last shift of
 *   the day before ends where the next day starts, so the tiling has no gap and no overlap.
 *
 * Boundaries are wall-clock times turned into instants in the zone (`instantOfWallTime`), never hours added to an
 * instant: across a DST change a shift lasts an hour less or more, and consecutive shifts share their boundary.
 */
import { addPlantDays } from './calendar';
import { instantOfWallTime, plantDateParts } from './time-zone';

/** A shift of a pattern. `start` and `end` are wall times 'HH:mm'. */
export interface PatternShift {
  code: string;
  nameEs: string;
  nameEn: string;
  start: string;
  /** End of the shift's scheduled time; absent: scheduled until the next shift starts. */
  end?: string | null;
}

/** A break: `minutes` from wall time `start`, inside the scheduled time of shift `shiftCode`. */
export interface PatternBreak {
  shiftCode: string;
  start: string;
  minutes: number;
}

export interface CalendarPattern {
  shifts: PatternShift[];
  breaks: PatternBreak[];
  /** ISO weekdays worked: 1 = Monday … 7 = Sunday. */
  weekdays: number[];
}

export interface CalendarVersion {
  /** Production date 'YYYY-MM-DD' from which the version applies. */
  effectiveFrom: string;
  pattern: CalendarPattern;
}

export type CalendarException =
  | { date: string; kind: 'holiday' }
  | { date: string; kind: 'shortDay'; until: string }
  | { date: string; kind: 'extraShift'; shiftCode: string };

export interface WorkCalendar {
  versions: CalendarVersion[];
  exceptions: CalendarException[];
}

/** [startMs, endMs) in epoch milliseconds. */
export interface Interval {
  startMs: number;
  endMs: number;
}

/** A shift of a production day: its period [startMs, endMs) and, inside it, its scheduled time and breaks. */
export interface CalendarShift extends Interval {
  code: string;
  nameEs: string;
  nameEn: string;
  /** The production day the shift belongs to, 'YYYY-MM-DD'. */
  plantDate: string;
  /** Scheduled (staffed) time inside the period: empty on a day not worked or a holiday. */
  scheduled: Interval[];
  /** Breaks, inside `scheduled`. */
  breaks: Interval[];
}

export interface ProductionDay extends Interval {
  plantDate: string;
  shifts: CalendarShift[];
}

/** Today's constants (SPEC §9): TM 06–14, TT 14–22, TN 22–06, every day, no breaks. */
export const DEFAULT_PATTERN: CalendarPattern = {
  shifts: [
    { code: 'TM', nameEs: 'Mañana', nameEn: 'Morning', start: '06:00', end: null },
    { code: 'TT', nameEs: 'Tarde', nameEn: 'Afternoon', start: '14:00', end: null },
    { code: 'TN', nameEs: 'Noche', nameEn: 'Night', start: '22:00', end: null },
  ],
  breaks: [],
  weekdays: [1, 2, 3, 4, 5, 6, 7],
};

export const DEFAULT_CALENDAR: WorkCalendar = { versions: [{ effectiveFrom: '1900-01-01', pattern: DEFAULT_PATTERN }], exceptions: [] };

/** The code of the whole production day in the API (as `calendar.ts`'s TO); no shift of a pattern may use it. */
export const DAY_CODE = 'TO';

const DAY_MINUTES = 1440;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CODE_PATTERN = /^[A-Z0-9]{1,4}$/;
export const CALENDAR_LIMITS = { shifts: 12, breaks: 48, nameLength: 40, breakMinutes: 720 } as const;

/** Minutes after midnight of a wall time 'HH:mm', or null when it is not one. */
export function minutesOfTime(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function minutesOf(time: string): number {
  const minutes = minutesOfTime(time);
  if (minutes === null) throw new RangeError(`Invalid wall time '${time}', expected HH:mm`);
  return minutes;
}

/** Minutes from `fromMinutes` forward to `toMinutes` on the clock, in [0, 1440). */
function forward(fromMinutes: number, toMinutes: number): number {
  return (((toMinutes - fromMinutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** A pattern with its times as minutes: offsets from the day start. */
interface CompiledShift extends PatternShift {
  /** Minutes from the day start to the shift's start. */
  offset: number;
  /** Nominal minutes of the period (to the next shift's start). */
  length: number;
  /** Nominal minutes of scheduled time from the shift's start. */
  scheduledLength: number;
}

interface CompiledPattern {
  dayStart: number;
  shifts: CompiledShift[];
  weekdays: Set<number>;
  breaks: { shiftCode: string; offset: number; minutes: number }[];
}

const compiledPatterns = new WeakMap<CalendarPattern, CompiledPattern>();

function compile(pattern: CalendarPattern): CompiledPattern {
  let compiled = compiledPatterns.get(pattern);
  if (compiled) return compiled;
  const first = pattern.shifts[0];
  if (!first) throw new RangeError('A calendar pattern needs at least one shift');
  const dayStart = minutesOf(first.start);
  const offsets = pattern.shifts.map((shift, index) => (index === 0 ? 0 : forward(dayStart, minutesOf(shift.start))));
  const shifts = pattern.shifts.map((shift, index) => {
    const offset = offsets[index]!;
    const length = (offsets[index + 1] ?? DAY_MINUTES) - offset;
    const end = shift.end ? forward(minutesOf(shift.start), minutesOf(shift.end)) : 0;
    return { ...shift, offset, length, scheduledLength: end > 0 && end < length ? end : length };
  });
  const breaks = pattern.breaks.map((pause) => {
    const shift = shifts.find((s) => s.code === pause.shiftCode);
    const offset = shift ? shift.offset + forward(minutesOf(shift.start), minutesOf(pause.start)) : 0;
    return { shiftCode: pause.shiftCode, offset, minutes: pause.minutes };
  });
  compiled = { dayStart, shifts, weekdays: new Set(pattern.weekdays), breaks };
  compiledPatterns.set(pattern, compiled);
  return compiled;
}

/** The version in force on `plantDate`: the latest effective on or before it, else the earliest. */
export function versionOn(calendar: WorkCalendar, plantDate: string): CalendarVersion {
  let chosen: CalendarVersion | undefined;
  let earliest: CalendarVersion | undefined;
  for (const version of calendar.versions) {
    if (!earliest || version.effectiveFrom < earliest.effectiveFrom) earliest = version;
    if (version.effectiveFrom <= plantDate && (!chosen || version.effectiveFrom > chosen.effectiveFrom)) chosen = version;
  }
  const version = chosen ?? earliest;
  if (!version) throw new RangeError('A calendar needs at least one version');
  return version;
}

function wallInstantAfterDayStart(plantDate: string, dayStart: number, offsetMinutes: number, timeZone: string): number {
  const minutes = dayStart + offsetMinutes;
  const [year, month, day] = addPlantDays(plantDate, Math.floor(minutes / DAY_MINUTES))
    .split('-')
    .map(Number) as [number, number, number];
  const inDay = minutes % DAY_MINUTES;
  return instantOfWallTime({ year, month, day, hour: Math.floor(inDay / 60), minute: inDay % 60 }, timeZone);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a date 'YYYY-MM-DD'. */
export function isoWeekday(plantDate: string): number {
  const [year, month, day] = plantDate.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCDay() === 0 ? 7 : date.getUTCDay();
}

/** The instant production day `plantDate` starts: its version's first shift's start, in the zone. */
export function dayStartMs(calendar: WorkCalendar, plantDate: string, timeZone: string): number {
  return wallInstantAfterDayStart(plantDate, compile(versionOn(calendar, plantDate).pattern).dayStart, 0, timeZone);
}

function intersect(a: Interval, b: Interval): Interval | null {
  const startMs = Math.max(a.startMs, b.startMs);
  const endMs = Math.min(a.endMs, b.endMs);
  return endMs > startMs ? { startMs, endMs } : null;
}

/** Production days are asked for again and again; they are memoized per calendar object, bounded. */
const dayCache = new WeakMap<WorkCalendar, Map<string, ProductionDay>>();
const DAY_CACHE_LIMIT = 20_000;

/** The production day `plantDate` of `calendar`: its period and its shifts, scheduled time and breaks. */
export function productionDay(calendar: WorkCalendar, plantDate: string, timeZone: string): ProductionDay {
  let cache = dayCache.get(calendar);
  if (!cache) dayCache.set(calendar, (cache = new Map()));
  const key = `${timeZone}|${plantDate}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const day = computeDay(calendar, plantDate, timeZone);
  if (cache.size >= DAY_CACHE_LIMIT) cache.clear();
  cache.set(key, day);
  return day;
}

function computeDay(calendar: WorkCalendar, plantDate: string, timeZone: string): ProductionDay {
  const pattern = compile(versionOn(calendar, plantDate).pattern);
  const startMs = wallInstantAfterDayStart(plantDate, pattern.dayStart, 0, timeZone);
  const endMs = dayStartMs(calendar, addPlantDays(plantDate, 1), timeZone);
  const exceptions = calendar.exceptions.filter((exception) => exception.date === plantDate);
  const holiday = exceptions.some((exception) => exception.kind === 'holiday');
  const extra = new Set(exceptions.flatMap((exception) => (exception.kind === 'extraShift' ? [exception.shiftCode] : [])));
  const shortDay = exceptions.find((exception) => exception.kind === 'shortDay');
  const worked = pattern.weekdays.has(isoWeekday(plantDate));
  let scheduledUntil = endMs;
  if (shortDay?.kind === 'shortDay') {
    scheduledUntil = Math.min(
      endMs,
      wallInstantAfterDayStart(plantDate, pattern.dayStart, forward(pattern.dayStart, minutesOf(shortDay.until)), timeZone),
    );
  }
  const shifts: CalendarShift[] = [];
  for (const shift of pattern.shifts) {
    const shiftStart = wallInstantAfterDayStart(plantDate, pattern.dayStart, shift.offset, timeZone);
    // A version change that starts the next day earlier truncates this day's later shifts (and drops any left empty).
    if (shiftStart >= endMs) break;
    const previous = shifts[shifts.length - 1];
    if (previous) previous.endMs = shiftStart;
    const scheduled: Interval[] = [];
    const breaks: Interval[] = [];
    if (!holiday && (worked || extra.has(shift.code))) {
      const scheduledEnd = wallInstantAfterDayStart(plantDate, pattern.dayStart, shift.offset + shift.scheduledLength, timeZone);
      const span = intersect(
        { startMs: shiftStart, endMs: shift.scheduledLength === shift.length ? Number.POSITIVE_INFINITY : scheduledEnd },
        { startMs: shiftStart, endMs: scheduledUntil },
      );
      if (span) scheduled.push(span);
      for (const pause of pattern.breaks) {
        if (pause.shiftCode !== shift.code || !span) continue;
        const range = intersect(
          {
            startMs: wallInstantAfterDayStart(plantDate, pattern.dayStart, pause.offset, timeZone),
            endMs: wallInstantAfterDayStart(plantDate, pattern.dayStart, pause.offset + pause.minutes, timeZone),
          },
          span,
        );
        if (range) breaks.push(range);
      }
      breaks.sort((a, b) => a.startMs - b.startMs);
    }
    shifts.push({ code: shift.code, nameEs: shift.nameEs, nameEn: shift.nameEn, plantDate, startMs: shiftStart, endMs, scheduled, breaks });
  }
  // The last shift ends where the next day starts; clip its scheduled time and breaks to its period.
  for (const shift of shifts) {
    shift.scheduled = shift.scheduled.flatMap((span) => intersect(span, shift) ?? []);
    shift.breaks = shift.breaks.flatMap((span) => intersect(span, shift) ?? []);
  }
  return { plantDate, startMs, endMs, shifts };
}

/** The production date of `instantMs`: the local date, or the day before when the instant is before that day's start. */
export function plantDateAt(calendar: WorkCalendar, instantMs: number, timeZone: string): string {
  const local = plantDateParts(instantMs, timeZone);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  const date = `${pad(local.year, 4)}-${pad(local.month, 2)}-${pad(local.day, 2)}`;
  return instantMs < dayStartMs(calendar, date, timeZone) ? addPlantDays(date, -1) : date;
}

/** The shift whose period contains `instantMs` (start inclusive, end exclusive). */
export function calendarShiftAt(calendar: WorkCalendar, instantMs: number, timeZone: string): CalendarShift {
  const day = productionDay(calendar, plantDateAt(calendar, instantMs, timeZone), timeZone);
  let found = day.shifts[0]!;
  for (const shift of day.shifts) if (shift.startMs <= instantMs) found = shift;
  return found;
}

/** The shift after (+1) or before (-1) `shift`, across production days and versions. */
export function stepCalendarShift(calendar: WorkCalendar, shift: CalendarShift, direction: -1 | 1, timeZone: string): CalendarShift {
  return direction === 1 ? calendarShiftAt(calendar, shift.endMs, timeZone) : calendarShiftAt(calendar, shift.startMs - 1, timeZone);
}

/** The shifts whose periods share time with [fromMs, toMs), in order. */
export function calendarShiftsOverlapping(calendar: WorkCalendar, fromMs: number, toMs: number, timeZone: string): CalendarShift[] {
  const shifts: CalendarShift[] = [];
  if (!(toMs > fromMs)) return shifts;
  for (
    let shift = calendarShiftAt(calendar, fromMs, timeZone);
    shift.startMs < toMs;
    shift = stepCalendarShift(calendar, shift, 1, timeZone)
  ) {
    shifts.push(shift);
  }
  return shifts;
}

/** Adjacent or overlapping intervals joined, in order. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

function collect(
  calendar: WorkCalendar,
  fromMs: number,
  toMs: number,
  timeZone: string,
  pick: (shift: CalendarShift) => Interval[],
): Interval[] {
  const range = { startMs: fromMs, endMs: toMs };
  return mergeIntervals(
    calendarShiftsOverlapping(calendar, fromMs, toMs, timeZone).flatMap((shift) =>
      pick(shift).flatMap((span) => intersect(span, range) ?? []),
    ),
  );
}

/** The scheduled (staffed) time within [fromMs, toMs), breaks included, merged and in order. */
export function scheduledIntervals(calendar: WorkCalendar, fromMs: number, toMs: number, timeZone: string): Interval[] {
  return collect(calendar, fromMs, toMs, timeZone, (shift) => shift.scheduled);
}

/** The breaks within [fromMs, toMs), merged and in order. */
export function breakIntervals(calendar: WorkCalendar, fromMs: number, toMs: number, timeZone: string): Interval[] {
  return collect(calendar, fromMs, toMs, timeZone, (shift) => shift.breaks);
}

/** The parts of `interval` inside `within` (sorted, disjoint): a stop clipped to the schedule. */
export function clipToIntervals(interval: Interval, within: Interval[]): Interval[] {
  return within.flatMap((span) => intersect(interval, span) ?? []);
}

/** The parts of [fromMs, toMs) outside `intervals` (sorted, disjoint), in order. */
export function complementIntervals(intervals: Interval[], fromMs: number, toMs: number): Interval[] {
  const gaps: Interval[] = [];
  let cursor = fromMs;
  for (const span of intervals) {
    if (span.endMs <= cursor) continue;
    if (span.startMs >= toMs) break;
    if (span.startMs > cursor) gaps.push({ startMs: cursor, endMs: span.startMs });
    cursor = Math.max(cursor, span.endMs);
  }
  if (toMs > cursor) gaps.push({ startMs: cursor, endMs: toMs });
  return gaps;
}

/** The working time within [fromMs, toMs): scheduled time without its breaks, merged and in order. */
export function workingIntervals(calendar: WorkCalendar, fromMs: number, toMs: number, timeZone: string): Interval[] {
  const breaks = breakIntervals(calendar, fromMs, toMs, timeZone);
  return scheduledIntervals(calendar, fromMs, toMs, timeZone).flatMap((span) =>
    complementIntervals(clipToIntervals(span, breaks), span.startMs, span.endMs),
  );
}

/** Total milliseconds of sorted, disjoint intervals. */
export function totalMs(intervals: Interval[]): number {
  return intervals.reduce((sum, span) => sum + (span.endMs - span.startMs), 0);
}

/** Whether `instantMs` is scheduled time, and whether it falls in a break. */
export function scheduleAt(
  calendar: WorkCalendar,
  instantMs: number,
  timeZone: string,
): { shift: CalendarShift; scheduled: boolean; onBreak: boolean } {
  const shift = calendarShiftAt(calendar, instantMs, timeZone);
  const inside = (spans: Interval[]) => spans.some((span) => span.startMs <= instantMs && instantMs < span.endMs);
  return { shift, scheduled: inside(shift.scheduled), onBreak: inside(shift.breaks) };
}

/** A problem with a calendar: where (a path of field names and indexes) and a message key of the server's catalogue. */
export interface CalendarIssue {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The problems of a pattern (empty when it is usable): 1 to 12 shifts with unique codes (1–4 capitals or digits, not
 * 'TO') and names, starting in order from the first within one day; a shift's `end` inside its period; breaks inside
 * their shift's scheduled time, not overlapping; weekdays 1 to 7 without repeats.
 */
export function validatePattern(pattern: CalendarPattern): CalendarIssue[] {
  const issues: CalendarIssue[] = [];
  if (pattern.shifts.length < 1 || pattern.shifts.length > CALENDAR_LIMITS.shifts) {
    issues.push({ path: ['shifts'], key: 'calendar.shiftCount', params: { max: CALENDAR_LIMITS.shifts } });
    return issues;
  }
  const codes = new Set<string>();
  let previousOffset = -1;
  const dayStart = minutesOfTime(pattern.shifts[0]!.start);
  pattern.shifts.forEach((shift, index) => {
    if (!CODE_PATTERN.test(shift.code) || shift.code === DAY_CODE)
      issues.push({ path: ['shifts', index, 'code'], key: 'calendar.shiftCode' });
    else if (codes.has(shift.code))
      issues.push({ path: ['shifts', index, 'code'], key: 'calendar.shiftCodeRepeated', params: { code: shift.code } });
    codes.add(shift.code);
    for (const field of ['nameEs', 'nameEn'] as const) {
      const name = shift[field].trim();
      if (name.length < 1 || name.length > CALENDAR_LIMITS.nameLength)
        issues.push({ path: ['shifts', index, field], key: 'calendar.shiftName', params: { max: CALENDAR_LIMITS.nameLength } });
    }
    const start = minutesOfTime(shift.start);
    if (start === null || dayStart === null) {
      issues.push({ path: ['shifts', index, 'start'], key: 'calendar.time' });
      return;
    }
    const offset = index === 0 ? 0 : forward(dayStart, start);
    if (index > 0 && offset <= previousOffset)
      issues.push({ path: ['shifts', index, 'start'], key: 'calendar.shiftOrder', params: { code: shift.code } });
    previousOffset = Math.max(previousOffset, offset);
    if (shift.end !== undefined && shift.end !== null && minutesOfTime(shift.end) === null)
      issues.push({ path: ['shifts', index, 'end'], key: 'calendar.time' });
  });
  if (issues.length > 0) return issues;
  const compiled = compile(pattern);
  compiled.shifts.forEach((shift, index) => {
    if (
      shift.end &&
      (forward(minutesOf(shift.start), minutesOf(shift.end)) === 0 || forward(minutesOf(shift.start), minutesOf(shift.end)) > shift.length)
    ) {
      issues.push({ path: ['shifts', index, 'end'], key: 'calendar.shiftEnd', params: { code: shift.code } });
    }
  });
  if (pattern.breaks.length > CALENDAR_LIMITS.breaks)
    issues.push({ path: ['breaks'], key: 'calendar.breakCount', params: { max: CALENDAR_LIMITS.breaks } });
  pattern.breaks.forEach((pause, index) => {
    const shift = compiled.shifts.find((s) => s.code === pause.shiftCode);
    if (!shift)
      return issues.push({ path: ['breaks', index, 'shiftCode'], key: 'calendar.unknownShift', params: { code: pause.shiftCode } });
    const start = minutesOfTime(pause.start);
    if (start === null) return issues.push({ path: ['breaks', index, 'start'], key: 'calendar.time' });
    if (!Number.isInteger(pause.minutes) || pause.minutes < 1 || pause.minutes > CALENDAR_LIMITS.breakMinutes) {
      return issues.push({
        path: ['breaks', index, 'minutes'],
        key: 'calendar.breakMinutes',
        params: { max: CALENDAR_LIMITS.breakMinutes },
      });
    }
    const from = forward(minutesOf(shift.start), start);
    if (from + pause.minutes > shift.scheduledLength)
      return issues.push({ path: ['breaks', index], key: 'calendar.breakOutsideShift', params: { code: shift.code } });
    const own = compiled.breaks[index]!;
    const overlaps = compiled.breaks.some(
      (other, j) =>
        j < index &&
        other.shiftCode === own.shiftCode &&
        other.offset < own.offset + own.minutes &&
        own.offset < other.offset + other.minutes,
    );
    if (overlaps) issues.push({ path: ['breaks', index], key: 'calendar.breakOverlap' });
    return undefined;
  });
  const weekdays = new Set<number>();
  pattern.weekdays.forEach((weekday, index) => {
    if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) issues.push({ path: ['weekdays', index], key: 'calendar.weekday' });
    else if (weekdays.has(weekday)) issues.push({ path: ['weekdays', index], key: 'calendar.weekdayRepeated' });
    weekdays.add(weekday);
  });
  return issues;
}

/**
 * The problems of a whole calendar: at least one version, each effective from a distinct date with a valid pattern;
 * exceptions on valid dates, at most one holiday or shorter day a date, no extra shift on a holiday nor twice, an
 * extra shift naming a shift of the version in force that day, a shorter day ending after the day starts.
 */
export function validateCalendar(calendar: WorkCalendar, isDate: (date: string) => boolean): CalendarIssue[] {
  const issues: CalendarIssue[] = [];
  if (calendar.versions.length === 0) return [{ path: ['versions'], key: 'calendar.noVersion' }];
  const dates = new Set<string>();
  calendar.versions.forEach((version, index) => {
    if (!isDate(version.effectiveFrom)) issues.push({ path: ['versions', index, 'effectiveFrom'], key: 'calendar.date' });
    else if (dates.has(version.effectiveFrom))
      issues.push({ path: ['versions', index, 'effectiveFrom'], key: 'calendar.versionRepeated', params: { date: version.effectiveFrom } });
    dates.add(version.effectiveFrom);
    for (const issue of validatePattern(version.pattern)) issues.push({ ...issue, path: ['versions', index, 'pattern', ...issue.path] });
  });
  if (issues.length > 0) return issues;
  const seen = new Map<string, CalendarException[]>();
  calendar.exceptions.forEach((exception, index) => {
    if (!isDate(exception.date)) return issues.push({ path: ['exceptions', index, 'date'], key: 'calendar.date' });
    const same = seen.get(exception.date) ?? [];
    seen.set(exception.date, [...same, exception]);
    const pattern = versionOn(calendar, exception.date).pattern;
    if (exception.kind === 'extraShift') {
      if (!pattern.shifts.some((shift) => shift.code === exception.shiftCode)) {
        return issues.push({
          path: ['exceptions', index, 'shiftCode'],
          key: 'calendar.unknownShift',
          params: { code: exception.shiftCode },
        });
      }
      if (same.some((other) => other.kind === 'holiday' || (other.kind === 'extraShift' && other.shiftCode === exception.shiftCode))) {
        return issues.push({ path: ['exceptions', index], key: 'calendar.exceptionConflict', params: { date: exception.date } });
      }
    } else {
      if (same.some((other) => other.kind !== 'extraShift' || exception.kind === 'holiday')) {
        return issues.push({ path: ['exceptions', index], key: 'calendar.exceptionConflict', params: { date: exception.date } });
      }
      if (exception.kind === 'shortDay') {
        const until = minutesOfTime(exception.until);
        if (until === null) return issues.push({ path: ['exceptions', index, 'until'], key: 'calendar.time' });
        if (forward(compile(pattern).dayStart, until) === 0)
          return issues.push({ path: ['exceptions', index, 'until'], key: 'calendar.shortDayUntil' });
      }
    }
    return undefined;
  });
  return issues;
}
