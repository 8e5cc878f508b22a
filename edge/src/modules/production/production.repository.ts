import { sql } from 'kysely';
import { minuteOf, type Executor } from '../indexes/indexes.repository';

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
export async function productionByProduct(db: Executor, lineID: number, fromMs: number, toMs: number, productCode: string | null): Promise<ProductRow[]> {
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

/** The production lots of a line's orders (or of one order) created in a range. */
export function productionLots(db: Executor, filter: { lineID: number; order?: string; fromMs?: number; toMs?: number; productCode?: string | null }) {
  let query = db
    .selectFrom('production_lots')
    .select(['lotID', 'lot', 'order', 'productCode', 'productName', 'packs', 'wrappers', 'units', 'wrapperType', 'createDate'])
    .where('lineID', '=', filter.lineID);
  if (filter.order !== undefined) query = query.where('order', '=', filter.order);
  if (filter.fromMs !== undefined) query = query.where('createDate', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('createDate', '<', filter.toMs);
  if (filter.productCode) query = query.where('productCode', '=', filter.productCode);
  return query.orderBy('createDate').execute();
}

export function productOf(db: Executor, code: string) {
  return db.selectFrom('products').select(['code', 'name', 'unit', 'unitsPerWrapper', 'wrappersPerPackage']).where('code', '=', code).executeTakeFirst();
}
