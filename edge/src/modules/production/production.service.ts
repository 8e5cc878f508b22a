import type { Database } from '../../db/database';
import { toPlantIso } from '../../domain/time-zone';
import { engineParameters } from '../indexes/indexes.repository';
import type { EngineClock } from '../indexes/indexes.service';
import { lineIndicators, type LineIndicators } from '../indexes/line-indicators';
import { readyOrderOfLine, type OrderRow } from '../orders/orders.repository';
import { productionByProduct, productionLots, productOf } from './production.repository';

/**
 * Production of a line: what it made over a range (by product, with packs and wrappers from the product's
 * factors) and the progress of its Ready order. Quantities come from the same production minutes, and the Ready
 * order's from the same computation, as the indexes.
 */

/** Units as wrappers and packs, by the product's factors (null when the product has none). */
function packaging(units: number, unitsPerWrapper: number | null, wrappersPerPackage: number | null) {
  const wrappers = unitsPerWrapper ? units / unitsPerWrapper : null;
  return { wrappers, packs: wrappers !== null && wrappersPerPackage ? wrappers / wrappersPerPackage : null };
}

const lotToApi = (timeZone: string) => (lot: Awaited<ReturnType<typeof productionLots>>[number]) => ({
  ...lot,
  createDate: lot.createDate === null ? null : toPlantIso(lot.createDate, timeZone),
});

/** GET /api/production/summary: a line's production between two instants, optionally of one product. */
export async function productionSummary(db: Database, query: { lineID: number; fromMs: number; toMs: number; productCode: string | null }, clock: EngineClock) {
  const toMs = Math.min(query.toMs, clock.nowMs);
  const rows = await productionByProduct(db, query.lineID, query.fromMs, toMs, query.productCode);
  const byProduct = rows.map((row) => ({
    productCode: row.productCode,
    productName: row.productName,
    unit: row.unit,
    units: row.units,
    discards: row.discards,
    goodUnits: Math.max(0, row.units - row.discards),
    ...packaging(row.units, row.unitsPerWrapper, row.wrappersPerPackage),
  }));
  const units = byProduct.reduce((sum, row) => sum + row.units, 0);
  const discards = byProduct.reduce((sum, row) => sum + row.discards, 0);
  const lots = await productionLots(db, { lineID: query.lineID, fromMs: query.fromMs, toMs: query.toMs, productCode: query.productCode });
  return {
    lineID: query.lineID,
    start: toPlantIso(query.fromMs, clock.timeZone),
    end: toPlantIso(query.toMs, clock.timeZone),
    units,
    discards,
    goodUnits: Math.max(0, units - discards),
    byProduct,
    lots: lots.map(lotToApi(clock.timeZone)),
  };
}

export interface ReadyOrderStatus {
  order: OrderRow;
  indexes: LineIndicators;
}

/** The Ready order of a line with its indicators as of now (the index the periodic refresh writes), or null. */
export async function readyOrderStatus(db: Database, lineID: number, clock: EngineClock): Promise<ReadyOrderStatus | null> {
  const order = await readyOrderOfLine(db, lineID);
  if (!order || order.startDate === null) return null;
  const { microStopSeconds } = await engineParameters(db);
  const indexes = await lineIndicators(db, lineID, { fromMs: order.startDate, toMs: clock.nowMs, order: order.order }, clock.nowMs, microStopSeconds);
  return indexes ? { order, indexes } : null;
}

/** The progress of a Ready order: its quantities so far against the desired quantity (progress 0..1, may pass 1). */
export async function orderProgress(db: Database, status: ReadyOrderStatus, timeZone: string) {
  const { order, indexes } = status;
  const units = indexes.inputs.unitsProduced;
  const discards = indexes.inputs.unitsDiscarded;
  const product = order.productCode ? await productOf(db, order.productCode) : undefined;
  return {
    order: order.order,
    op: order.op,
    version: order.version,
    lot: order.lot,
    productCode: order.productCode,
    productName: order.productName,
    unit: product?.unit ?? null,
    startDate: order.startDate === null ? null : toPlantIso(order.startDate, timeZone),
    desiredProductionQuantity: order.desiredProductionQuantity,
    productionQuantity: units,
    discardQuantity: discards,
    goodUnits: indexes.indicators.goodUnits,
    progress: order.desiredProductionQuantity ? units / order.desiredProductionQuantity : null,
    ...packaging(units, product?.unitsPerWrapper ?? null, product?.wrappersPerPackage ?? null),
  };
}

/** GET /api/production/summary/order: the Ready order's progress and lots, or null when the line has none. */
export async function readyOrderProduction(db: Database, lineID: number, clock: EngineClock) {
  const status = await readyOrderStatus(db, lineID, clock);
  if (!status) return null;
  const lots = await productionLots(db, { lineID, order: status.order.order });
  return { ...(await orderProgress(db, status, clock.timeZone)), lots: lots.map(lotToApi(clock.timeZone)) };
}
