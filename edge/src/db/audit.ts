import type { Transaction } from 'kysely';
import { keyText } from './outbox';
import { prepared } from './prepared';
import type { DB } from './schema';

/** Entities whose every change keeps an audit row (ARCHITECTURE.md "Data conventions"). */
export type AuditedEntity = 'stops' | 'orders' | 'order_indexes' | 'shift_indexes';

export interface AuditRecord {
  entity: AuditedEntity;
  key: Record<string, unknown>;
  action: string;
  /** The user who made the change; null for the system (acquisition, jobs). */
  userID: string | null;
  before: unknown;
  after: unknown;
  now: number;
}

/** Writes who changed what, when, and the row before and after, in the caller's transaction. */
export async function recordAudit(trx: Transaction<DB>, record: AuditRecord): Promise<void> {
  await insertAuditRow.execute(trx, {
    entity: record.entity,
    entityKey: keyText(record.key),
    action: record.action,
    userID: record.userID,
    at: record.now,
    before: record.before == null ? null : JSON.stringify(record.before),
    after: record.after == null ? null : JSON.stringify(record.after),
  });
}

const insertAuditRow = prepared((db, p: { entity: string; entityKey: string; action: string; userID: string | null; at: number; before: string | null; after: string | null }) =>
  db.insertInto('audit_log').values({ entity: p.entity, entityKey: p.entityKey, action: p.action, userID: p.userID, at: p.at, before: p.before, after: p.after }),
);
