import type { Kysely, Transaction } from 'kysely';
import type { DB, TableName } from '../../db/schema';
import { deleteAnyRow, insertAnyRow, updateAnyRow, type DynamicDB, type RowKey, type WriteContext } from '../../db/writes';
import { translateSqliteError } from '../../http/sqlite-errors';

/**
 * The grid engine's storage seam: where a resource's rows are read one by one and written. The engine builds Kysely
 * queries only (lists, counts, the rows it answers), so any dialect runs them; what differs from a database to another
 * is here: how a row is written (the edge's writes go through the chokepoint, with their outbox and audit rows), how
 * its columns are named, and what a constraint error says.
 */

type AnyRow = Record<string, unknown>;
export type GridOperation = 'insert' | 'update' | 'delete';

export interface GridStore<D = DB> {
  /** The stored row of `key` (its columns as the resource names them), or undefined. */
  find(db: Kysely<D> | Transaction<D>, table: string, key: RowKey): Promise<AnyRow | undefined>;
  /** Inserts a row and answers it as stored. */
  insert(trx: Transaction<D>, table: string, row: AnyRow, key: readonly string[], ctx: WriteContext): Promise<AnyRow>;
  /** Changes the row of `key` and answers it as stored (undefined: no such row). */
  update(trx: Transaction<D>, table: string, key: RowKey, changes: AnyRow, ctx: WriteContext): Promise<AnyRow | undefined>;
  remove(trx: Transaction<D>, table: string, key: RowKey, ctx: WriteContext): Promise<void>;
  /** A database error of a write as the API's error (a duplicate key 409, a broken reference 400…), else as it was. */
  translateError(error: unknown, operation: GridOperation): unknown;
}

type LooseDb = Kysely<DynamicDB>;
const loose = <D>(db: Kysely<D> | Transaction<D>): LooseDb => db as unknown as LooseDb;

async function findByKey<D>(db: Kysely<D> | Transaction<D>, table: string, key: RowKey): Promise<AnyRow | undefined> {
  let query = loose(db).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  return (await query.executeTakeFirst()) as AnyRow | undefined;
}

/** The edge's store: its SQLite tables as they are named, written through db/writes (outbox and audit rows). */
export const edgeStore: GridStore = {
  find: findByKey,
  insert: (trx, table, row, key, ctx) => insertAnyRow(trx, table as TableName, row, key, ctx),
  update: (trx, table, key, changes, ctx) => updateAnyRow(trx, table as TableName, key, changes, ctx),
  remove: async (trx, table, key, ctx) => {
    await deleteAnyRow(trx, table as TableName, key, ctx);
  },
  translateError: translateSqliteError,
};

/**
 * A store of plain Kysely statements (any dialect with RETURNING: PostgreSQL, SQLite) for tables that keep no outbox
 * nor audit rows, their stored columns named apart from the resource's (`columns`: the resource's name → the table's,
 * e.g. userID → user_id): rows come and go under the resource's names.
 */
export function plainStore<D>(columns: Readonly<Record<string, string>>, translateError: GridStore<D>['translateError']): GridStore<D> {
  const toStored = (row: AnyRow): AnyRow =>
    Object.fromEntries(Object.entries(row).map(([column, value]) => [columns[column] ?? column, value]));
  const fromStored = (row: AnyRow | undefined): AnyRow | undefined => {
    if (!row) return undefined;
    const names = new Map(Object.entries(columns).map(([name, stored]) => [stored, name]));
    return Object.fromEntries(Object.entries(row).map(([column, value]) => [names.get(column) ?? column, value]));
  };
  const where = <Q extends { where(column: string, operator: '=', value: unknown): Q }>(query: Q, key: RowKey): Q => {
    let keyed = query;
    for (const [column, value] of Object.entries(toStored(key))) keyed = keyed.where(column, '=', value);
    return keyed;
  };
  const find = async (db: Kysely<D> | Transaction<D>, table: string, key: RowKey) =>
    fromStored((await where(loose(db).selectFrom(table).selectAll(), key).executeTakeFirst()) as AnyRow | undefined);
  return {
    find,
    insert: async (trx, table, row) =>
      fromStored((await loose(trx).insertInto(table).values(toStored(row)).returningAll().executeTakeFirstOrThrow()) as AnyRow)!,
    update: async (trx, table, key, changes) => {
      if (Object.keys(changes).length === 0) return find(trx, table, key);
      return fromStored(
        (await where(loose(trx).updateTable(table).set(toStored(changes)), key)
          .returningAll()
          .executeTakeFirst()) as AnyRow,
      );
    },
    remove: async (trx, table, key) => {
      await where(loose(trx).deleteFrom(table), key).execute();
    },
    translateError,
  };
}
