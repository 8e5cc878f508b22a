import type { Database } from '../../db/database';

export function productLookup(db: Database) {
  return db.selectFrom('products').select(['code as value', 'name as text']).orderBy('name').orderBy('code').execute();
}

export async function unitOfProduct(db: Database, code: string): Promise<string | null> {
  const row = await db.selectFrom('products').select('unit').where('code', '=', code).executeTakeFirst();
  return row?.unit ?? null;
}

/**
 * The products a line made between two instants: those of its orders that overlap the range (an order still running
 * overlaps up to now), by name.
 */
export function productsOfLineBetween(db: Database, lineID: number, fromMs: number, toMs: number) {
  return db
    .selectFrom('orders')
    .innerJoin('products', 'products.code', 'orders.productCode')
    .select(['products.code as value', 'products.name as text'])
    .distinct()
    .where('orders.lineID', '=', lineID)
    .where('orders.startDate', '<', toMs)
    .where((eb) => eb.or([eb('orders.endDate', 'is', null), eb('orders.endDate', '>', fromMs)]))
    .orderBy('products.name')
    .orderBy('products.code')
    .execute();
}
