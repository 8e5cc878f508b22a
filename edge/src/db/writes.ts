import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { recordAudit, recordAudits, type AuditedEntity } from './audit';
import { isSyncedEntity, keyText, recordChange, recordChanges } from './outbox';
import { prepared, type PreparedQuery, type Query } from './prepared';
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

/** A row of `T` as stored, as the writers answer it. */
export type StoredRow<T extends TableName> = Selectable<DB[T]>;
/** The columns of `T` a key names. */
type KeyColumn<T extends TableName> = keyof DB[T] & string;

const AUDITED: ReadonlySet<string> = new Set<AuditedEntity>([
  'stops',
  'orders',
  'order_indexes',
  'shift_indexes',
  'production_lots',
  'declared_discards',
  // A calendar change changes the figures from its date on: who changed it, and when, is kept.
  'calendar_versions',
  'calendar_shifts',
  'calendar_breaks',
  'calendar_exceptions',
]);

/**
 * The audit records what a person changed (a stop recognized, an order validated, a recalculation asked for), not the
 * passage of time: the system's own writes (userID null: the acquisition's events, the index refresh, the shift close)
 * keep no audit row, or the 10-s refresh alone would write one per active line.
 */
const audited = (table: TableName, ctx: WriteContext) => ctx.userID !== null && AUDITED.has(table);

/**
 * Kysely's types cannot follow a table chosen at run time, so the generic writers see the schema as "any table of
 * unknown columns". Only this module and the grid mechanism need that view.
 */
export type DynamicDB = Record<string, Record<string, unknown>>;
type Loose = Kysely<DynamicDB>;

/**
 * The statements of the writers, prepared once per table and set of columns (the tables and the columns code writes
 * are a fixed few): a write is then a bind and a run, not a query built and compiled again (see prepared.ts).
 */
const statements = new Map<string, PreparedQuery<AnyRow, AnyRow>>();

function statement(shape: string, build: (db: Loose, params: AnyRow) => Query<unknown>): PreparedQuery<AnyRow, AnyRow> {
  let query = statements.get(shape);
  if (!query) {
    query = prepared((db, params: AnyRow) => build(db as unknown as Loose, params) as Query<AnyRow>);
    statements.set(shape, query);
  }
  return query;
}

function whereKey<Q extends { where(column: string, operator: '=', value: unknown): Q }>(query: Q, key: RowKey, params: AnyRow): Q {
  let keyed = query;
  for (const column of Object.keys(key)) keyed = keyed.where(column, '=', params[`key.${column}`]);
  return keyed;
}

/** The parameters of a statement: the values by column, the key's as `key.<column>`. */
function bind(values: AnyRow, key: RowKey = {}): AnyRow {
  const params: AnyRow = { ...values };
  for (const [column, value] of Object.entries(key)) params[`key.${column}`] = value;
  return params;
}

const columnsOf = (row: AnyRow) => Object.keys(row).filter((column) => row[column] !== undefined);

function selectByKey(trx: Transaction<DB>, table: string, key: RowKey): Promise<AnyRow | undefined> {
  const query = statement(`select ${table} ${Object.keys(key)}`, (db, params) => whereKey(db.selectFrom(table).selectAll(), key, params));
  return query.executeTakeFirst(trx, bind({}, key));
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
  if (audited(table, ctx)) {
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
export async function insertRow<T extends TableName>(
  trx: Transaction<DB>,
  table: T,
  values: Insertable<DB[T]>,
  keyColumns: readonly KeyColumn<T>[],
  ctx: WriteContext,
): Promise<StoredRow<T>> {
  return (await insertAnyRow(trx, table, values as AnyRow, keyColumns, ctx)) as StoredRow<T>;
}

/** insertRow for a table chosen at run time (the grid engine): the row as stored, of columns its caller knows. */
export async function insertAnyRow(
  trx: Transaction<DB>,
  table: TableName,
  values: AnyRow,
  keyColumns: readonly string[],
  ctx: WriteContext,
): Promise<AnyRow> {
  const columns = columnsOf(values);
  const query = statement(`insert ${table} ${columns}`, (db, params) =>
    db
      .insertInto(table)
      .values(Object.fromEntries(columns.map((column) => [column, params[column]])))
      .returningAll(),
  );
  const inserted = (await query.executeTakeFirst(trx, bind(values)))!;
  const key = keyOf(inserted, keyColumns);
  await afterWrite(trx, table, key, null, inserted, ctx, 'insert');
  return inserted;
}

/**
 * Updates the row with `key`; returns it as stored, or undefined when there is no such row. `current` is the row as
 * the caller has just read it in this transaction, when it has (it saves reading it again for the audit row).
 */
export async function updateRow<T extends TableName>(
  trx: Transaction<DB>,
  table: T,
  key: RowKey,
  values: Updateable<DB[T]>,
  ctx: WriteContext,
  current?: StoredRow<T>,
): Promise<StoredRow<T> | undefined> {
  return (await updateAnyRow(trx, table, key, values as AnyRow, ctx, current as AnyRow | undefined)) as StoredRow<T> | undefined;
}

/** updateRow for a table chosen at run time (the grid engine). */
export async function updateAnyRow(
  trx: Transaction<DB>,
  table: TableName,
  key: RowKey,
  values: AnyRow,
  ctx: WriteContext,
  current?: AnyRow,
): Promise<AnyRow | undefined> {
  const before = current ?? (await selectByKey(trx, table, key));
  if (!before) return undefined;
  const columns = columnsOf(values);
  let after: AnyRow | undefined;
  if (columns.length > 0) {
    const query = statement(`update ${table} ${columns} ${Object.keys(key)}`, (db, params) =>
      whereKey(
        db.updateTable(table).set(Object.fromEntries(columns.map((column) => [column, params[column]]))),
        key,
        params,
      ).returningAll(),
    );
    after = await query.executeTakeFirst(trx, bind(values, key));
  } else {
    after = await selectByKey(trx, table, key);
  }
  await afterWrite(trx, table, key, before, after ?? null, ctx, 'update');
  return after;
}

export interface RowChange<T extends TableName = TableName> {
  key: RowKey;
  values: Updateable<DB[T]>;
  /** The row as the caller has just read it in this transaction. */
  current: StoredRow<T>;
}

/**
 * updateRow of several rows of one table in three statements whatever their number (the update, the outbox rows and
 * the audit rows), for the periodic refresh that rewrites every line's index. Every change sets the same columns and
 * has the same key columns. Answers the rows as stored, in the order given (undefined for a row no longer there).
 */
export async function updateRows<T extends TableName>(
  trx: Transaction<DB>,
  table: T,
  changes: readonly RowChange<T>[],
  ctx: WriteContext,
): Promise<(StoredRow<T> | undefined)[]> {
  if (changes.length === 0) return [];
  const keyColumns = Object.keys(changes[0]!.key);
  const columns = columnsOf(changes[0]!.values);
  const field = (column: string) => sql`j.value ->> ${sql.lit(column)}`;
  const query = statement(
    `update rows ${table} ${columns} ${keyColumns}`,
    (_db, params) => sql`
      UPDATE ${sql.table(table)} SET ${sql.join(columns.map((column) => sql`${sql.ref(column)} = ${field(column)}`))}
      FROM jsonb_each(jsonb(${params.rows})) AS j
      WHERE ${sql.join(
        keyColumns.map((column) => sql`${sql.ref(`${table}.${column}`)} = ${field(column)}`),
        sql` AND `,
      )}
      RETURNING *`,
  );
  const stored = await query.execute(trx, { rows: JSON.stringify(changes.map((change) => ({ ...change.values, ...change.key }))) });
  const byKey = new Map(stored.map((row) => [keyText(keyOf(row, keyColumns)), row]));
  const afters = changes.map((change) => byKey.get(keyText(change.key)));
  const written = changes.flatMap((change, index) => {
    const after = afters[index];
    return after ? [{ change, after }] : [];
  });
  if (isSyncedEntity(table))
    await recordChanges(
      trx,
      written.map(({ change, after }) => ({ entity: table, key: change.key, row: after, now: ctx.now })),
    );
  if (audited(table, ctx)) {
    const action = ctx.action ?? 'update';
    await recordAudits(
      trx,
      written.map(({ change, after }) => ({
        entity: table as AuditedEntity,
        key: change.key,
        action,
        userID: ctx.userID,
        before: change.current,
        after,
        now: ctx.now,
      })),
    );
  }
  return afters as (StoredRow<T> | undefined)[];
}

/** Deletes the row with `key`; returns the deleted row, or undefined when there was none. */
export async function deleteRow<T extends TableName>(
  trx: Transaction<DB>,
  table: T,
  key: RowKey,
  ctx: WriteContext,
): Promise<StoredRow<T> | undefined> {
  return (await deleteAnyRow(trx, table, key, ctx)) as StoredRow<T> | undefined;
}

/** deleteRow for a table chosen at run time (the grid engine). */
export async function deleteAnyRow(trx: Transaction<DB>, table: TableName, key: RowKey, ctx: WriteContext): Promise<AnyRow | undefined> {
  const before = await selectByKey(trx, table, key);
  if (!before) return undefined;
  await statement(`delete ${table} ${Object.keys(key)}`, (db, params) => whereKey(db.deleteFrom(table), key, params)).execute(
    trx,
    bind({}, key),
  );
  await afterWrite(trx, table, key, before, null, ctx, 'delete');
  return before;
}
