import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { parseInput } from '../../http/request-input';
import { lineQuerySchema } from '../resources/resources.schemas';
import { calendarDaysQuerySchema, calendarDaysResponseSchema, calendarSchema, calendarsResponseSchema } from './calendar.schemas';
import { calendarDays, calendarsForApi, plantNow, removeLineCalendar, saveLineCalendar, savePlantCalendar } from './calendar.service';

const spanSchema = z.object({ code: z.string(), plantDate: z.string(), start: z.string(), end: z.string() });
const shiftSchema = spanSchema.extend({ nameEs: z.string(), nameEn: z.string() });

const plantNowQuerySchema = z.object({ lineID: lineQuerySchema.shape.lineID.optional() });

export const plantNowSchema = z.object({
  now: z.string(),
  timeZone: z.string(),
  lineID: z.number().int().optional(),
  plantDate: z.string(),
  shift: shiftSchema,
  previous: shiftSchema,
  next: shiftSchema,
  day: spanSchema,
});

/** Who may change the work calendars (the Configuration tab 'Calendario'). */
export const CALENDAR_EDIT_ROLES = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR] as const;

const writeContext = (ctx: { user: { userID: string }; now: number }) => ({ userID: ctx.user.userID, now: ctx.now });

/**
 * The plant's clock as the server sees it. The browser's clock and zone may differ from the plant's, and a production
 * day starts at 06:00, so the screens take "today" (the report's and the filters' defaults) from here.
 * And the work calendars (domain/work-calendar.ts): read by everyone signed in, changed by administrators and
 * supervisors, each change checked whole before anything is stored.
 */
export function registerCalendarRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/calendar/now',
      access: 'authenticated',
      tag: 'calendar',
      summary:
        "The plant's now, or with lineID the line's (by its work calendar: its own, else the plant's; 404 for an unknown line): instant (ISO with the plant's offset), IANA time zone, production day (plantDate; it starts with the calendar's first shift, 06:00 by default) and its span (day, code TO), the current shift (code, names ES/EN, span) and the previous and next ones, which shift navigation steps to.",
      query: plantNowQuerySchema,
      response: plantNowSchema,
    },
    ({ ctx, query }) => plantNow(ctx.db, ctx.now, ctx.timeZone, query.lineID),
  );
  api.route(
    {
      method: 'get',
      path: '/api/calendars',
      access: 'authenticated',
      tag: 'calendar',
      summary:
        "The work calendars: the plant's (versions effective from a production date, each with its shifts, breaks and weekdays worked; exceptions by date) and each line's own.",
      response: calendarsResponseSchema,
    },
    ({ ctx }) => calendarsForApi(ctx.db),
  );
  api.route(
    {
      method: 'get',
      path: '/api/calendars/days',
      access: 'authenticated',
      tag: 'calendar',
      summary:
        "The production days from `from` to `to` (YYYY-MM-DD, at most 62) as the calendar of line `lineID` (its own, else the plant's) or the plant's says them: each day's start and end and its shifts with their scheduled time and breaks (plant ISO). 404 for an unknown line.",
      query: calendarDaysQuerySchema,
      response: calendarDaysResponseSchema,
    },
    ({ ctx, query }) => calendarDays(ctx.db, query, ctx.timeZone),
  );
  api.route(
    {
      method: 'put',
      path: '/api/calendars/plant',
      access: CALENDAR_EDIT_ROLES,
      tag: 'calendar',
      summary:
        "Replaces the plant's calendar (every version and exception); a problem anywhere answers 400 with nothing stored. Answers the calendars.",
      body: calendarSchema,
      response: calendarsResponseSchema,
    },
    ({ ctx, body }) => savePlantCalendar(ctx.db, body, writeContext(ctx)),
  );
  api.route(
    {
      method: 'put',
      path: '/api/calendars/lines/:lineID',
      access: CALENDAR_EDIT_ROLES,
      tag: 'calendar',
      summary:
        "Gives a line a calendar of its own, which replaces the plant's for it (404 for a line that does not exist). Answers the calendars.",
      body: calendarSchema,
      response: calendarsResponseSchema,
    },
    ({ ctx, body, params }) =>
      saveLineCalendar(ctx.db, parseInput(lineQuerySchema, { lineID: params.lineID }).lineID, body, writeContext(ctx)),
  );
  api.route(
    {
      method: 'delete',
      path: '/api/calendars/lines/:lineID',
      access: CALENDAR_EDIT_ROLES,
      tag: 'calendar',
      summary: "Removes a line's own calendar: the line follows the plant's again. Answers the calendars.",
      response: calendarsResponseSchema,
    },
    ({ ctx, params }) => removeLineCalendar(ctx.db, parseInput(lineQuerySchema, { lineID: params.lineID }).lineID, writeContext(ctx)),
  );
}
