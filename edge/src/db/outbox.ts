import { sql, type Transaction } from 'kysely';
import type { Database } from './database';
import { prepared } from './prepared';
import type { DB } from './schema';

/** Tables replicated to the central PostgreSQL (ARCHITECTURE.md "sync/"). */
export const SYNCED_ENTITIES = [
  'buildings',
  'sectors',
  'lines',
  'products',
  'stop_reasons',
  'orders',
  'order_indexes',
  'shift_indexes',
  'stops',
  'calendar_versions',
  'calendar_shifts',
  'calendar_breaks',
  'calendar_exceptions',
] as const;
export type SyncedEntity = (typeof SYNCED_ENTITIES)[number];

export function isSyncedEntity(table: string): table is SyncedEntity {
  return (SYNCED_ENTITIES as readonly string[]).includes(table);
}

export interface ChangeRecord {
  entity: SyncedEntity;
  /** The row's key, e.g. { stopID: 12 } or { lineID: 1, shiftStart: 1767247200000 }. */
  key: Record<string, unknown>;
  /** The row as stored after the change; null for a delete. */
  row: Record<string, unknown> | null;
  now: number;
}

/** Stable text for a key: properties sorted, so the same key always gives the same string. */
export function keyText(key: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(key).sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * The app_settings key (value: epoch ms) set when sync was first enabled on this database. Until then no outbox row
 * is queued — with no central copy to feed, they would only pile up (an index refresh every 10 s rewrites every
 * line's indexes) — and enabling sync starts from a snapshot of the synced tables instead (startSyncQueue).
 */
export const SYNC_QUEUE_SETTING = 'syncQueuedSince';

/** The condition under which the outbox inserts write anything: checked by SQLite inside the same statement. */
const syncQueueOpen = sql<boolean>`EXISTS (SELECT 1 FROM app_settings WHERE key = ${SYNC_QUEUE_SETTING})`;

/** The key columns of each synced table (the properties of an outbox row's entityKey; as sync/central/tables.ts). */
export const SYNCED_KEYS: Readonly<Record<SyncedEntity, readonly string[]>> = {
  buildings: ['buildingId'],
  sectors: ['sectorID'],
  lines: ['lineID'],
  products: ['code'],
  stop_reasons: ['reasonID'],
  orders: ['order'],
  order_indexes: ['order'],
  shift_indexes: ['lineID', 'shiftStart'],
  stops: ['stopID'],
  calendar_versions: ['lineID', 'effectiveFrom'],
  calendar_shifts: ['lineID', 'effectiveFrom', 'code'],
  calendar_breaks: ['lineID', 'effectiveFrom', 'shiftCode', 'startTime'],
  calendar_exceptions: ['lineID', 'exceptionDate', 'kind', 'shiftCode'],
};

/** Whether outbox rows are queued on this database (sync was enabled on it at some time). */
export async function syncQueueStarted(db: Database): Promise<boolean> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', SYNC_QUEUE_SETTING).executeTakeFirst();
  return row !== undefined;
}

/**
 * Opens the outbox the first time sync is enabled: in one transaction, an upsert outbox row of every current row of
 * every synced table (the snapshot the central copy starts from), then the setting that makes every later write queue
 * its own row. Being one write transaction, no change can fall between the snapshot and the first queued row.
 * Answers how many snapshot rows it wrote (0 when the queue was already open: it is opened once per database).
 */
export async function startSyncQueue(db: Database, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (await syncQueueStarted(trx)) return 0;
    let rows = 0;
    for (const entity of SYNCED_ENTITIES) {
      const { rows: columns } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${entity})`.execute(trx);
      // entityKey as keyText gives it: the key's properties sorted, so the central side and later rows agree.
      const keyColumns = [...SYNCED_KEYS[entity]].sort((a, b) => a.localeCompare(b));
      const pairs = (names: readonly string[]) => sql.join(names.map((name) => sql`${sql.lit(name)}, ${sql.ref(name)}`));
      const result = await sql`
        INSERT INTO outbox (entity, entityKey, operation, payload, createdAt)
        SELECT ${entity}, json_object(${pairs(keyColumns)}), 'upsert', json_object(${pairs(columns.map((c) => c.name))}), ${now}
        FROM ${sql.table(entity)} ORDER BY ${sql.join(SYNCED_KEYS[entity].map((name) => sql.ref(name)))}`.execute(trx);
      rows += Number(result.numAffectedRows ?? 0);
    }
    await trx
      .insertInto('app_settings')
      .values({ key: SYNC_QUEUE_SETTING, value: String(now) })
      .execute();
    return rows;
  });
}

/**
 * Records a change of a synced table (nothing while sync was never enabled: see SYNC_QUEUE_SETTING). It takes a transaction, never the database: the outbox row must commit or
 * roll back together with the change it describes, or the central copy could miss a write or see one that never
 * happened. The row's `seq` (AUTOINCREMENT, never reused even after pruning) is its version: the central side keeps
 * a row only when the incoming seq is newer than the one it holds, so replays and reordering change nothing.
 */
export async function recordChange(trx: Transaction<DB>, change: ChangeRecord): Promise<void> {
  await insertOutboxRow.execute(trx, outboxRow(change));
}

function outboxRow(change: ChangeRecord) {
  return {
    entity: change.entity,
    entityKey: keyText(change.key),
    operation: change.row ? ('upsert' as const) : ('delete' as const),
    payload: change.row ? JSON.stringify(change.row) : null,
    createdAt: change.now,
  };
}

const insertOutboxRow = prepared(
  (_db, p: { entity: string; entityKey: string; operation: 'upsert' | 'delete'; payload: string | null; createdAt: number }) => sql`
    INSERT INTO outbox (entity, entityKey, operation, payload, createdAt)
    SELECT ${p.entity}, ${p.entityKey}, ${p.operation}, ${p.payload}, ${p.createdAt} WHERE ${syncQueueOpen}`,
);

/** recordChange of several changes in one statement, in their order (the periodic refresh's indexes). */
export async function recordChanges(trx: Transaction<DB>, changes: readonly ChangeRecord[]): Promise<void> {
  if (changes.length > 0) await insertOutboxRows.execute(trx, { rows: JSON.stringify(changes.map(outboxRow)) });
}

const insertOutboxRows = prepared(
  (_db, p: { rows: string }) => sql`
    INSERT INTO outbox (entity, entityKey, operation, payload, createdAt)
    SELECT value ->> 'entity', value ->> 'entityKey', value ->> 'operation', value ->> 'payload', value ->> 'createdAt'
    FROM jsonb_each(jsonb(${p.rows})) WHERE ${syncQueueOpen} ORDER BY key`,
);
