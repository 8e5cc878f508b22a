import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { TableName } from '../../db/schema';

/** Whether `table` has a row whose `column` equals `value` (a key the caller names; never user input). */
export async function rowExists(db: Database, table: TableName, column: string, value: string | number): Promise<boolean> {
  const found = await sql<{ one: number }>`SELECT 1 AS one FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value} LIMIT 1`.execute(
    db,
  );
  return found.rows.length > 0;
}
