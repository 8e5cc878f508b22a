import { addPlantDays, isSupportedPlantDate } from '../../domain/calendar';
import { toPlantIso } from '../../domain/time-zone';
import {
  calendarShiftAt,
  DAY_CODE,
  DEFAULT_CALENDAR,
  productionDay,
  stepCalendarShift,
  validateCalendar,
  type CalendarShift,
  type Interval,
  type WorkCalendar,
} from '../../domain/work-calendar';
import type { Database } from '../../db/database';
import type { WriteContext } from '../../db/writes';
import { fieldError, fieldErrors, notFound, type FieldMessage } from '../../http/errors';
import { isMessageKey, type MessageKey } from '../../http/messages';
import { calendarOfLine, calendarsChanged, PLANT_CALENDAR, readCalendars, replaceCalendar } from './calendar.repository';
import { lineCalendars } from './line-calendars';

/** A span of the calendar: a shift (with its names), or a production day (code TO). */
export interface CalendarSpan {
  code: string;
  plantDate: string;
  startMs: number;
  endMs: number;
  nameEs?: string;
  nameEn?: string;
}

/**
 * A shift (or production day) as the API writes it: code, production date, start and end in plant ISO, and a calendar
 * shift's names (ES, EN), which the app shows for codes it has no text of its own for.
 */
export function shiftToApi(shift: CalendarSpan, timeZone: string) {
  return {
    code: shift.code,
    plantDate: shift.plantDate,
    start: toPlantIso(shift.startMs, timeZone),
    end: toPlantIso(shift.endMs, timeZone),
    ...(shift.nameEs !== undefined && { nameEs: shift.nameEs, nameEn: shift.nameEn ?? shift.nameEs }),
  };
}

/** A calendar shift as the API writes it: its span and its names (ES, EN). */
function calendarShiftToApi(shift: CalendarShift, timeZone: string) {
  return { ...shiftToApi(shift, timeZone), nameEs: shift.nameEs, nameEn: shift.nameEn };
}

/** The production day `plantDate` of `calendar` as a span (code TO). */
export function productionDaySpan(calendar: WorkCalendar, plantDate: string, timeZone: string): CalendarSpan {
  const day = productionDay(calendar, plantDate, timeZone);
  return { code: DAY_CODE, plantDate, startMs: day.startMs, endMs: day.endMs };
}

/**
 * The calendar's shift containing `atMs` with the shifts before and after it and its production day: what the
 * dashboard's shift navigation steps by (the pattern's shifts, of any length, across days and versions).
 */
export function shiftWithNeighbours(calendar: WorkCalendar, atMs: number, timeZone: string) {
  const shift = calendarShiftAt(calendar, atMs, timeZone);
  return {
    shift,
    previous: stepCalendarShift(calendar, shift, -1, timeZone),
    next: stepCalendarShift(calendar, shift, 1, timeZone),
    day: productionDaySpan(calendar, shift.plantDate, timeZone),
  };
}

/**
 * The plant's now (or line `lineID`'s, by its calendar: 404 for an unknown line): the instant, the zone, the
 * production day and its span, the current shift with the previous and the next one.
 */
export async function plantNow(db: Database, nowMs: number, timeZone: string, lineID?: number) {
  if (lineID !== undefined) await requireLine(db, lineID);
  const calendars = await lineCalendars(db);
  const calendar = lineID === undefined ? calendars.plant : calendars.of(lineID);
  const { shift, previous, next, day } = shiftWithNeighbours(calendar, nowMs, timeZone);
  return {
    now: toPlantIso(nowMs, timeZone),
    timeZone,
    ...(lineID !== undefined && { lineID }),
    plantDate: shift.plantDate,
    shift: calendarShiftToApi(shift, timeZone),
    previous: calendarShiftToApi(previous, timeZone),
    next: calendarShiftToApi(next, timeZone),
    day: shiftToApi(day, timeZone),
  };
}

/** The stored calendars as the API answers them: the plant's (the default when none is stored) and each line's own. */
export async function calendarsForApi(db: Database) {
  const stored = await readCalendars(db);
  return { plant: stored.plant ?? DEFAULT_CALENDAR, lines: [...stored.lines].map(([lineID, calendar]) => ({ lineID, ...calendar })) };
}

/** Refuses (400) a calendar the domain finds a problem in: every problem on its field ('versions.0.pattern.shifts.1.start'). */
function checkCalendar(calendar: WorkCalendar): void {
  const issues = validateCalendar(calendar, isSupportedPlantDate);
  if (issues.length === 0) return;
  const fields: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const key: MessageKey = isMessageKey(issue.key) ? issue.key : 'validation.invalid';
    fields[issue.path.join('.')] ??= { key, params: issue.params };
  }
  throw fieldErrors('validation', fields);
}

/**
 * Stores (or, null, removes) the calendar of `lineID` in one transaction; the engine's cached calendars are read again
 * after it, committed or not (line-calendars.ts).
 */
async function writeCalendar(db: Database, lineID: number, calendar: WorkCalendar | null, ctx: WriteContext): Promise<void> {
  try {
    await db.transaction().execute((trx) => replaceCalendar(trx, lineID, calendar, ctx));
  } finally {
    calendarsChanged();
  }
}

/** Stores the plant's calendar (a 400 with nothing stored when it has a problem); answers the calendars. */
export async function savePlantCalendar(db: Database, calendar: WorkCalendar, ctx: WriteContext) {
  checkCalendar(calendar);
  await writeCalendar(db, PLANT_CALENDAR, calendar, ctx);
  return calendarsForApi(db);
}

async function requireLine(db: Database, lineID: number): Promise<void> {
  const line = await db.selectFrom('lines').select('lineID').where('lineID', '=', lineID).executeTakeFirst();
  if (!line) throw notFound();
}

/** Gives line `lineID` a calendar of its own, which replaces the plant's for it; answers the calendars. */
export async function saveLineCalendar(db: Database, lineID: number, calendar: WorkCalendar, ctx: WriteContext) {
  await requireLine(db, lineID);
  checkCalendar(calendar);
  await writeCalendar(db, lineID, calendar, ctx);
  return calendarsForApi(db);
}

/** Removes line `lineID`'s own calendar: the line follows the plant's again. Answers the calendars. */
export async function removeLineCalendar(db: Database, lineID: number, ctx: WriteContext) {
  await requireLine(db, lineID);
  await writeCalendar(db, lineID, null, ctx);
  return calendarsForApi(db);
}

/** At most this many production days a call of calendarDays. */
export const CALENDAR_DAYS_MAX = 62;

/**
 * The production days `from` to `to` (plant dates, both included) as the calendar line `lineID` follows (or the
 * plant's) says them: each day's span and its shifts, with their scheduled time and breaks, in plant ISO. What a
 * calendar means, to check it before or after it applies (the engine's figures follow it: modules/engine).
 */
export async function calendarDays(db: Database, query: { lineID?: number | undefined; from: string; to: string }, timeZone: string) {
  for (const field of ['from', 'to'] as const)
    if (!isSupportedPlantDate(query[field])) throw fieldError('validation', 'calendar.date', field);
  if (query.from > query.to || query.to > addPlantDays(query.from, CALENDAR_DAYS_MAX - 1))
    throw fieldError('validation', 'calendar.daysRange', 'to', { max: CALENDAR_DAYS_MAX });
  if (query.lineID !== undefined) await requireLine(db, query.lineID);
  const calendar = await calendarOfLine(db, query.lineID ?? null);
  const span = (interval: Interval) => ({ start: toPlantIso(interval.startMs, timeZone), end: toPlantIso(interval.endMs, timeZone) });
  const days = [];
  for (let date = query.from; date <= query.to; date = addPlantDays(date, 1)) {
    const day = productionDay(calendar, date, timeZone);
    days.push({
      plantDate: day.plantDate,
      ...span(day),
      shifts: day.shifts.map((shift) => ({
        code: shift.code,
        nameEs: shift.nameEs,
        nameEn: shift.nameEn,
        ...span(shift),
        scheduled: shift.scheduled.map(span),
        breaks: shift.breaks.map(span),
      })),
    });
  }
  return days;
}
