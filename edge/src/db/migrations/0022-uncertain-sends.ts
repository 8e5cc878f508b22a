import { sql, type Kysely } from 'kysely';

/**
 * Issue 26, point 12: a message is never sent twice when that can be avoided.
 * notification_sends.status gains 'sending' (written before the message goes out: a send found so at start was in
 * flight at a crash) and 'uncertain' (the channel may have taken it — a timeout after it was handed over, a crash in
 * flight — so it is not sent again blindly; counted in the diagnostics). The status CHECK is part of the table and
 * SQLite changes a constraint only by building the table anew (no other table references this one).
 */
const statements = [
  `CREATE TABLE notification_sends_new (
    sendID INTEGER PRIMARY KEY AUTOINCREMENT,
    eventKind TEXT NOT NULL CHECK (eventKind IN ('stop', 'maintenance')),
    eventID INTEGER NOT NULL,
    lineID INTEGER NOT NULL,
    groupID INTEGER NOT NULL,
    channel INTEGER NOT NULL,
    recipient TEXT NOT NULL,
    userID TEXT,
    round INTEGER NOT NULL,
    dueAt INTEGER NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'uncertain', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    nextAttemptAt INTEGER NOT NULL,
    sentAt INTEGER,
    lastError TEXT,
    UNIQUE (eventKind, eventID, groupID, channel, recipient, round)
  )`,
  `INSERT INTO notification_sends_new SELECT sendID, eventKind, eventID, lineID, groupID, channel, recipient, userID, round, dueAt, subject, body,
    status, attempts, nextAttemptAt, sentAt, lastError FROM notification_sends`,
  `DROP TABLE notification_sends`,
  `ALTER TABLE notification_sends_new RENAME TO notification_sends`,
  `CREATE INDEX notification_sends_pending ON notification_sends(status, nextAttemptAt)`,
  `CREATE INDEX notification_sends_due ON notification_sends(dueAt)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
