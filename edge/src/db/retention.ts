import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Database } from './database';
import { SYNC_QUEUE_SETTING } from './outbox';
import { DAY_MS } from '../domain/time';

/**
 * Retention of the tables that grow with time, pruned in small batches: each batch is one short DELETE of at most
 * `batchRows` rows (its own transaction, so the acquisition's writes wait at most that long), and the event loop gets
 * a turn between batches, so requests and ingestion go on while a large backlog is pruned.
 */

/** Rows per DELETE: a few milliseconds of write lock each. */
export const RETENTION_BATCH_ROWS = 500;

export interface RetentionDays {
  audit: number;
  diagnostics: number;
  outbox: number;
}

export interface PrunedRows {
  audit: number;
  tagUpdates: number;
  calculationTimes: number;
  outbox: number;
  /** Notifications sent or given up (issue 17), kept as long as the diagnostics. */
  notificationSends: number;
  /** DELETE statements run (batches), for the tests and the log. */
  batches: number;
}

/** Runs `deleteBatch` until it deletes fewer than a full batch, yielding between batches; answers rows and batches. */
async function inBatches(deleteBatch: () => Promise<number>, batchRows: number): Promise<{ rows: number; batches: number }> {
  let rows = 0;
  let batches = 0;
  for (;;) {
    const deleted = await deleteBatch();
    rows += deleted;
    batches += 1;
    if (deleted < batchRows) return { rows, batches };
    await nextTurn();
  }
}

/** Deletes, oldest first, the rows of `table` whose `timeColumn` is before `beforeMs` (and that meet `also`). */
function pruneOlder(
  db: Database,
  table: 'audit_log' | 'tag_update_log' | 'calculation_time_log' | 'notification_sends',
  timeColumn: string,
  beforeMs: number,
  batchRows: number,
  also = sql`1 = 1`,
) {
  return inBatches(async () => {
    const result = await sql`
      DELETE FROM ${sql.table(table)} WHERE rowid IN (
        SELECT rowid FROM ${sql.table(table)} WHERE ${sql.ref(timeColumn)} < ${beforeMs} AND ${also} ORDER BY ${sql.ref(timeColumn)} LIMIT ${batchRows})`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0);
  }, batchRows);
}

/**
 * The outbox rows nobody needs: every row while sync was never enabled (enabling it starts from a snapshot, see
 * startSyncQueue), and rows older than `beforeMs` superseded by a newer row of the same table row — the central copy
 * keeps only a row's latest version, so dropping an older one loses nothing even if it was never sent, and an outbox
 * the central copy never acknowledges stays bounded by the size of the synced tables. Rows the central copy
 * acknowledged are deleted by the sync agent as it goes. The condition is evaluated inside each DELETE, so a snapshot
 * committed between two batches is never touched.
 */
function pruneOutboxRows(db: Database, beforeMs: number, batchRows: number) {
  return inBatches(async () => {
    const result = await sql`
      DELETE FROM outbox WHERE seq IN (
        SELECT o.seq FROM outbox o
        WHERE NOT EXISTS (SELECT 1 FROM app_settings WHERE key = ${SYNC_QUEUE_SETTING})
           OR (o.createdAt < ${beforeMs} AND EXISTS (SELECT 1 FROM outbox n WHERE n.entity = o.entity AND n.entityKey = o.entityKey AND n.seq > o.seq))
        ORDER BY o.seq LIMIT ${batchRows})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  }, batchRows);
}

/** Prunes every table with a retention: what is older than its parameter, and nothing else. */
export async function pruneExpiredRows(
  db: Database,
  nowMs: number,
  days: RetentionDays,
  batchRows = RETENTION_BATCH_ROWS,
): Promise<PrunedRows> {
  const before = (retentionDays: number) => nowMs - retentionDays * DAY_MS;
  const audit = await pruneOlder(db, 'audit_log', 'at', before(days.audit), batchRows);
  const tagUpdates = await pruneOlder(db, 'tag_update_log', 'dateTime', before(days.diagnostics), batchRows);
  const calculationTimes = await pruneOlder(db, 'calculation_time_log', 'dateTime', before(days.diagnostics), batchRows);
  const outbox = await pruneOutboxRows(db, before(days.outbox), batchRows);
  const notificationSends = await pruneOlder(
    db,
    'notification_sends',
    'dueAt',
    before(days.diagnostics),
    batchRows,
    sql`status <> 'pending'`,
  );
  return {
    audit: audit.rows,
    tagUpdates: tagUpdates.rows,
    calculationTimes: calculationTimes.rows,
    outbox: outbox.rows,
    notificationSends: notificationSends.rows,
    batches: audit.batches + tagUpdates.batches + calculationTimes.batches + outbox.batches + notificationSends.batches,
  };
}
