import type { Database } from '../../db/database';
import { toPlantIso } from '../../domain/time-zone';
import { engineParameters, type EngineClock, lineIndicators, type LineIndicators } from '../engine';
import { readyOrderOfLine, type OrderRow } from '../orders';
import { hasScript } from './production-declarations.service';
import {
  declaredDiscardsInRange,
  lineOfDeclarations,
  productionByProduct,
  productionLots,
  productOf,
  startedOrdersOfLine,
  type ProductRow,
} from './production.repository';

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

type LotRow = Awaited<ReturnType<typeof productionLots>>[number];

const lotToApi = (timeZone: string) => (lot: LotRow) => ({
  ...lot,
  booked: lot.booked === 1,
  createDate: lot.createDate === null ? null : toPlantIso(lot.createDate, timeZone),
});

interface Factors {
  unitsPerWrapper: number | null;
  wrappersPerPackage: number | null;
}

/** Units with their equivalent wrappers and packs. */
function quantities(units: number, factors: Factors) {
  return { units, ...packaging(units, factors.unitsPerWrapper, factors.wrappersPerPackage) };
}

/**
 * GET /api/production/summary: a line's production between two instants, optionally of one product — per product
 * the counted production (units, discards, good units, with wrappers and packs by the product's factors), the lots
 * declared for it (`declared`) and `difference` = declared − counted. On a line with no units counter (unitsCounted
 * false) the lots are the production, so the difference is 0 unless lots were declared for orders that ran outside
 * the range. Discards declared by hand are inside `discards` (and shown apart as declaredDiscards).
 */
export async function productionSummary(
  db: Database,
  query: { lineID: number; fromMs: number; toMs: number; productCode: string | null },
  clock: EngineClock,
) {
  const toMs = Math.min(query.toMs, clock.nowMs);
  const rows = await productionByProduct(db, query.lineID, query.fromMs, toMs, query.productCode);
  const lots = await productionLots(db, { lineID: query.lineID, fromMs: query.fromMs, toMs: query.toMs, productCode: query.productCode });
  const products = new Map<
    string | null,
    { row: Omit<ProductRow, 'units' | 'discards'>; units: number; discards: number; declared: number; lots: number }
  >();
  for (const row of rows) products.set(row.productCode, { row, units: row.units, discards: row.discards, declared: 0, lots: 0 });
  for (const lot of lots) {
    let entry = products.get(lot.productCode);
    if (!entry) {
      const product = lot.productCode ? await productOf(db, lot.productCode) : undefined;
      const row = {
        productCode: lot.productCode,
        productName: lot.productName,
        unit: product?.unit ?? null,
        unitsPerWrapper: product?.unitsPerWrapper ?? null,
        wrappersPerPackage: product?.wrappersPerPackage ?? null,
      };
      entry = { row, units: 0, discards: 0, declared: 0, lots: 0 };
      products.set(lot.productCode, entry);
    }
    entry.declared += lot.units;
    entry.lots += 1;
  }
  const byProduct = [...products.values()].map(({ row, units, discards, declared, lots: lotCount }) => ({
    productCode: row.productCode,
    productName: row.productName,
    unit: row.unit,
    ...quantities(units, row),
    discards,
    goodUnits: Math.max(0, units - discards),
    declared: { ...quantities(declared, row), lots: lotCount },
    difference: quantities(declared - units, row),
  }));
  const units = byProduct.reduce((sum, row) => sum + row.units, 0);
  const discards = byProduct.reduce((sum, row) => sum + row.discards, 0);
  const declaredUnits = byProduct.reduce((sum, row) => sum + row.declared.units, 0);
  const line = await lineOfDeclarations(db, query.lineID);
  return {
    lineID: query.lineID,
    start: toPlantIso(query.fromMs, clock.timeZone),
    end: toPlantIso(query.toMs, clock.timeZone),
    unitsCounted: hasScript(line?.calculationUnits),
    discardsCounted: hasScript(line?.calculationDiscards),
    units,
    discards,
    goodUnits: Math.max(0, units - discards),
    declaredUnits,
    differenceUnits: declaredUnits - units,
    declaredDiscards: await declaredDiscardsInRange(db, query.lineID, query.fromMs, toMs, query.productCode),
    byProduct,
    lots: lots.map(lotToApi(clock.timeZone)),
  };
}

/**
 * GET /api/production/orders: the started orders of a line with the production manager, newest first, with what
 * the page of lots shows of each (its index's quantities and acceptance, the product's unit) and whether the line
 * counts units and discards itself.
 */
export async function productionOrders(db: Database, lineID: number, timeZone: string) {
  const line = await lineOfDeclarations(db, lineID);
  const orders = await startedOrdersOfLine(db, lineID, 30);
  return {
    lineID,
    unitsCounted: hasScript(line?.calculationUnits),
    discardsCounted: hasScript(line?.calculationDiscards),
    orders: orders.map((order) => ({
      ...order,
      startDate: order.startDate === null ? null : toPlantIso(order.startDate, timeZone),
      endDate: order.endDate === null ? null : toPlantIso(order.endDate, timeZone),
    })),
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
  const indexes = await lineIndicators(
    db,
    lineID,
    { fromMs: order.startDate, toMs: clock.nowMs, order: order.order },
    clock.nowMs,
    microStopSeconds,
    clock.timeZone,
  );
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
