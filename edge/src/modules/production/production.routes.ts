import { z } from 'zod';
import { PRODUCTION_DECLARING_ROLES, ROLE } from '../../domain/roles';
import { parsePlantDate } from '../../domain/time-zone';
import type { Api, AuthedContext } from '../../http/api';
import { AppError, notFound } from '../../http/errors';
import { listResource } from '../grid';
import { gridPageSchema, normalizeApiValues, rowSchemaOf, rowSchemaOfResource, rowToApi, type GridResource } from '../grid/grid-resource';
import { registerGridResource } from '../grid/grid.routes';
import { keyValuesBody, parseInput, readKey, readValues, wholeNumberKey, wholeNumberKeySchema } from '../../http/request-input';
import { queryInt } from '../grid/fields';
import { clockOf, applyLineEvents } from '../engine';
import type { ProductionDeclaration } from './production-declarations.service';
import { findDeclaredDiscard, findLot } from './production.repository';
import {
  DISCARD_COLUMNS,
  DISCARD_GRID,
  discardSchema,
  LOT_COLUMNS,
  LOT_GRID,
  lotChangesSchema,
  lotSchema,
  productionOrdersSchema,
  productionSummarySchema,
  readyOrderProductionSchema,
  WRAPPER_TYPE_COLUMNS,
  wrapperTypeSchema,
} from './production.schemas';
import { productionOrders, productionSummary, readyOrderProduction } from './production.service';
import { prepareWrapperType, refuseWrapperTypeInUse } from './wrapper-types.service';

const TAG = 'production';
/** Who declares production: operators as the line packs its output, and supervisors (SPEC.md section 6's line roles that write). */
const DECLARING_ROLES = PRODUCTION_DECLARING_ROLES;
const paths = (base: string, verb: string) => [base, `${base}/${verb}`];

const lineOf = (input: Record<string, unknown>) => input.line ?? input.lineID ?? input.lineId;
const summaryQuery = z.preprocess(
  (value) => ({ ...(value as object), line: lineOf((value ?? {}) as Record<string, unknown>) }),
  z.object({ line: queryInt(), start: z.string().min(1), end: z.string().min(1), product: z.string().optional() }),
);
const lineQuery = z.preprocess((value) => ({ line: lineOf((value ?? {}) as Record<string, unknown>) }), z.object({ line: queryInt() }));

/** The integer key of an update or delete (a number, or the grid's { lotID } / { discardID }). */
function keyOf(ctx: AuthedContext, column: string): number {
  return wholeNumberKey(readKey(ctx.req.body, ctx.req.query as Record<string, unknown>), column);
}

function valuesOf(ctx: AuthedContext, columns: typeof LOT_COLUMNS | typeof DISCARD_COLUMNS): Record<string, unknown> {
  return normalizeApiValues(readValues(ctx.req.body, ctx.req.query as Record<string, unknown>), columns, ctx.timeZone);
}

/** A declaration through the engine's ingestion (one transaction: the row, the production booked, the indexes). */
async function declare(ctx: AuthedContext, lineID: number, declaration: ProductionDeclaration) {
  const result = await applyLineEvents(ctx.db, [{ type: 'productionDeclaration', lineID, atMs: ctx.now, declaration }], {
    nowMs: ctx.now,
    timeZone: ctx.timeZone,
    userID: ctx.user.userID,
  });
  const outcome = result.declarations[0];
  if (!outcome) throw new AppError('conflict', 'production.notEnabled', { line: lineID });
  return outcome;
}

/** The list of a grid whose writes are declarations (every role reads). */
function registerList(api: Api, grid: GridResource, summary: string): void {
  api.route(
    {
      method: 'get',
      path: paths(grid.path, 'get'),
      access: 'authenticated',
      tag: TAG,
      summary,
      response: gridPageSchema(rowSchemaOfResource(grid)),
    },
    ({ ctx, query }) => listResource(grid, ctx.db, query as Record<string, unknown>, ctx.timeZone, ctx.language),
  );
}

/**
 * The production manager (issue 14) and the production summaries (SPEC §7 "/api/production/summary", "/summary/order").
 * Lots and declared discards are written only through the engine's ingestion (production-declarations.service.ts).
 */
export function registerProductionRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: '/api/production/summary',
      access: 'authenticated',
      tag: TAG,
      summary:
        'A line’s production between start and end (ISO), optionally of one product: per product the counted units, discards, good units, wrappers and packs, the lots declared (declared) and declared − counted (difference); the lots.',
      query: summaryQuery,
      response: productionSummarySchema,
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
      summary:
        'The progress of the line’s Ready order (line): quantities so far, desired quantity, progress 0..1, lots; null when none runs.',
      query: lineQuery,
      response: readyOrderProductionSchema,
    },
    ({ ctx, query }) => readyOrderProduction(ctx.db, query.line, clockOf(ctx)),
  );
  api.route(
    {
      method: 'get',
      path: '/api/production/orders',
      access: 'authenticated',
      tag: TAG,
      summary:
        'The started orders of a line (line), newest first, with their index’s quantities and acceptance; whether the line counts units and discards itself.',
      query: lineQuery,
      response: productionOrdersSchema,
    },
    ({ ctx, query }) => productionOrders(ctx.db, query.line, ctx.timeZone),
  );

  registerList(api, LOT_GRID, 'Production lots (grid load options; lineID and order as plain parameters too), newest first.');
  api.route(
    {
      method: 'post',
      path: paths('/api/production/lots', 'post'),
      access: DECLARING_ROLES,
      tag: TAG,
      summary:
        'Declares a lot (values: lineID, order — default the line’s Ready order —, lot, packs, wrappers, wrapperType); units = (packs × wrappersPerPackage + wrappers) × unitsPerWrapper. On a line with no units counter its units are booked as the line’s production.',
      body: lotSchema.partial(),
      response: rowSchemaOf(LOT_COLUMNS),
    },
    async ({ ctx }) => {
      const values = parseInput(lotSchema, valuesOf(ctx, LOT_COLUMNS));
      const { lineID, order, ...lot } = values;
      const outcome = await declare(ctx, lineID, {
        kind: 'addLot',
        order: order ?? null,
        values: { ...lot, wrapperType: lot.wrapperType ?? null },
      });
      return rowToApi(outcome.row, LOT_COLUMNS, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'put',
      path: paths('/api/production/lots', 'put'),
      access: DECLARING_ROLES,
      tag: TAG,
      summary: 'Changes a lot (key: lotID; values: lot, packs, wrappers, wrapperType); a booked lot books the difference.',
      documentedBody: keyValuesBody({ key: wholeNumberKeySchema('lotID'), values: lotChangesSchema }),
      response: rowSchemaOf(LOT_COLUMNS),
    },
    async ({ ctx }) => {
      const lotID = keyOf(ctx, 'lotID');
      const { lot, packs, wrappers, wrapperType } = valuesOf(ctx, LOT_COLUMNS);
      const changes = parseInput(lotChangesSchema, { lot, packs, wrappers, wrapperType });
      const stored = await findLot(ctx.db, lotID);
      if (stored?.lineID == null) throw notFound();
      const outcome = await declare(ctx, stored.lineID, { kind: 'changeLot', lotID, values: changes });
      return rowToApi(outcome.row, LOT_COLUMNS, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'delete',
      path: paths('/api/production/lots', 'delete'),
      access: DECLARING_ROLES,
      tag: TAG,
      summary: 'Deletes a lot (key: lotID); a booked lot’s units leave the production.',
      documentedBody: keyValuesBody({ key: wholeNumberKeySchema('lotID') }),
      response: 'none',
    },
    async ({ ctx }) => {
      const lotID = keyOf(ctx, 'lotID');
      const stored = await findLot(ctx.db, lotID);
      if (stored?.lineID == null) throw notFound();
      await declare(ctx, stored.lineID, { kind: 'deleteLot', lotID });
    },
  );

  registerList(api, DISCARD_GRID, 'Discards declared by hand (grid load options; lineID and order as plain parameters too), newest first.');
  api.route(
    {
      method: 'post',
      path: paths('/api/production/discards', 'post'),
      access: DECLARING_ROLES,
      tag: TAG,
      summary:
        'Declares discards on a line with no discards signal (values: lineID, order — default the Ready order —, quantity, observation, startup: start-up rejects); they count in the acceptance of the order and the shift.',
      body: discardSchema.partial(),
      response: rowSchemaOf(DISCARD_COLUMNS),
    },
    async ({ ctx }) => {
      const values = parseInput(discardSchema, valuesOf(ctx, DISCARD_COLUMNS));
      const outcome = await declare(ctx, values.lineID, {
        kind: 'addDiscard',
        order: values.order ?? null,
        quantity: values.quantity,
        observation: values.observation ?? null,
        startup: values.startup,
      });
      return rowToApi(outcome.row, DISCARD_COLUMNS, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'delete',
      path: paths('/api/production/discards', 'delete'),
      access: DECLARING_ROLES,
      tag: TAG,
      summary: 'Withdraws declared discards (key: discardID).',
      documentedBody: keyValuesBody({ key: wholeNumberKeySchema('discardID') }),
      response: 'none',
    },
    async ({ ctx }) => {
      const discardID = keyOf(ctx, 'discardID');
      const stored = await findDeclaredDiscard(ctx.db, discardID);
      if (!stored) throw notFound();
      await declare(ctx, stored.lineID, { kind: 'deleteDiscard', discardID });
    },
  );

  registerGridResource(api, {
    name: TAG,
    path: '/api/production/wrapperTypes',
    table: 'wrapper_types',
    key: ['wrapperTypeID'],
    generatedKey: true,
    columns: WRAPPER_TYPE_COLUMNS,
    schema: wrapperTypeSchema,
    access: { read: 'authenticated', write: [ROLE.SUPERVISOR] },
    stamp: true,
    defaultSort: [{ column: 'name', desc: false }],
    prepare: prepareWrapperType,
    beforeUpdate: (before, changes, ctx) => refuseWrapperTypeInUse(before, ctx, changes),
    beforeDelete: (before, ctx) => refuseWrapperTypeInUse(before, ctx),
  });
}
