import { sql, type Kysely } from 'kysely';

/**
 * Issue 15: a user whose password was set for them (the administrator of the first-run setup, or one recovered with
 * `oee-edge reset-admin`) must choose their own at the next sign-in. Existing users, and the demo plant's, are not
 * marked: their passwords keep working as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN mustChangePassword INTEGER NOT NULL DEFAULT 0`.execute(db);
}
