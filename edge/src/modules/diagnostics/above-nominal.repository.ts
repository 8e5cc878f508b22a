import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The stored order and shift indexes whose throughput is above 1 (issue 25: the line ran above the nominal speed its
 * figures are measured against), newest first, at most `take` of each. A shift's products are those of the orders
 * its line ran during it.
 */
export async function ordersAboveNominalSpeed(db: Database, take: number) {
  return db
    .selectFrom('order_indexes as oi')
    .innerJoin('orders as o', 'o.order', 'oi.order')
    .select([
      'oi.lineID',
      'oi.order',
      'oi.oee',
      'oi.throughput',
      'oi.nominalSpeed',
      'oi.productionSpeed',
      'o.productCode',
      'o.productName',
      'o.startDate',
      'o.endDate',
    ])
    .where('oi.throughput', '>', 1)
    .orderBy('o.startDate', 'desc')
    .orderBy('oi.order')
    .limit(take)
    .execute();
}

export async function shiftsAboveNominalSpeed(db: Database, take: number) {
  return db
    .selectFrom('shift_indexes as si')
    .select((eb) => [
      'si.lineID',
      'si.shiftStart',
      'si.shiftEnd',
      'si.shiftCode',
      'si.oee',
      'si.throughput',
      eb
        .selectFrom('orders as o')
        .select(sql<string | null>`group_concat(DISTINCT o.productCode)`.as('codes'))
        .whereRef('o.lineID', '=', 'si.lineID')
        .whereRef('o.startDate', '<', 'si.shiftEnd')
        .where((w) => w.or([w('o.endDate', 'is', null), w('o.endDate', '>', w.ref('si.shiftStart'))]))
        .as('productCodes'),
    ])
    .where('si.throughput', '>', 1)
    .orderBy('si.shiftStart', 'desc')
    .orderBy('si.lineID')
    .limit(take)
    .execute();
}
