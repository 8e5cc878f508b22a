import { z } from 'zod';
import { parsePlantDate } from '../../domain/time-zone';
import type { Api } from '../../http/api';
import { AppError } from '../../http/errors';
import { queryInt } from '../common/fields';
import { clockOf } from '../indexes/indexes.service';
import { productionSummary, readyOrderProduction } from './production.service';

const TAG = 'production';
const lineOf = (input: Record<string, unknown>) => input.line ?? input.lineID ?? input.lineId;
const summaryQuery = z.preprocess(
  (value) => ({ ...(value as object), line: lineOf((value ?? {}) as Record<string, unknown>) }),
  z.object({ line: queryInt(), start: z.string().min(1), end: z.string().min(1), product: z.string().optional() }),
);
const orderQuery = z.preprocess((value) => ({ line: lineOf((value ?? {}) as Record<string, unknown>) }), z.object({ line: queryInt() }));

/** Production (SPEC §7 "/api/production/summary", "/summary/order"). */
export function registerProductionRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/production/summary',
      access: 'authenticated',
      tag: TAG,
      summary: 'A line’s production between start and end (ISO), optionally of one product: units, discards, good units, by product (with wrappers and packs) and lots.',
      query: summaryQuery,
    },
    ({ ctx, query }) => {
      const fromMs = parsePlantDate(query.start, ctx.timeZone);
      const toMs = parsePlantDate(query.end, ctx.timeZone);
      if (fromMs === null || toMs === null || toMs < fromMs) throw new AppError('validation', 'summary.filterRequired');
      const product = query.product && query.product !== '0' && query.product.toLowerCase() !== 'all' ? query.product : null;
      return productionSummary(ctx.db, { lineID: query.line, fromMs, toMs, productCode: product }, clockOf(ctx));
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/production/summary/order',
      access: 'authenticated',
      tag: TAG,
      summary: 'The progress of the line’s Ready order (line): quantities so far, desired quantity, progress 0..1, lots; null when none runs.',
      query: orderQuery,
    },
    ({ ctx, query }) => readyOrderProduction(ctx.db, query.line, clockOf(ctx)),
  );
}
