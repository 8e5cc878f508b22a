import type { Database } from '../../db/database';
import type { RowUpdate } from '../../db/schema';

/** The parameters live in one row, id 1 (seeded with every new database). */
const PARAMETERS_ROW = 1;

export function findParameters(db: Database) {
  return db.selectFrom('parameters').selectAll().where('id', '=', PARAMETERS_ROW).executeTakeFirst();
}

export async function updateParameters(db: Database, changes: RowUpdate<'parameters'>): Promise<void> {
  await db.updateTable('parameters').set(changes).where('id', '=', PARAMETERS_ROW).execute();
}
