import { ROLE } from '../../domain/roles';
import { lineCalendars } from '../calendar/line-calendars';
import type { Api } from '../../http/api';
import { clockOf } from '../engine';
import { oeeReportQuerySchema, XLSX_CONTENT_TYPE } from './reports.schemas';
import { buildOeeReport, reportFileName, reportRange } from './reports.service';

/** Reports (SPEC §6: supervisor, consultant, administrator). */
export function registerReportRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/reports/completeoaereport',
      access: [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT],
      tag: 'reports',
      summary:
        "'Reporte OEE' as xlsx: sheets of order indexes, shift indexes and stops sharing time with [startDate, endDate) (ISO or plant-local; a plain date is its plant day; default the current production day), optionally of one lineID. Stops are clipped to the range; an order or shift index is listed whole. A range with nothing in it gives the sheets with their headers only.",
      query: oeeReportQuerySchema,
      response: 'file',
    },
    async ({ ctx, query }) => {
      const clock = clockOf(ctx);
      const calendars = await lineCalendars(ctx.db);
      const range = reportRange(query, clock, query.lineID === undefined ? calendars.plant : calendars.of(query.lineID));
      const file = await buildOeeReport(ctx.db, range, clock, ctx.language);
      ctx.res
        .set({ 'Content-Type': XLSX_CONTENT_TYPE, 'Content-Disposition': `attachment; filename="${reportFileName(range, ctx.timeZone)}"` })
        .send(file);
    },
  );
}
