import { z } from 'zod';
import { CALENDAR_LIMITS } from '../../domain/work-calendar';
import { distinctList, queryInt, requiredInt, requiredText, timeOfDay } from '../grid/fields';

/**
 * A work calendar as the API reads and writes it (domain/work-calendar.ts): versions effective from a production date,
 * each a shift pattern (shifts in the order of the production day, breaks, ISO weekdays worked), and exceptions by
 * date. The shape is checked here; the rules between fields (order of the shifts, breaks inside their shift, extra
 * shifts the pattern has…) by the domain's validateCalendar, each problem with its own ES/EN message.
 */
const plantDate = () =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'calendar.date');

const shiftSchema = z
  .object({
    code: z.string().trim().toUpperCase().min(1).max(4),
    nameEs: requiredText(CALENDAR_LIMITS.nameLength),
    nameEn: requiredText(CALENDAR_LIMITS.nameLength),
    start: timeOfDay(),
    end: timeOfDay().nullish(),
  })
  .strict();

const breakSchema = z
  .object({
    shiftCode: z.string().trim().toUpperCase().min(1).max(4),
    start: timeOfDay(),
    minutes: requiredInt({ min: 1, max: CALENDAR_LIMITS.breakMinutes }),
  })
  .strict();

export const patternSchema = z
  .object({
    shifts: z.array(shiftSchema).min(1).max(CALENDAR_LIMITS.shifts),
    breaks: z.array(breakSchema).max(CALENDAR_LIMITS.breaks).default([]),
    weekdays: distinctList(requiredInt({ min: 1, max: 7 }), 7),
  })
  .strict();

const exceptionSchema = z.discriminatedUnion('kind', [
  z.object({ date: plantDate(), kind: z.literal('holiday') }).strict(),
  z.object({ date: plantDate(), kind: z.literal('shortDay'), until: timeOfDay() }).strict(),
  z.object({ date: plantDate(), kind: z.literal('extraShift'), shiftCode: z.string().trim().toUpperCase().min(1).max(4) }).strict(),
]);

/** At most 100 versions and 2,000 exceptions: a request never makes unbounded work. */
export const calendarSchema = z
  .object({
    versions: z
      .array(z.object({ effectiveFrom: plantDate(), pattern: patternSchema }).strict())
      .min(1)
      .max(100),
    exceptions: z.array(exceptionSchema).max(2000).default([]),
  })
  .strict();

export const lineCalendarSchema = calendarSchema.extend({ lineID: z.number() });

export const calendarsResponseSchema = z.object({
  /** The plant's calendar (the default TM/TT/TN when none is stored). */
  plant: calendarSchema,
  /** Lines with a calendar of their own. */
  lines: z.array(lineCalendarSchema),
});

/** GET /api/calendars/days: the production days from `from` to `to` (plant dates) of a line's calendar, or the plant's. */
export const calendarDaysQuerySchema = z.object({ lineID: queryInt().optional(), from: plantDate(), to: plantDate() });

const spanSchema = z.object({ start: z.string(), end: z.string() });

export const calendarDaysResponseSchema = z.array(
  spanSchema.extend({
    plantDate: z.string(),
    shifts: z.array(
      spanSchema.extend({
        code: z.string(),
        nameEs: z.string(),
        nameEn: z.string(),
        scheduled: z.array(spanSchema),
        breaks: z.array(spanSchema),
      }),
    ),
  }),
);
