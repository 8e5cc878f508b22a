import { sql } from 'kysely';
import type { Database } from '../edge/src/db/database';
import type { OutboxRow } from './central/apply-batch';

/**
 * The edge side of the outbox, for the agent: each function is one short statement on the edge's SQLite, so the
 * agent never holds the edge database while it talks to PostgreSQL.
 */

/** The next `limit` outbox rows after `afterSeq`, in sequence order. */
export async function readOutboxBatch(db: Database, afterSeq: number, limit: number): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
}

/**
 * Deletes the outbox rows the central copy has acknowledged (seq ≤ `throughSeq`), in one statement. Nothing to
 * acknowledge takes no write lock on the edge database.
 */
export async function pruneOutbox(db: Database, throughSeq: number): Promise<number> {
  if (throughSeq <= 0) return 0;
  const result = await db.deleteFrom('outbox').where('seq', '<=', throughSeq).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface Backlog {
  rows: number;
  /** When the oldest unsent change was made (epoch ms), null when nothing waits. */
  oldestCreatedAt: number | null;
}

/** What waits to be sent: outbox rows after `afterSeq`. */
export async function outboxBacklog(db: Database, afterSeq: number): Promise<Backlog> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.min<number | null>('createdAt').as('oldestCreatedAt')])
    .where('seq', '>', afterSeq)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), oldestCreatedAt: row.oldestCreatedAt === null ? null : Number(row.oldestCreatedAt) };
}

/**
 * The plant's name as the edge's parameters give it (plantName, 'Nombre de la planta'); null when it has none. The
 * agent sends it with the plant's identity on every batch, so a renamed plant shows its new name centrally with the
 * next change it replicates.
 */
export async function plantNameOf(db: Database): Promise<string | null> {
  const row = await db.selectFrom('parameters').select('plantName').where('id', '=', 1).executeTakeFirst();
  const name = row?.plantName?.trim();
  return name ? name : null;
}

/**
 * The highest seq this database ever gave an outbox row, pruned or not (SQLite's AUTOINCREMENT counter). A central
 * cursor beyond it means the central copy holds changes this database never made: another database (a restored
 * backup, a new installation) is using this plant id.
 */
export async function highestOutboxSeqEver(db: Database): Promise<number> {
  const { rows } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'outbox'`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}
