import { z } from 'zod';
import { ORDER_PLAN_ROLES, ORDER_RUN_ROLES } from '../../domain/roles';
import { isSupportedPlantDate } from '../../domain/calendar';
import { parsePlantDate } from '../../domain/time-zone';
import type { Api, AuthedContext } from '../../http/api';
import { AppError, fieldError } from '../../http/errors';
import { normalizeApiValues } from '../grid/grid-resource';
import { keyValuesBody, parseInput, readKey, readValues } from '../../http/request-input';
import { verifySignature } from '../auth/auth.service';
import { clockOf, recalculateAllOrders, recalculateAllShiftIndexes, applyLineEvents, type LineEvent } from '../engine';
import {
  ADJUST_ROLES,
  adjustSchema,
  newOrderSchema,
  ORDER_INDEX_COLUMNS,
  orderEditSchema,
  orderFinishSchema,
  orderFromPreloadSchema,
  orderStartSchema,
  plannedOrderEditSchema,
  RECALCULATE_ROLES,
  recalculationResultSchema,
  recalculationSchema,
  shiftRecalculationSchema,
  VALIDATE_ROLES,
  validationSchema,
  orderIndexPageSchema,
  orderIndexRowSchema,
} from './orders.schemas';
import {
  adjustOrder,
  createOrder,
  createOrderFromPreload,
  deleteOrder,
  editOrder,
  listOrderIndexes,
  orderIndexRow,
  setOrderValidation,
} from './orders.service';

const recalculationResult = 'Answers { count, changed }: indexes rebuilt, and how many of them changed.';

/** The instant of an order event: `atDate` (ISO, plant time when it has no offset), or now. */
function eventInstant(ctx: AuthedContext, atDate: string | undefined): number {
  if (!atDate) return ctx.now;
  const ms = parsePlantDate(atDate, ctx.timeZone);
  if (ms === null || ms > ctx.now) throw new AppError('validation', 'validation.invalid', { field: 'atDate' });
  return ms;
}

/** The order named by a grid key: the value itself, or { order }. */
/** An order's key as documented: the order, or the grid's { order }. */
const ORDER_KEY = z.union([z.string(), z.object({ order: z.string() })]);

function orderOfKey(key: unknown): string {
  return String(typeof key === 'object' && key !== null ? (key as Record<string, unknown>).order : key);
}

async function orderEvent(ctx: AuthedContext, event: LineEvent, order: string) {
  await applyLineEvents(ctx.db, [event], { nowMs: ctx.now, timeZone: ctx.timeZone, userID: ctx.user.userID });
  return orderIndexRow(ctx.db, order, ctx.timeZone);
}

/**
 * Orders and their indexes (SPEC §7 "/api/oeeindex", "/api/orders", recalculation). Rows of both lists come from
 * one source: the order with its index; index times in minutes, ratios 0..1.
 */
/** The production days a shift recalculation is limited to (undefined: all); a 400 on the field at fault. */
function recalculationDays(query: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } | undefined {
  if (query.from === undefined && query.to === undefined) return undefined;
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value === undefined || !isSupportedPlantDate(value)) throw fieldError('validation', 'calendar.date', field);
  }
  if (query.from! > query.to!) throw fieldError('validation', 'recalculation.daysOrder', 'to');
  return { from: query.from!, to: query.to! };
}

export function registerOrderRoutes(api: Api): void {
  api.route(
    {
      method: 'get',
      path: ['/api/oeeindex', '/api/oeeindex/get'],
      access: 'authenticated',
      tag: 'oeeindex',
      summary: 'Order-index grid (filter, sort, skip, take, requireTotalCount; lineID, status, order as plain parameters too).',
      response: orderIndexPageSchema,
    },
    ({ ctx, query }) => listOrderIndexes(ctx.db, query as Record<string, unknown>, ctx.timeZone),
  );
  api.route(
    {
      method: 'put',
      path: '/api/oeeindex/put',
      access: ORDER_PLAN_ROLES,
      tag: 'oeeindex',
      summary:
        'Changes an order’s plan (key: order; values: lot, productCode, desiredProductionQuantity, desiredProductionSpeed); answers its grid row.',
      documentedBody: keyValuesBody({ key: ORDER_KEY, values: orderEditSchema }),
      response: orderIndexRowSchema,
    },
    async ({ ctx }) => {
      const input = ctx.req.query as Record<string, unknown>;
      const order = orderOfKey(readKey(ctx.req.body, input));
      const edit = parseInput(orderEditSchema, normalizeApiValues(readValues(ctx.req.body, input), ORDER_INDEX_COLUMNS, ctx.timeZone));
      await editOrder(ctx.db, order, edit, clockOf(ctx), ctx.user);
      return orderIndexRow(ctx.db, order, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'put',
      path: '/api/oeeindex/adjust',
      access: ADJUST_ROLES,
      tag: 'oeeindex',
      summary:
        'Adjusts the discount time of an ended order (order, discountTime in minutes, user, password), signed by a supervisor; answers 200 with its grid row. 400 when the minutes exceed the order’s stop time not discounted (an adjustment moves that time to discounted time, leaving the runtime as it was); 409 when the order has not ended.',
      body: adjustSchema,
      response: orderIndexRowSchema,
    },
    async ({ ctx, body }) => {
      const signer = await verifySignature(ctx.db, body, ADJUST_ROLES, ctx.now, { userID: ctx.user.userID, ip: ctx.ip });
      await adjustOrder(ctx.db, { order: body.order, minutes: body.discountTime }, signer, clockOf(ctx));
      return orderIndexRow(ctx.db, body.order, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'put',
      path: ['/api/oeeindex/validate', '/api/orders/validation'],
      access: VALIDATE_ROLES,
      tag: 'oeeindex',
      summary:
        'Validates or unvalidates an order (order, validation or flag, user, password), signed by a supervisor or an operator; answers its grid row.',
      body: validationSchema,
      response: orderIndexRowSchema,
    },
    async ({ ctx, body }) => {
      const signer = await verifySignature(ctx.db, body, VALIDATE_ROLES, ctx.now, { userID: ctx.user.userID, ip: ctx.ip });
      await setOrderValidation(ctx.db, { order: body.order, validation: body.validation }, signer, clockOf(ctx));
      return orderIndexRow(ctx.db, body.order, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/OeeIndex/RecalculateAllOrders',
      access: RECALCULATE_ROLES,
      tag: 'oeeindex',
      summary: `Rebuilds every order index from the stored stops and production (user, password; administrator). ${recalculationResult}`,
      query: recalculationSchema,
      response: recalculationResultSchema,
    },
    async ({ ctx, query }) => {
      const signer = await verifySignature(ctx.db, query, RECALCULATE_ROLES, ctx.now, { userID: ctx.user.userID, ip: ctx.ip });
      return recalculateAllOrders(ctx.db, clockOf(ctx), signer.userID);
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/OeeIndex/RecalculateAllOrdersHistory',
      access: RECALCULATE_ROLES,
      tag: 'oeeindex',
      summary: `Rebuilds every shift index of every line (user, password; administrator), or only those of the production days from–to (YYYY-MM-DD, both or neither), each with the work calendar in force on its date: a calendar change applies to what was computed before only through it, and a stored shift that is no shift of that calendar is deleted. ${recalculationResult}`,
      query: shiftRecalculationSchema,
      response: recalculationResultSchema,
    },
    async ({ ctx, query }) => {
      const days = recalculationDays(query);
      const signer = await verifySignature(ctx.db, query, RECALCULATE_ROLES, ctx.now, { userID: ctx.user.userID, ip: ctx.ip });
      return recalculateAllShiftIndexes(ctx.db, clockOf(ctx), signer.userID, days);
    },
  );

  api.route(
    {
      method: 'get',
      path: ['/api/orders', '/api/orders/get'],
      access: 'authenticated',
      tag: 'orders',
      summary: 'Orders with their current quantities and index as { data } (filter; lineID, orderID, lot, status as plain parameters too).',
      response: orderIndexPageSchema,
    },
    ({ ctx, query }) => listOrderIndexes(ctx.db, query as Record<string, unknown>, ctx.timeZone),
  );
  api.route(
    {
      method: 'post',
      path: ['/api/orders', '/api/orders/post'],
      access: ORDER_PLAN_ROLES,
      tag: 'orders',
      summary: 'Creates an order (status Created; order as number-RP, or op and version); answers its grid row.',
      body: newOrderSchema.partial(),
      response: orderIndexRowSchema,
    },
    async ({ ctx }) => {
      const values = parseInput(newOrderSchema, readValues(ctx.req.body, ctx.req.query as Record<string, unknown>));
      const order = await createOrder(ctx.db, values, ctx.user, ctx.now);
      return orderIndexRow(ctx.db, order.order, ctx.timeZone);
    },
  );
  // The order manager's writes (issue 14): from a preload order, the edit of an order not started, the delete of one never run.
  api.route(
    {
      method: 'post',
      path: '/api/orders/fromPreload',
      access: ORDER_PLAN_ROLES,
      tag: 'orders',
      summary:
        'Creates an order from a preload order (id, lineID, version, lot; desiredProductionQuantity and desiredProductionSpeed optional: the preload’s quantity, the product’s nominal speed) and marks the preload order used, in one transaction. 409 when it was used or deleted.',
      body: orderFromPreloadSchema,
      response: orderIndexRowSchema,
    },
    async ({ ctx, body }) => {
      const order = await createOrderFromPreload(ctx.db, body, ctx.user, ctx.now);
      return orderIndexRow(ctx.db, order.order, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'put',
      path: ['/api/orders', '/api/orders/put'],
      access: ORDER_PLAN_ROLES,
      tag: 'orders',
      summary:
        'Changes the lot and desired quantity of an order not started yet (key: order; values: lot, desiredProductionQuantity); 409 once it started. Answers its grid row.',
      documentedBody: keyValuesBody({ key: ORDER_KEY, values: plannedOrderEditSchema }),
      response: orderIndexRowSchema,
    },
    async ({ ctx }) => {
      const input = ctx.req.query as Record<string, unknown>;
      const order = orderOfKey(readKey(ctx.req.body, input));
      const { lineID, ...edit } = parseInput(plannedOrderEditSchema, readValues(ctx.req.body, input));
      await editOrder(ctx.db, order, edit, clockOf(ctx), ctx.user, { notStarted: true, lineID });
      return orderIndexRow(ctx.db, order, ctx.timeZone);
    },
  );
  api.route(
    {
      method: 'delete',
      path: ['/api/orders', '/api/orders/delete'],
      access: ORDER_PLAN_ROLES,
      tag: 'orders',
      summary: 'Deletes an order that never started (key: order; status Created); 409 for an order that started. Answers 204.',
      documentedBody: keyValuesBody({ key: ORDER_KEY }),
      response: 'none',
    },
    async ({ ctx }) => {
      await deleteOrder(ctx.db, orderOfKey(readKey(ctx.req.body, ctx.req.query as Record<string, unknown>)), ctx.user, ctx.now);
    },
  );
  api.route(
    {
      method: 'post',
      path: '/api/orders/start',
      access: ORDER_RUN_ROLES,
      tag: 'orders',
      summary:
        'Starts an order on its line (order, atDate optional): the line’s Ready order is finalized at that instant. Answers its grid row.',
      body: orderStartSchema,
      response: orderIndexRowSchema,
    },
    async ({ ctx, body }) => {
      const line = body.lineID ?? (await orderIndexRow(ctx.db, body.order, ctx.timeZone)).lineID;
      return orderEvent(
        ctx,
        { type: 'orderStarted', lineID: Number(line), order: body.order, atMs: eventInstant(ctx, body.atDate) },
        body.order,
      );
    },
  );
  api.route(
    {
      method: 'post',
      path: '/api/orders/finish',
      access: ORDER_RUN_ROLES,
      tag: 'orders',
      summary: 'Finalizes the Ready order of a line (lineID, order optional, atDate optional); answers its grid row with the final index.',
      body: orderFinishSchema,
      response: orderIndexRowSchema,
    },
    async ({ ctx, body }) => {
      const result = await applyLineEvents(
        ctx.db,
        [{ type: 'orderFinished', lineID: body.lineID, order: body.order, atMs: eventInstant(ctx, body.atDate) }],
        { nowMs: ctx.now, timeZone: ctx.timeZone, userID: ctx.user.userID },
      );
      return orderIndexRow(ctx.db, result.ordersFinished[0]!.order, ctx.timeZone);
    },
  );
}
