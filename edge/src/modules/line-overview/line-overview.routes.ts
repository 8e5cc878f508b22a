import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import { parsePlantDate } from '../../domain/time-zone';
import type { Api } from '../../http/api';
import { AppError } from '../../http/errors';
import { queryInt } from '../grid/fields';
import { clockOf } from '../engine';
import { lineIndicatorsSchema, lineStatusSchema, sectorIndicatorsSchema } from './line-overview.schemas';
import { dashboardIndicators, lineOverview, sectorIndicators } from './line-overview.service';
import { acquisitionProblem, linesNotRead } from '../../acquisition/index';
import type { Plant } from '../../plant';

const TAG = 'line-overview';
/** The summary by sector (/resumen): supervisor, consultant, administrator (SPEC §6 "Indexes, Summary, Reports"). */
const SUMMARY_ROLES = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT] as const;
const lineOf = (value: unknown) => {
  const input = (value ?? {}) as Record<string, unknown>;
  return { ...input, lineID: input.lineID ?? input.lineId ?? input.lineid ?? input.line };
};
const statusQuery = z.preprocess(lineOf, z.object({ lineID: queryInt() }));
const indicatorsQuery = z.preprocess(lineOf, z.object({ lineID: queryInt(), shiftStart: z.string().optional() }));
const sectorQuery = z.preprocess(
  (value) => {
    const input = (value ?? {}) as Record<string, unknown>;
    return { sectorID: input.sectorID ?? input.sector, lines: input.lines };
  },
  z.object({
    sectorID: queryInt().optional(),
    lines: z
      .string()
      .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'validation.invalid')
      .transform((text) => text.split(',').map(Number))
      .optional(),
  }),
);

/** The line overview, the dashboard indicators and the sector indicators (SPEC §3 "Line overview", "Indicators"). */
export function registerLineOverviewRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: '/api/resources/status/get',
      access: 'authenticated',
      share: true,
      tag: TAG,
      summary:
        'The overview of a line (lineID): description, targetOEE, targetSummary, beacon (green running, red stopped, amber while a maintenance call is not finished, white unknown), orderData (Ready order progress and indicators), callData, stopData (stop in progress), shiftData (current shift indicators); notRead: true while the line should be read and is not (the acquisition down, or a tag its scripts read without a good value), as /api/health says.',
      query: statusQuery,
      response: lineStatusSchema,
    },
    async ({ ctx, query }) => ({
      ...(await lineOverview(ctx.db, query.lineID, clockOf(ctx), ctx.language)),
      notRead: acquisitionProblem(plant) !== null || linesNotRead(plant).includes(query.lineID),
    }),
  );
  api.route(
    {
      method: 'get',
      path: '/api/indicators/get',
      access: 'authenticated',
      share: true,
      tag: TAG,
      summary:
        'Dashboard indicators of a line (lineID, shiftStart: any instant of the shift, default now): values (the gauges), shift, perShift (TM, TT, TN of its plant day), day, order (the Ready order) with oee, throughput, acceptance, utilization (0..1), mtbf, mttr (minutes); prevOrderEndDate; firstDataDate: the first instant the line is known from (its first order, stop, production or report by the acquisition), null when never seen — no time before it is counted; knownUntilDate: on a line without a beacon, the instant its state is known up to (the end of its latest stop, now while one is open), null on a line with a beacon (known up to now).',
      query: indicatorsQuery,
      response: lineIndicatorsSchema,
    },
    ({ ctx, query }) => {
      const atMs = query.shiftStart ? parsePlantDate(query.shiftStart, ctx.timeZone) : ctx.now;
      if (atMs === null) throw new AppError('validation', 'validation.invalid', { field: 'shiftStart' });
      return dashboardIndicators(ctx.db, query.lineID, atMs, clockOf(ctx));
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/indicators/sector',
      access: SUMMARY_ROLES,
      tag: TAG,
      summary:
        'Sector indicators for the current shift (sectorID, or lines as a comma list; neither: every line): the sum of the lines’ inputs as oee, throughput, acceptance, utilization, mtbf, mttr, and each line’s overview card.',
      query: sectorQuery,
      response: sectorIndicatorsSchema,
    },
    ({ ctx, query }) => sectorIndicators(ctx.db, { sectorID: query.sectorID, lineIDs: query.lines }, clockOf(ctx), ctx.language),
  );
}
