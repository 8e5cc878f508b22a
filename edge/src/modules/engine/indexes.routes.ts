import { parsePlantDate } from '../../domain/time-zone';
import type { Api } from '../../http/api';
import { AppError, notFound } from '../../http/errors';
import { shiftIndexPageSchema, shiftIndexRowSchema, shiftQuerySchema } from './indexes.schemas';
import { clockOf, listShiftIndexes, shiftIndexAt, shiftIndexToApi } from './indexes.service';

const TAG = 'shift-indexes';

/** Shift indexes (SPEC §7 "/api/oeeindex/history/get", "/api/history/get"). */
export function registerIndexRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: ['/api/oeeindex/history', '/api/oeeindex/history/get'],
      access: 'authenticated',
      share: true,
      tag: TAG,
      summary:
        'Shift-index grid (filter, sort, skip, take, requireTotalCount; lineID, shiftStart as plain parameters too). Times in minutes, ratios 0..1.',
      response: shiftIndexPageSchema,
    },
    ({ ctx, query }) => listShiftIndexes(ctx.db, query as Record<string, unknown>, ctx.timeZone),
  );
  api.route(
    {
      method: 'get',
      path: '/api/history/get',
      access: 'authenticated',
      tag: TAG,
      summary:
        'The index of one shift of a line (lineId, shiftStart: any instant of the shift; absent: the current shift): stored once closed, computed now while open.',
      query: shiftQuerySchema,
      response: shiftIndexRowSchema,
    },
    async ({ ctx, query }) => {
      const atMs = query.shiftStart ? parsePlantDate(query.shiftStart, ctx.timeZone) : ctx.now;
      if (atMs === null) throw new AppError('validation', 'validation.invalid', { field: 'shiftStart' });
      const row = await shiftIndexAt(ctx.db, query.lineID, atMs, clockOf(ctx));
      if (!row) throw notFound();
      return shiftIndexToApi(row, ctx.timeZone);
    },
  );
}
