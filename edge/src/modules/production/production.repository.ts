import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { minuteOf } from '../../domain/time';

export interface ProductRow {
  productCode: string | null;
  productName: string | null;
  unit: string | null;
  unitsPerWrapper: number | null;
  wrappersPerPackage: number | null;
  units: number;
  discards: number;
}

/**
 * A line's production over [fromMs, toMs) by product (minutes count in the range where they start, as in the
 * indexes); production made with no order running has productCode null.
 */
export async function productionByProduct(
  db: Database,
  lineID: number,
  fromMs: number,
  toMs: number,
  productCode: string | null,
): Promise<ProductRow[]> {
  const product = productCode === null ? sql`` : sql`AND o.productCode = ${productCode}`;
  const result = await sql<ProductRow>`
    SELECT o.productCode AS productCode, max(o.productName) AS productName, p.unit AS unit, p.unitsPerWrapper AS unitsPerWrapper,
           p.wrappersPerPackage AS wrappersPerPackage, sum(m.units) AS units, sum(m.discards) AS discards
    FROM production_minutes m
    LEFT JOIN orders o ON o."order" = m."order"
    LEFT JOIN products p ON p.code = o.productCode
    WHERE m.lineID = ${lineID} AND m.minuteStart >= ${minuteOf(fromMs)} AND m.minuteStart < ${toMs} ${product}
    GROUP BY o.productCode
    ORDER BY units DESC`.execute(db);
  return result.rows;
}

/**
 * The production lots of a line's orders (or of one order) counting in a range: a lot counts in the minute of its
 * order's production it was declared for (minuteStart; lots stored before migration 0009 at their creation).
 */
export function productionLots(
  db: Database,
  filter: { lineID: number; order?: string; fromMs?: number; toMs?: number; productCode?: string | null },
) {
  const countsAt = sql<number>`coalesce(minuteStart, createDate)`;
  let query = db
    .selectFrom('production_lots')
    .select([
      'lotID',
      'lot',
      'order',
      'productCode',
      'productName',
      'packs',
      'wrappers',
      'units',
      'wrapperType',
      'booked',
      'createdBy',
      'createDate',
    ])
    .where('lineID', '=', filter.lineID);
  if (filter.order !== undefined) query = query.where('order', '=', filter.order);
  if (filter.fromMs !== undefined) query = query.where(countsAt, '>=', minuteOf(filter.fromMs));
  if (filter.toMs !== undefined) query = query.where(countsAt, '<', filter.toMs);
  if (filter.productCode) query = query.where('productCode', '=', filter.productCode);
  return query.orderBy('createDate').orderBy('lotID').execute();
}

/** The started orders of a line, newest first, with their index's quantities and acceptance and their product's unit. */
export function startedOrdersOfLine(db: Database, lineID: number, limit: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('order_indexes as i', 'i.order', 'o.order')
    .leftJoin('products as p', 'p.code', 'o.productCode')
    .select([
      'o.order',
      'o.op',
      'o.lot',
      'o.productCode',
      'o.productName',
      'o.status',
      'o.startDate',
      'o.endDate',
      'p.unit',
      'i.productionQuantity',
      'i.discardQuantity',
      'i.acceptance',
    ])
    .where('o.lineID', '=', lineID)
    .where('o.startDate', 'is not', null)
    .orderBy('o.startDate', 'desc')
    .limit(limit)
    .execute();
}

export function productOf(db: Database, code: string) {
  return db
    .selectFrom('products')
    .select(['code', 'name', 'unit', 'unitsPerWrapper', 'wrappersPerPackage'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** What the production manager needs to know of a line: whether it runs there and which counters the line has. */
export function lineOfDeclarations(db: Database, lineID: number) {
  return db
    .selectFrom('lines')
    .select(['lineID', 'enableProductionManager', 'calculationUnits', 'calculationDiscards'])
    .where('lineID', '=', lineID)
    .executeTakeFirst();
}

export function findLot(db: Database, lotID: number) {
  return db.selectFrom('production_lots').selectAll().where('lotID', '=', lotID).executeTakeFirst();
}

export function findDeclaredDiscard(db: Database, discardID: number) {
  return db.selectFrom('declared_discards').selectAll().where('discardID', '=', discardID).executeTakeFirst();
}

/** The discards declared by hand on a line (or for one order), newest first. */
export function declaredDiscards(db: Database, filter: { lineID: number; order?: string }) {
  let query = db.selectFrom('declared_discards').selectAll().where('lineID', '=', filter.lineID);
  if (filter.order !== undefined) query = query.where('order', '=', filter.order);
  return query.orderBy('createDate', 'desc').orderBy('discardID', 'desc').execute();
}

export async function wrapperTypeExists(db: Database, name: string): Promise<boolean> {
  const row = await sql<{ found: number }>`SELECT 1 AS found FROM wrapper_types WHERE name = ${name} COLLATE NOCASE`.execute(db);
  return row.rows.length > 0;
}

/** An order's production so far, all its minutes (counted and declared). */
export async function orderProductionTotals(db: Database, order: string): Promise<{ units: number; discards: number }> {
  const row = await db
    .selectFrom('production_minutes')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('units'), sql<number>`0`).as('units'),
      eb.fn.coalesce(eb.fn.sum<number>('discards'), sql<number>`0`).as('discards'),
    ])
    .where('order', '=', order)
    .executeTakeFirstOrThrow();
  return { units: Number(row.units), discards: Number(row.discards) };
}

/** The order a stored production minute of a line is booked to (undefined: no production that minute yet). */
export async function orderOfMinute(db: Database, lineID: number, minuteStart: number): Promise<{ order: string | null } | undefined> {
  return db
    .selectFrom('production_minutes')
    .select('order')
    .where('lineID', '=', lineID)
    .where('minuteStart', '=', minuteStart)
    .executeTakeFirst();
}

/** The last minute of a line booked to an order, or null. */
export async function lastMinuteOfOrder(db: Database, lineID: number, order: string): Promise<number | null> {
  const row = await db
    .selectFrom('production_minutes')
    .select((eb) => eb.fn.max<number>('minuteStart').as('minuteStart'))
    .where('lineID', '=', lineID)
    .where('order', '=', order)
    .executeTakeFirst();
  return row?.minuteStart ?? null;
}

/** Another wrapper type with this name (any case), or undefined. */
export function otherWrapperTypeNamed(db: Database, name: string, wrapperTypeID: number | null) {
  return db
    .selectFrom('wrapper_types')
    .select('wrapperTypeID')
    .where(sql<boolean>`name = ${name} COLLATE NOCASE`)
    .$if(wrapperTypeID !== null, (query) => query.where('wrapperTypeID', '!=', wrapperTypeID!))
    .executeTakeFirst();
}

/** How many lots name a wrapper type. */
export async function lotsWithWrapperType(db: Database, name: string): Promise<number> {
  const row = await sql<{ n: number }>`SELECT count(*) AS n FROM production_lots WHERE wrapperType = ${name} COLLATE NOCASE`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The discards declared by hand on a line whose minute falls in a range (of one product's orders, when given). */
export async function declaredDiscardsInRange(
  db: Database,
  lineID: number,
  fromMs: number,
  toMs: number,
  productCode: string | null,
): Promise<number> {
  const product = productCode === null ? sql`` : sql`AND o.productCode = ${productCode}`;
  const result = await sql<{ quantity: number | null }>`
    SELECT sum(d.quantity) AS quantity FROM declared_discards d JOIN orders o ON o."order" = d."order"
    WHERE d.lineID = ${lineID} AND d.minuteStart >= ${minuteOf(fromMs)} AND d.minuteStart < ${toMs} ${product}`.execute(db);
  return Number(result.rows[0]?.quantity ?? 0);
}
