import type { Transaction } from 'kysely';
import { recordAudit, type AuditedEntity } from './audit';
import { isSyncedEntity, recordChange } from './outbox';
import type { DB, TableName } from './schema';

/**
 * The one chokepoint for writes to the business tables. Each function writes the row, reads it back as stored,
 * and — in the same transaction — appends the outbox row when the table is synced and the audit row when the
 * table is audited. Writing a synced or audited table any other way is a bug: the central copy or the audit trail
 * would silently miss the change.
 */

export interface WriteContext {
  /** Who makes the change (null: the system). */
  userID: string | null;
  now: number;
  /** The audit action name; defaults to insert / update / delete. */
  action?: string;
}

type AnyRow = Record<string, unknown>;
export type RowKey = Record<string, string | number>;

const AUDITED: ReadonlySet<string> = new Set<AuditedEntity>(['stops', 'orders', 'order_indexes', 'shift_indexes']);

/**
 * Kysely's types cannot follow a table chosen at run time, so the generic writers see the schema as "any table of
 * unknown columns". Only this module and the grid mechanism need that view.
 */
export type DynamicDB = Record<string, Record<string, unknown>>;
type LooseTrx = Transaction<DynamicDB>;

export function dynamic(db: Transaction<DB>): LooseTrx {
  return db as unknown as LooseTrx;
}

async function selectByKey(trx: LooseTrx, table: string, key: RowKey): Promise<AnyRow | undefined> {
  let query = trx.selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  return (await query.executeTakeFirst()) as AnyRow | undefined;
}

async function afterWrite(
  trx: Transaction<DB>,
  table: TableName,
  key: RowKey,
  before: AnyRow | null,
  after: AnyRow | null,
  ctx: WriteContext,
  defaultAction: string,
): Promise<void> {
  if (isSyncedEntity(table)) await recordChange(trx, { entity: table, key, row: after, now: ctx.now });
  if (AUDITED.has(table)) {
    await recordAudit(trx, {
      entity: table as AuditedEntity,
      key,
      action: ctx.action ?? defaultAction,
      userID: ctx.userID,
      before,
      after,
      now: ctx.now,
    });
  }
}

/** The key of `row` given the table's key columns. */
export function keyOf(row: AnyRow, keyColumns: readonly string[]): RowKey {
  return Object.fromEntries(keyColumns.map((column) => [column, row[column] as string | number]));
}

/** Inserts a row and returns it as stored (with generated keys and defaults). */
export async function insertRow(
  trx: Transaction<DB>,
  table: TableName,
  values: AnyRow,
  keyColumns: readonly string[],
  ctx: WriteContext,
): Promise<AnyRow> {
  const loose = dynamic(trx);
  const inserted = (await loose.insertInto(table).values(values).returningAll().executeTakeFirstOrThrow()) as AnyRow;
  const key = keyOf(inserted, keyColumns);
  await afterWrite(trx, table, key, null, inserted, ctx, 'insert');
  return inserted;
}

/** Updates the row with `key`; returns it as stored, or undefined when there is no such row. */
export async function updateRow(
  trx: Transaction<DB>,
  table: TableName,
  key: RowKey,
  values: AnyRow,
  ctx: WriteContext,
): Promise<AnyRow | undefined> {
  const loose = dynamic(trx);
  const before = await selectByKey(loose, table, key);
  if (!before) return undefined;
  if (Object.keys(values).length > 0) {
    let query = loose.updateTable(table).set(values);
    for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
    await query.execute();
  }
  const after = (await selectByKey(loose, table, key)) ?? null;
  await afterWrite(trx, table, key, before, after, ctx, 'update');
  return after ?? undefined;
}

/** Deletes the row with `key`; returns the deleted row, or undefined when there was none. */
export async function deleteRow(
  trx: Transaction<DB>,
  table: TableName,
  key: RowKey,
  ctx: WriteContext,
): Promise<AnyRow | undefined> {
  const loose = dynamic(trx);
  const before = await selectByKey(loose, table, key);
  if (!before) return undefined;
  let query = loose.deleteFrom(table);
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  await query.execute();
  await afterWrite(trx, table, key, before, null, ctx, 'delete');
  return before;
}
