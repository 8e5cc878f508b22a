import { sql, type Transaction } from 'kysely';
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
 * Records a change of a synced table. It takes a transaction, never the database: the outbox row must commit or
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

const insertOutboxRow = prepared((db, p: { entity: string; entityKey: string; operation: 'upsert' | 'delete'; payload: string | null; createdAt: number }) =>
  db.insertInto('outbox').values({ entity: p.entity, entityKey: p.entityKey, operation: p.operation, payload: p.payload, createdAt: p.createdAt }),
);

/** recordChange of several changes in one statement, in their order (the periodic refresh's indexes). */
export async function recordChanges(trx: Transaction<DB>, changes: readonly ChangeRecord[]): Promise<void> {
  if (changes.length > 0) await insertOutboxRows.execute(trx, { rows: JSON.stringify(changes.map(outboxRow)) });
}

const insertOutboxRows = prepared(
  (_db, p: { rows: string }) => sql`
    INSERT INTO outbox (entity, entityKey, operation, payload, createdAt)
    SELECT value ->> 'entity', value ->> 'entityKey', value ->> 'operation', value ->> 'payload', value ->> 'createdAt'
    FROM json_each(${p.rows}) WHERE true ORDER BY key`,
);
