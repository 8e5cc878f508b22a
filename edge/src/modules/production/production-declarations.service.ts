import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteRow, insertRow, updateRow, type WriteContext } from '../../db/writes';
import { decodeStoredScript } from '../../domain/script';
import { AppError, fieldError, notFound } from '../../http/errors';
import { minuteOf } from '../../domain/time';
import type { EngineClock } from '../engine';
import { findOrder, ORDER_STATUS, readyOrderOfLine, type OrderRow } from '../orders';
import {
  findDeclaredDiscard,
  findLot,
  lastMinuteOfOrder,
  lineOfDeclarations,
  orderOfMinute,
  orderProductionTotals,
  productOf,
  wrapperTypeExists,
} from './production.repository';

/**
 * What operators declare by hand on a line with the production manager, applied inside the engine's ingestion
 * (applyLineEvents, event 'productionDeclaration') so that whatever production it books commits with it and the
 * indexes of the minute it lands in are recomputed in the same transaction.
 *
 * - A production lot (lot, packs, loose wrappers, wrapper type) of a started order; its units are
 *   (packs × wrappersPerPackage + wrappers) × unitsPerWrapper of the order's product. On a line with a units counter
 *   (a calculationUnits script) the lot is a declaration beside the counted production, which stays the production
 *   (the summary shows both and their difference). On a line with no units counter the lots ARE its production: their
 *   units are booked into production_minutes, so the dashboard, indexes and report count them like counted units.
 * - Discards, only on a line with no discards signal (no calculationDiscards script): booked into production_minutes
 *   like counted discards, so they lower the acceptance of the order and of the shift, and survive a recalculation
 *   (which reads production_minutes). Declared as start-up rejects (`startup`), they are booked as such too
 *   (production_minutes.startupDiscards): the waterfall's startupRejects bar, whatever the line's start-up window.
 *
 * A booking goes to the order's minute: now for the Ready order, the order's last minute for a finalized one (a
 * minute another order's production already holds is avoided: a minute row is tagged with one order).
 */

export interface LotValues {
  lot: string;
  packs: number;
  wrappers: number;
  wrapperType: string | null;
}

export type ProductionDeclaration =
  | { kind: 'addLot'; order: string | null; values: LotValues }
  | { kind: 'changeLot'; lotID: number; values: Partial<LotValues> }
  | { kind: 'deleteLot'; lotID: number }
  | { kind: 'addDiscard'; order: string | null; quantity: number; observation: string | null; startup?: boolean }
  | { kind: 'deleteDiscard'; discardID: number };

/** Production to add to (or, negative, take from) a minute of a line, booked to an order. */
export interface ProductionBooking {
  lineID: number;
  minuteStart: number;
  order: string;
  units: number;
  discards: number;
  /** The part of discards declared as start-up rejects. */
  startupDiscards?: number;
}

export interface DeclarationOutcome {
  table: 'production_lots' | 'declared_discards';
  /** The row as stored (for a delete: as it was). */
  row: Record<string, unknown>;
  booking: ProductionBooking | null;
}

type DeclarationLine = NonNullable<Awaited<ReturnType<typeof lineOfDeclarations>>>;

/** Whether a line's stored counter script computes anything (a line reads that counter itself). */
export const hasScript = (stored: string | null | undefined) => decodeStoredScript(stored).expression.trim() !== '';

async function requireProductionLine(trx: Transaction<DB>, lineID: number): Promise<DeclarationLine> {
  const line = await lineOfDeclarations(trx, lineID);
  if (!line || !line.enableProductionManager) throw new AppError('conflict', 'production.notEnabled', { line: lineID });
  return line;
}

/** The order a declaration is for: the one named (of this line, started), else the line's Ready order. */
async function orderOfDeclaration(trx: Transaction<DB>, lineID: number, order: string | null): Promise<OrderRow> {
  if (order === null) {
    const ready = await readyOrderOfLine(trx, lineID);
    if (!ready) throw new AppError('conflict', 'production.noReadyOrder', { line: lineID });
    return ready;
  }
  const found = await findOrder(trx, order);
  if (!found || found.lineID !== lineID) throw fieldError('validation', 'production.orderNotOnLine', 'order', { order, line: lineID });
  if (found.status === ORDER_STATUS.CREATED || found.startDate === null)
    throw new AppError('conflict', 'production.orderNotStarted', { order });
  return found;
}

/** The minute an order's declared production is booked into (see the module comment). */
async function bookingMinute(trx: Transaction<DB>, order: OrderRow, clock: EngineClock): Promise<number> {
  const startMs = order.startDate!;
  // The last instant of the order: a minute starting exactly at its end (or now) would fall outside its range.
  const candidate = minuteOf(Math.max(startMs, (order.status === ORDER_STATUS.READY ? clock.nowMs : (order.endDate ?? clock.nowMs)) - 1));
  const holder = await orderOfMinute(trx, order.lineID, candidate);
  if (!holder || holder.order === order.order) return candidate;
  return (await lastMinuteOfOrder(trx, order.lineID, order.order)) ?? candidate;
}

/** Units of a lot by its order's product factors. */
async function lotUnits(trx: Transaction<DB>, productCode: string | null, packs: number, wrappers: number): Promise<number> {
  const product = productCode ? await productOf(trx, productCode) : undefined;
  if (!product) throw new AppError('conflict', 'production.orderWithoutProduct');
  return (packs * product.wrappersPerPackage + wrappers) * product.unitsPerWrapper;
}

async function checkLotValues(trx: Transaction<DB>, values: LotValues): Promise<void> {
  if (values.packs === 0 && values.wrappers === 0) throw fieldError('validation', 'production.lotEmpty', 'packs');
  if (values.wrapperType !== null && !(await wrapperTypeExists(trx, values.wrapperType))) {
    throw fieldError('validation', 'production.wrapperTypeUnknown', 'wrapperType', { name: values.wrapperType });
  }
}

/** Booked production of an order may not fall below its discards: acceptance would be less than zero. */
async function checkOrderKeepsDiscards(trx: Transaction<DB>, order: string, unitsDelta: number, discardsDelta: number): Promise<void> {
  const totals = await orderProductionTotals(trx, order);
  const units = totals.units + unitsDelta;
  const discards = totals.discards + discardsDelta;
  if (discards > units + 1e-9) throw new AppError('conflict', 'production.discardsExceedUnits', { order, discards, units });
}

/** Applies one declaration of a line in the ingestion's transaction; answers the row and the production to book. */
export async function recordDeclaration(
  trx: Transaction<DB>,
  lineID: number,
  declaration: ProductionDeclaration,
  clock: EngineClock,
  ctx: WriteContext,
): Promise<DeclarationOutcome> {
  const line = await requireProductionLine(trx, lineID);
  switch (declaration.kind) {
    case 'addLot': {
      const order = await orderOfDeclaration(trx, lineID, declaration.order);
      await checkLotValues(trx, declaration.values);
      const units = await lotUnits(trx, order.productCode, declaration.values.packs, declaration.values.wrappers);
      const minuteStart = await bookingMinute(trx, order, clock);
      const booked = !hasScript(line.calculationUnits);
      const row = await insertRow(
        trx,
        'production_lots',
        {
          ...declaration.values,
          lineID,
          order: order.order,
          productCode: order.productCode,
          productName: order.productName,
          units,
          minuteStart,
          booked: booked ? 1 : 0,
          createdBy: ctx.userID,
          createDate: clock.nowMs,
        },
        ['lotID'],
        ctx,
      );
      return { table: 'production_lots', row, booking: booked ? { lineID, minuteStart, order: order.order, units, discards: 0 } : null };
    }
    case 'changeLot': {
      const before = await findLot(trx, declaration.lotID);
      if (!before || before.lineID !== lineID || before.order === null) throw notFound();
      const values: LotValues = {
        lot: declaration.values.lot ?? before.lot,
        packs: declaration.values.packs ?? before.packs,
        wrappers: declaration.values.wrappers ?? before.wrappers,
        wrapperType: declaration.values.wrapperType === undefined ? before.wrapperType : declaration.values.wrapperType,
      };
      await checkLotValues(trx, values);
      const units = await lotUnits(trx, before.productCode, values.packs, values.wrappers);
      const delta = units - before.units;
      const booked = before.booked === 1 && before.minuteStart !== null;
      if (booked && delta < 0) await checkOrderKeepsDiscards(trx, before.order, delta, 0);
      const row = (await updateRow(trx, 'production_lots', { lotID: before.lotID }, { ...values, units }, ctx, before))!;
      const booking =
        !booked || delta === 0 ? null : { lineID, minuteStart: before.minuteStart!, order: before.order, units: delta, discards: 0 };
      return { table: 'production_lots', row, booking };
    }
    case 'deleteLot': {
      const before = await findLot(trx, declaration.lotID);
      if (!before || before.lineID !== lineID || before.order === null) throw notFound();
      const booked = before.booked === 1 && before.minuteStart !== null;
      if (booked) await checkOrderKeepsDiscards(trx, before.order, -before.units, 0);
      await deleteRow(trx, 'production_lots', { lotID: before.lotID }, ctx);
      const booking = booked ? { lineID, minuteStart: before.minuteStart!, order: before.order, units: -before.units, discards: 0 } : null;
      return { table: 'production_lots', row: before, booking };
    }
    case 'addDiscard': {
      if (hasScript(line.calculationDiscards)) throw new AppError('conflict', 'production.discardsCounted', { line: lineID });
      const order = await orderOfDeclaration(trx, lineID, declaration.order);
      await checkOrderKeepsDiscards(trx, order.order, 0, declaration.quantity);
      const minuteStart = await bookingMinute(trx, order, clock);
      const row = await insertRow(
        trx,
        'declared_discards',
        {
          lineID,
          order: order.order,
          minuteStart,
          quantity: declaration.quantity,
          observation: declaration.observation,
          startup: declaration.startup ? 1 : 0,
          createdBy: ctx.userID,
          createDate: clock.nowMs,
        },
        ['discardID'],
        ctx,
      );
      return {
        table: 'declared_discards',
        row,
        booking: {
          lineID,
          minuteStart,
          order: order.order,
          units: 0,
          discards: declaration.quantity,
          startupDiscards: declaration.startup ? declaration.quantity : 0,
        },
      };
    }
    case 'deleteDiscard': {
      const before = await findDeclaredDiscard(trx, declaration.discardID);
      if (!before || before.lineID !== lineID) throw notFound();
      await deleteRow(trx, 'declared_discards', { discardID: before.discardID }, ctx);
      return {
        table: 'declared_discards',
        row: before,
        booking: {
          lineID,
          minuteStart: before.minuteStart,
          order: before.order,
          units: 0,
          discards: -before.quantity,
          startupDiscards: before.startup === 1 ? -before.quantity : 0,
        },
      };
    }
  }
}
