import { z } from 'zod';
import type { Api } from '../../http/api';
import { plantNow } from './calendar.service';

const spanSchema = z.object({ code: z.string(), plantDate: z.string(), start: z.string(), end: z.string() });

export const plantNowSchema = z.object({ now: z.string(), timeZone: z.string(), plantDate: z.string(), shift: spanSchema, day: spanSchema });

/**
 * The plant's clock as the server sees it. The browser's clock and zone may differ from the plant's, and a production
 * day starts at 06:00, so the screens take "today" (the report's and the filters' defaults) from here.
 */
export function registerCalendarRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/calendar/now',
      access: 'authenticated',
      tag: 'calendar',
      summary: "The plant's now: instant (ISO with the plant's offset), IANA time zone, production day (plantDate, 06:00 to 06:00), current shift and day spans.",
      response: plantNowSchema,
    },
    ({ ctx }) => plantNow(ctx.now, ctx.timeZone),
  );
}
