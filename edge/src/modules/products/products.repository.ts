import type { Database } from '../../db/database';

export function productLookup(db: Database) {
  return db.selectFrom('products').select(['code as value', 'name as text']).orderBy('name').orderBy('code').execute();
}

export async function unitOfProduct(db: Database, code: string): Promise<string | null> {
  const row = await db.selectFrom('products').select('unit').where('code', '=', code).executeTakeFirst();
  return row?.unit ?? null;
}
