import { sql, type Kysely } from 'kysely';

/**
 * Issue 17, notifications: what the edge sends and to whom.
 * - `notification_sends`: one row per message due to one recipient (a stop or maintenance call, a group, a channel,
 *   a recipient, a round: 0 the first alert, 1.. each repeat). The row is written before the message goes out and
 *   updated with the outcome, so a restart neither repeats a sent one (the unique key) nor forgets a pending one.
 *   No foreign keys: it is history, and outlives a deleted group, user or stop.
 * - `telegram_users`: the one-time link a user is emailed to register with the bot (only its hash is kept).
 * - `users.language`: the language of the alerts a user receives ('es' default, or 'en').
 * - parameters: the Bot API's base address (a plant's proxy, the tests' stand-in), the edge's address as the
 *   recipients reach it (the dashboard link in each alert) and the plant's name in the messages.
 */
const statements = [
  `CREATE TABLE notification_sends (
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
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    nextAttemptAt INTEGER NOT NULL,
    sentAt INTEGER,
    lastError TEXT,
    UNIQUE (eventKind, eventID, groupID, channel, recipient, round)
  )`,
  `CREATE INDEX notification_sends_pending ON notification_sends(status, nextAttemptAt)`,
  `CREATE INDEX notification_sends_due ON notification_sends(dueAt)`,
  `ALTER TABLE telegram_users ADD COLUMN linkTokenHash TEXT`,
  `ALTER TABLE telegram_users ADD COLUMN linkExpiresAt INTEGER`,
  `CREATE UNIQUE INDEX telegram_users_link ON telegram_users(linkTokenHash)`,
  `ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'en'))`,
  `ALTER TABLE parameters ADD COLUMN telegramApiBaseUrl TEXT`,
  `ALTER TABLE parameters ADD COLUMN edgePublicUrl TEXT`,
  `ALTER TABLE parameters ADD COLUMN plantName TEXT`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
