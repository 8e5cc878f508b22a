import { queryOptions, useQueries, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { calendarDaysResponseSchema } from '../../../edge/src/modules/calendar/calendar.schemas';
import { apiRequest } from './api-client';
import { plantLocal } from './plant-time';

/**
 * The periods a screen picks by name — a shift of a production day, or the day itself (TO) — as the line's work
 * calendar has them (its own, else the plant's; the default is TM 06–14, TT 14–22, TN 22–06 and a 06:00 day). The
 * server answers each production day with its shifts (GET /api/calendars/days), in plant time with the plant's offset,
 * so a night across a DST change lasts 7 or 9 hours there, whatever the browser's own zone is.
 */
export type CalendarDay = z.infer<typeof calendarDaysResponseSchema>[number];

/** The whole production day, beside the calendar's shifts. */
export const DAY_PERIOD = 'TO';

/** A period's code as a calendar writes it (CODE_PATTERN of the domain) or the day, TO. */
export const isPeriodCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z0-9]{1,4}$/.test(value);

/** A range of plant times, each an ISO instant (the server's, with the plant's offset) or a plant wall-clock time. */
export interface PlantRange {
  start: string;
  end: string;
}

/** GET /api/calendars/days: the production days `from`–`to` of a line's calendar (its own, else the plant's), or the plant's. */
export function getCalendarDays(lineID: number | null, from: string, to: string): Promise<CalendarDay[]> {
  return apiRequest<CalendarDay[]>('/api/calendars/days', { query: { lineID: lineID ?? undefined, from, to } });
}

/**
 * One production day of a line's calendar (the plant's with lineID null); the calendar changes seldom. Under the
 * calendars' key, so storing a calendar (configuration's useSaveCalendar) reads the days again.
 */
export const calendarDayQuery = (lineID: number | null, plantDate: string) =>
  queryOptions({
    queryKey: ['calendars', 'days', lineID, plantDate],
    queryFn: async () => {
      const [day] = await getCalendarDays(lineID, plantDate, plantDate);
      if (!day) throw new Error(`no production day ${plantDate}`);
      return day;
    },
    staleTime: 60_000,
  });

/** The span of period `code` of `fromDay`'s production day to the same period of `toDay`'s; null when a day lacks it. */
export function periodRange(code: string, fromDay: CalendarDay, toDay: CalendarDay = fromDay): PlantRange | null {
  if (code === DAY_PERIOD) return { start: fromDay.start, end: toDay.end };
  const first = fromDay.shifts.find((shift) => shift.code === code);
  const last = toDay.shifts.find((shift) => shift.code === code);
  return first && last ? { start: first.start, end: last.end } : null;
}

/** The calendar days `dates` of a line, as a screen waits for them: each day once read, else undefined. */
export function useCalendarDays(lineID: number | null, dates: readonly (string | null)[]): (CalendarDay | undefined)[] {
  return useQueries({
    queries: dates.map((date) => ({ ...calendarDayQuery(lineID, date ?? ''), enabled: date !== null && date !== '' })),
  }).map((query) => query.data);
}

/** Reads (or takes from the cache) the days of a range, before a screen shows it. */
export async function fetchPeriodRange(
  queryClient: QueryClient,
  lineID: number,
  code: string,
  fromDate: string,
  toDate: string = fromDate,
): Promise<PlantRange | null> {
  const [fromDay, toDay] = await Promise.all([
    queryClient.fetchQuery(calendarDayQuery(lineID, fromDate)),
    queryClient.fetchQuery(calendarDayQuery(lineID, toDate)),
  ]);
  return periodRange(code, fromDay, toDay);
}

const hours = (span: PlantRange) => ({ from: plantLocal(span.start).slice(11, 16), to: plantLocal(span.end).slice(11, 16) });

/** The default calendar's periods, which the catalogues name in the specification's own words. */
const DEFAULT_HOURS = { TM: '06:00–14:00', TT: '14:00–22:00', TN: '22:00–06:00', TO: '06:00–06:00' } as const;
type DefaultCode = keyof typeof DEFAULT_HOURS;
const isDefaultPeriod = (code: string, span: string): code is DefaultCode =>
  Object.hasOwn(DEFAULT_HOURS, code) && DEFAULT_HOURS[code as DefaultCode] === span;

/**
 * A day's periods as a screen offers them: its shifts in their order, by their calendar names, with their hours; the
 * day itself first or last (`dayFirst`). `style` 'period' reads 'Turno mañana (06:00–14:00)' (stopSummary.periods),
 * 'code' reads 'TM · Mañana (06:00–14:00)' (stopSummary.shifts); a period of the default calendar keeps the
 * catalogue's text, any other is written from its calendar name and hours.
 */
export function periodOptions(
  day: CalendarDay,
  t: TFunction,
  language: string,
  style: 'period' | 'code',
  dayFirst: boolean,
): { value: string; text: string }[] {
  const text = (code: string, name: string | null, span: PlantRange): string => {
    const { from, to } = hours(span);
    if (isDefaultPeriod(code, `${from}–${to}`))
      return style === 'period' ? t(`stopSummary.periods.${code}`) : t(`stopSummary.shifts.${code}`);
    if (name === null) return t(style === 'period' ? 'stopSummary.dayPeriod' : 'stopSummary.dayShift', { from, to });
    return t(style === 'period' ? 'stopSummary.periodOf' : 'stopSummary.shiftOf', { code, name, from, to });
  };
  const shifts = day.shifts.map((shift) => ({
    value: shift.code,
    text: text(shift.code, language.startsWith('en') ? shift.nameEn : shift.nameEs, shift),
  }));
  const whole = { value: DAY_PERIOD, text: text(DAY_PERIOD, null, day) };
  return dayFirst ? [whole, ...shifts] : [...shifts, whole];
}
