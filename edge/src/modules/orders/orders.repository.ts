import { sql, type SelectQueryBuilder } from 'kysely';
import { inJsonArray, prepared } from '../../db/prepared';
import type { DB, Row } from '../../db/schema';
import type { Database } from '../../db/database';
import { INDEX_MINUTE_COLUMNS, minuteColumnsSql, minutesSql } from '../engine/indexes.schemas';

/** An order index's times in minutes; adjustedDiscountTime is the order's own (it exists before the index). */
const ORDER_MINUTE_COLUMNS = INDEX_MINUTE_COLUMNS.filter((column) => column !== 'discountShift');

export type OrderRow = Row<'orders'>;

/** Order status (SPEC §3): 0 Created, 1 Ready, 2 Finalized. */
export const ORDER_STATUS = { CREATED: 0, READY: 1, FINALIZED: 2 } as const;

/**
 * A status written into the SQL, not bound. orders has a partial index (orders_one_ready_per_line, WHERE status = 1):
 * SQLite prepares a statement that binds `status` again at every run, to see whether the index applies to the value
 * (5-7x the cost of the query; readyOrdersOfLines runs in every ingestion transaction).
 */
const statusIs = (status: (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS]) => sql.lit(status);

export function findOrder(db: Database, order: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order', '=', order).executeTakeFirst();
}

const readyOrderQuery = prepared((db, p: { lineID: number }) =>
  db.selectFrom('orders').selectAll().where('lineID', '=', p.lineID).where('status', '=', statusIs(ORDER_STATUS.READY)),
);

export function readyOrderOfLine(db: Database, lineID: number): Promise<OrderRow | undefined> {
  return readyOrderQuery.executeTakeFirst(db, { lineID });
}

/** The Ready order of each of the lines (at most one per line: the orders_one_ready_per_line index). */
export async function readyOrdersOfLines(db: Database, lineIDs: readonly number[]): Promise<Map<number, OrderRow>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await readyOrdersQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.map((row) => [row.lineID, row]));
}

const readyOrdersQuery = prepared((db, p: { lineIDs: string }) =>
  db.selectFrom('orders').selectAll().where('status', '=', statusIs(ORDER_STATUS.READY)).where('lineID', 'in', inJsonArray(p.lineIDs)),
);

/** When the line's last finalized order ended (the dashboard's prevOrderEndDate), or null. */
export async function previousOrderEnd(db: Database, lineID: number): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('endDate').as('endDate'))
    .where('lineID', '=', lineID)
    .where('status', '=', statusIs(ORDER_STATUS.FINALIZED))
    .executeTakeFirst();
  return row?.endDate ?? null;
}

export function productName(db: Database, code: string) {
  return db.selectFrom('products').select(['code', 'name', 'unit']).where('code', '=', code).executeTakeFirst();
}

type AnySource = SelectQueryBuilder<DB, keyof DB, Record<string, unknown>>;

/**
 * The orders list and the order-index grid (one source): each order with its index. Index times are shown in minutes (staffedTime, runtime, …);
 * the quantities are the index's (current for the Ready order within oeeCalculationRefresh seconds). adjustedDiscountTime is
 * what the supervisor typed; effectiveAdjustedDiscountTime the part of it the indicators used (null before the index).
 */
export function orderIndexGridSource(db: Database): AnySource {
  return db
    .selectFrom('orders as o')
    .leftJoin('order_indexes as i', 'i.order', 'o.order')
    .select([
      'o.order',
      sql<string>`o."order"`.as('orderID'),
      'o.op',
      'o.version',
      'o.lineID',
      'o.lot',
      'o.validation',
      'o.productCode',
      'o.productName',
      'o.startDate',
      'o.endDate',
      'o.status',
      'o.shiftStart',
      'o.desiredProductionQuantity',
      'o.desiredProductionSpeed',
      'o.createdBy',
      'o.createDate',
      'o.updatedBy',
      'o.updateDate',
      sql<number>`coalesce(i.productionQuantity, o.productionQuantity)`.as('productionQuantity'),
      sql<number>`coalesce(i.discardQuantity, o.discardQuantity)`.as('discardQuantity'),
      'i.productionSpeed',
      'i.nominalSpeed',
      'i.utilization',
      'i.throughput',
      'i.acceptance',
      'i.oee',
      'i.performance',
      'i.mtbf',
      'i.mttr',
      'i.failureCount',
      'i.unscheduledQuantity',
      'i.unscheduledDiscards',
      ...minuteColumnsSql('i', ORDER_MINUTE_COLUMNS, { adjustedDiscountTime: 'o' }),
      // The adjustment the index used: the typed one capped at the order's stop time (domain/oee.ts effectiveAdjustedMs).
      minutesSql('i', 'adjustedDiscountTime').as('effectiveAdjustedDiscountTime'),
      'i.calculatedAt',
    ]) as unknown as AnySource;
}

/** Whether the line exists and runs the order manager. */
export function lineOrderManager(db: Database, lineID: number) {
  return db.selectFrom('lines').select(['lineID', 'enableOrderManager']).where('lineID', '=', lineID).executeTakeFirst();
}

/** The nominal speed of a product on a line (its product speed), or undefined when the line has none for it. */
export function productSpeedOnLine(db: Database, code: string, lineID: number) {
  return db.selectFrom('product_speeds').select('speed').where('code', '=', code).where('lineID', '=', lineID).executeTakeFirst();
}

export function findPreloadOrder(db: Database, id: number) {
  return db.selectFrom('preload_orders').selectAll().where('id', '=', id).executeTakeFirst();
}
