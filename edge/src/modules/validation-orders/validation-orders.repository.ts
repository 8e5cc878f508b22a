import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Validation orders with their derived state: the status of the most recent version of the line order whose
 * order key or OP equals the orderID — none yet 'pending', status 0 'created', 1 'running', 2 'finished'.
 */
export function validationOrdersSource(db: Database) {
  return db.selectFrom('validation_orders').select([
    'orderID',
    'lot',
    'productCode',
    'createdBy',
    'createDate',
    'updatedBy',
    'updateDate',
    sql<string>`CASE (
      SELECT o.status FROM orders o WHERE o."order" = validation_orders.orderID OR o.op = validation_orders.orderID
      ORDER BY o.version DESC, o.createDate DESC LIMIT 1
    ) WHEN 0 THEN 'created' WHEN 1 THEN 'running' WHEN 2 THEN 'finished' ELSE 'pending' END`.as('state'),
  ]);
}

/** Deletes the given validation orders; answers how many existed. */
export async function deleteValidationOrders(db: Database, orderIDs: readonly string[]): Promise<number> {
  const result = await db.deleteFrom('validation_orders').where('orderID', 'in', orderIDs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
