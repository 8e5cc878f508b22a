import type { Transaction, Updateable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { DB, OrdersTable } from '../../db/schema';
import { deleteRow, insertRow, updateRow, type WriteContext } from '../../db/writes';
import { calendarShiftAt } from '../../domain/work-calendar';
import { lineCalendars } from '../calendar/line-calendars';
import { preloadQuantityInProductUnits } from '../../domain/preload-quantity';
import { ROLE } from '../../domain/roles';
import { AppError, fieldError, notFound } from '../../http/errors';
import { listResource } from '../grid';
import type { GridResource } from '../grid/grid-resource';
import type { SessionUser } from '../../http/session';
import { translateSqliteError } from '../../http/sqlite-errors';
// The engine's ingestion starts and finishes orders through this file: its entry would close an import cycle.
import {
  engineParameters,
  orderStopTimeMs,
  refreshIndexesAffectedBy,
  refreshOrderIndex,
  type EngineClock,
} from '../engine/indexes.service';
import {
  findOrder,
  findPreloadOrder,
  lineOrderManager,
  ORDER_STATUS,
  orderIndexGridSource,
  productName,
  productSpeedOnLine,
  readyOrderOfLine,
  type OrderRow,
} from './orders.repository';
import { ORDER_INDEX_COLUMNS } from './orders.schemas';

/**
 * Orders: Created → Ready → Finalized. A line has at most one Ready order (a partial unique index guarantees it);
 * starting an order finalizes the line's Ready one at the same instant, so orders of a line never overlap. An
 * order's index is written when it starts, kept current by the periodic refresh, and final when it ends.
 */

const ORDER_PATTERN = /^(\S+)-(\d+)$/;

export interface NewOrderInput {
  order?: string | null;
  op?: string | null;
  version?: number | null;
  lineID: number;
  lot?: string | null;
  productCode?: string | null;
  desiredProductionQuantity?: number | null;
  desiredProductionSpeed?: number | null;
}

function unknownProduct(productCode: string): AppError {
  return fieldError('validation', 'order.unknownProduct', 'productCode', { productCode });
}

function orderFormatError(): AppError {
  return fieldError('validation', 'order.format', 'order');
}

/** The key of a new order: given, or op-version (SPEC §3: number-dash-RP); op and version are read back from it. */
function orderKey(input: NewOrderInput): { order: string; op: string; version: number } {
  if (input.order) {
    const match = ORDER_PATTERN.exec(input.order);
    if (!match) throw orderFormatError();
    const parsed = { order: input.order, op: match[1]!, version: Number(match[2]) };
    if ((input.op && input.op !== parsed.op) || (input.version != null && input.version !== parsed.version)) throw orderFormatError();
    return parsed;
  }
  if (!input.op || /\s|-/.test(input.op)) throw orderFormatError();
  const version = input.version ?? 0;
  return { order: `${input.op}-${version}`, op: input.op, version };
}

function orderManagerOff(lineID: number): AppError {
  return new AppError('conflict', 'order.managerOff', { lineID });
}

/**
 * Writes a new order (status Created) in `trx`, refusing a line without the order manager, a key already used, and a
 * product the line has no speed for; the desired speed defaults to the product's nominal speed on the line.
 */
async function insertOrder(trx: Transaction<DB>, input: NewOrderInput, user: SessionUser, nowMs: number): Promise<OrderRow> {
  const key = orderKey(input);
  const line = await lineOrderManager(trx, input.lineID);
  if (!line) throw fieldError('validation', 'line.notFound', 'lineID', { lineID: input.lineID });
  if (line.enableOrderManager !== 1) throw orderManagerOff(input.lineID);
  if (await findOrder(trx, key.order)) throw fieldError('conflict', 'order.duplicate', 'order', { order: key.order });
  const product = input.productCode ? await productName(trx, input.productCode) : undefined;
  if (input.productCode && !product) throw unknownProduct(input.productCode);
  const speed = input.productCode ? await productSpeedOnLine(trx, input.productCode, input.lineID) : undefined;
  if (input.productCode && !speed) {
    const params = { productCode: input.productCode, lineID: input.lineID };
    throw fieldError('validation', 'order.productNotOnLine', 'productCode', params);
  }
  const row = await insertRow(
    trx,
    'orders',
    {
      ...key,
      lineID: input.lineID,
      lot: input.lot ?? null,
      productCode: input.productCode ?? null,
      productName: product?.name ?? null,
      desiredProductionQuantity: input.desiredProductionQuantity ?? null,
      desiredProductionSpeed: input.desiredProductionSpeed ?? speed?.speed ?? null,
      status: ORDER_STATUS.CREATED,
      createdBy: user.userID,
      createDate: nowMs,
      updatedBy: user.userID,
      updateDate: nowMs,
    },
    ['order'],
    { userID: user.userID, now: nowMs },
  );
  return row;
}

/** Creates an order (status Created). */
export async function createOrder(db: Database, input: NewOrderInput, user: SessionUser, nowMs: number): Promise<OrderRow> {
  try {
    return await db.transaction().execute((trx) => insertOrder(trx, input, user, nowMs));
  } catch (error) {
    throw translateSqliteError(error, 'insert');
  }
}

export interface OrderFromPreloadInput {
  id: number;
  lineID: number;
  version?: number | null;
  lot?: string | null;
  desiredProductionQuantity?: number | null;
  desiredProductionSpeed?: number | null;
}

/** SPEC.md's default text of a product without a unit (GET /api/products/getUnitById). */
const DEFAULT_UNIT = 'kilos/piezas';

/**
 * The order's quantity from its preload order: the one given, else the preload's tonnes in the product's unit
 * (domain/preload-quantity.ts); refused, asking for it, when the product's data cannot convert tonnes.
 */
async function preloadOrderQuantity(
  trx: Transaction<DB>,
  preload: { producto: string; cantidad: number; pesoBolsa: number; bolsa: string | null },
  given: number | null | undefined,
) {
  if (given != null) return given;
  const product = await productName(trx, preload.producto);
  if (!product) throw unknownProduct(preload.producto);
  const quantity = preloadQuantityInProductUnits({ tonnes: preload.cantidad, bagKg: preload.pesoBolsa, bag: preload.bolsa }, product.unit);
  if (quantity !== null) return quantity;
  const params = { unit: product.unit?.trim() || DEFAULT_UNIT, productCode: product.code, tonnes: preload.cantidad };
  throw fieldError('validation', 'order.preloadQuantity', 'desiredProductionQuantity', params);
}

/**
 * Creates an order from a preload order (/indexes/precargaOp): its op, product and quantity (unless another quantity
 * is given: the preload's tonnes converted to the product's unit, never taken as units), and marks the preload order
 * used, in one transaction: a preload order makes one order.
 */
export async function createOrderFromPreload(
  db: Database,
  input: OrderFromPreloadInput,
  user: SessionUser,
  nowMs: number,
): Promise<OrderRow> {
  try {
    return await db.transaction().execute(async (trx) => {
      const preload = await findPreloadOrder(trx, input.id);
      if (!preload) throw new AppError('notFound', 'order.preloadNotFound', { id: input.id });
      if (preload.deleted === 1) throw new AppError('conflict', 'preload.deleted');
      if (preload.utilizado === 1) throw new AppError('conflict', 'order.preloadUsed', { id: input.id, op: preload.op });
      const order = await insertOrder(
        trx,
        {
          op: preload.op,
          version: input.version ?? 0,
          lineID: input.lineID,
          lot: input.lot,
          productCode: preload.producto,
          desiredProductionQuantity: await preloadOrderQuantity(trx, preload, input.desiredProductionQuantity),
          desiredProductionSpeed: input.desiredProductionSpeed,
        },
        user,
        nowMs,
      );
      await updateRow(
        trx,
        'preload_orders',
        { id: preload.id },
        { utilizado: 1, updatedBy: user.userID, updateDate: nowMs },
        { userID: user.userID, now: nowMs },
      );
      return order;
    });
  } catch (error) {
    throw translateSqliteError(error, 'insert');
  }
}

/**
 * Deletes an order that never ran: status Created and no start. An order that started has stops, production and an
 * index of its own, which are plant history: it is refused.
 */
export async function deleteOrder(db: Database, order: string, user: SessionUser, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findOrder(trx, order);
    if (!row) throw notFound();
    if (row.status !== ORDER_STATUS.CREATED || row.startDate !== null) throw new AppError('conflict', 'order.notDeletable', { order });
    await deleteRow(trx, 'orders', { order }, { userID: user.userID, now: nowMs });
  });
}

function stamp(ctx: WriteContext) {
  return { updatedBy: ctx.userID, updateDate: ctx.now };
}

/**
 * Finalizes the line's Ready order at `atMs` (never before it started) and writes its final index.
 * With `order`, that order must be the one running.
 */
export async function finishOrder(
  trx: Transaction<DB>,
  input: { lineID: number; order?: string | null; atMs: number },
  clock: EngineClock,
  ctx: WriteContext,
): Promise<OrderRow> {
  const ready = await readyOrderOfLine(trx, input.lineID);
  if (!ready) throw new AppError('conflict', 'order.noneRunning', { lineID: input.lineID });
  if (input.order && input.order !== ready.order)
    throw new AppError('conflict', 'order.notRunning', { lineID: input.lineID, order: input.order });
  const endMs = Math.max(input.atMs, ready.startDate ?? input.atMs);
  const after = await updateRow(
    trx,
    'orders',
    { order: ready.order },
    { status: ORDER_STATUS.FINALIZED, endDate: endMs, ...stamp(ctx) },
    { ...ctx, action: 'finish' },
  );
  const { microStopSeconds } = await engineParameters(trx);
  await refreshOrderIndex(trx, ready.order, clock, microStopSeconds, ctx);
  if (!after) throw notFound();
  return after;
}

/**
 * Starts an order on its line at `atMs`: the line's Ready order (if another) is finalized at that instant, the
 * order becomes Ready and gets its first index. Starting the order already running changes nothing.
 */
export async function startOrder(
  trx: Transaction<DB>,
  input: { lineID: number; order: string; atMs: number },
  clock: EngineClock,
  ctx: WriteContext,
): Promise<{ started: OrderRow; finalized: OrderRow | null }> {
  const order = await findOrder(trx, input.order);
  if (!order) throw notFound();
  if (order.lineID !== input.lineID) throw new AppError('conflict', 'order.otherLine', { order: order.order, lineID: order.lineID });
  if (order.status === ORDER_STATUS.READY) return { started: order, finalized: null };
  if (order.status === ORDER_STATUS.FINALIZED) throw new AppError('conflict', 'order.finalized', { order: order.order });
  const ready = await readyOrderOfLine(trx, input.lineID);
  const finalized = ready ? await finishOrder(trx, { lineID: input.lineID, order: ready.order, atMs: input.atMs }, clock, ctx) : null;
  const startMs = Math.max(input.atMs, finalized?.endDate ?? input.atMs);
  // The shift the order starts in, by the line's work calendar.
  const shiftStartMs = calendarShiftAt((await lineCalendars(trx)).of(input.lineID), startMs, clock.timeZone).startMs;
  const started = await updateRow(
    trx,
    'orders',
    { order: order.order },
    { status: ORDER_STATUS.READY, startDate: startMs, endDate: null, shiftStart: shiftStartMs, ...stamp(ctx) },
    { ...ctx, action: 'start' },
  );
  const { microStopSeconds } = await engineParameters(trx);
  await refreshOrderIndex(trx, order.order, clock, microStopSeconds, ctx);
  if (!started) throw notFound();
  return { started, finalized };
}

/** Sets or clears the validation flag of an order; `signer` signed it (a supervisor or an operator). */
export async function setOrderValidation(
  db: Database,
  input: { order: string; validation: boolean },
  signer: SessionUser,
  clock: EngineClock,
): Promise<OrderRow> {
  return db.transaction().execute(async (trx) => {
    const ctx: WriteContext = { userID: signer.userID, now: clock.nowMs, action: input.validation ? 'validate' : 'unvalidate' };
    const after = await updateRow(trx, 'orders', { order: input.order }, { validation: input.validation ? 1 : 0, ...stamp(ctx) }, ctx);
    if (!after) throw notFound();
    return after;
  });
}

/** The refusal of an adjustment larger than the order's stop time (shown in minutes, the maximum rounded down). */
function adjustmentOverStops(order: string, minutes: number, stopMs: number): AppError {
  const params = { order, minutes, stopMinutes: Math.floor(stopMs / 600) / 100 };
  return fieldError('validation', 'order.adjustOverStops', 'discountTime', params);
}

/**
 * Adjusts the discount time of an ended order (`signer` signed it, a supervisor): `minutes` replaces its
 * adjustedDiscountTime, and the order's index and the shift indexes of its time are recomputed. An adjustment moves
 * stop time that counts against the order to discounted time (domain/oee.ts), so it may not exceed the order's
 * not-discounted stop time, read in this transaction from the stops its index is computed from.
 */
export async function adjustOrder(
  db: Database,
  input: { order: string; minutes: number },
  signer: SessionUser,
  clock: EngineClock,
): Promise<OrderRow> {
  return db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, input.order);
    if (!order) throw notFound();
    if (order.endDate === null || order.startDate === null) throw new AppError('conflict', 'order.notEnded', { order: order.order });
    const adjustedMs = Math.round(input.minutes * 60_000);
    const stopMs = await orderStopTimeMs(trx, order.order, clock);
    if (adjustedMs > stopMs) throw adjustmentOverStops(order.order, input.minutes, stopMs);
    const ctx: WriteContext = { userID: signer.userID, now: clock.nowMs, action: 'adjust' };
    const after = await updateRow(trx, 'orders', { order: order.order }, { adjustedDiscountTime: adjustedMs, ...stamp(ctx) }, ctx);
    await refreshIndexesAffectedBy(trx, order.lineID, order.startDate, order.endDate, clock, ctx);
    if (!after) throw notFound();
    return after;
  });
}

export interface OrderEdit {
  lot?: string | null;
  productCode?: string | null;
  desiredProductionQuantity?: number | null;
  desiredProductionSpeed?: number | null;
}

/** What an edit requires of the order: not started yet (the order manager's edit), and on this line. */
export interface EditRules {
  notStarted?: boolean;
  lineID?: number;
}

/**
 * Edits an order's plan (lot, product, desired quantity and speed); a new product or speed recomputes its indexes.
 * The order-index grid changes any order; the order manager only one not started yet (`rules`).
 */
export async function editOrder(
  db: Database,
  order: string,
  edit: OrderEdit,
  clock: EngineClock,
  user: SessionUser,
  rules: EditRules = {},
): Promise<OrderRow> {
  const ctx: WriteContext = { userID: user.userID, now: clock.nowMs, action: 'update' };
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await findOrder(trx, order);
      if (!before) throw notFound();
      if (rules.lineID !== undefined && rules.lineID !== before.lineID)
        throw new AppError('conflict', 'order.otherLine', { order, lineID: before.lineID });
      if (rules.notStarted && (before.status !== ORDER_STATUS.CREATED || before.startDate !== null))
        throw new AppError('conflict', 'order.notEditable', { order });
      const values: Updateable<OrdersTable> = { ...edit, ...stamp(ctx) };
      if (edit.productCode !== undefined) {
        const product = edit.productCode ? await productName(trx, edit.productCode) : undefined;
        if (edit.productCode && !product) throw unknownProduct(edit.productCode);
        values.productName = product?.name ?? null;
      }
      const after = await updateRow(trx, 'orders', { order }, values, ctx);
      if (!after) throw notFound();
      const speedChanged = after.productCode !== before.productCode || after.desiredProductionSpeed !== before.desiredProductionSpeed;
      if (speedChanged && after.startDate !== null)
        await refreshIndexesAffectedBy(trx, after.lineID, after.startDate, after.endDate ?? clock.nowMs, clock, ctx);
      return after;
    });
  } catch (error) {
    throw translateSqliteError(error, 'update');
  }
}

/**
 * The order-index grid (GET /api/oeeindex/get) and the orders list (GET /api/orders): one source, every order with
 * its index; lineID, status and order can also be given as plain query parameters.
 */
export const ORDER_INDEX_GRID: GridResource = {
  name: 'oeeindex',
  path: '/api/oeeindex',
  table: 'orders',
  key: ['order'],
  columns: ORDER_INDEX_COLUMNS,
  plainFilters: ['lineID', 'status', 'order', 'orderID', 'lot'],
  schema: z.object({}),
  access: { read: 'authenticated', write: [ROLE.SUPERVISOR] },
  defaultSort: [{ column: 'startDate', desc: true }],
  source: (db) => orderIndexGridSource(db),
};

/** A page of the order-index grid (filter, sort, skip, take, requireTotalCount). */
export function listOrderIndexes(db: Database, query: Record<string, unknown>, timeZone: string) {
  return listResource(ORDER_INDEX_GRID, db, query, timeZone);
}

/** One order as the order-index grid shows it. */
export async function orderIndexRow(db: Database, order: string, timeZone: string): Promise<Record<string, unknown>> {
  const { data } = await listOrderIndexes(db, { order }, timeZone);
  if (!data[0]) throw notFound();
  return data[0];
}
