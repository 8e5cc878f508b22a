import { sql } from 'kysely';
import type { Reader } from './portal.repository';

/** The portal's own users and sessions (schema `portal`, migration 0004): the only tables the portal writes. */

/** A user's sign-in record, the name matched without regard to case. */
export function findAccount(db: Reader, userID: string) {
  return db
    .selectFrom('portal.users')
    .select(['user_id', 'first_name', 'last_name', 'role_id', 'password_hash', 'active', 'must_change_password'])
    .where(sql<boolean>`lower(user_id) = lower(${userID})`)
    .executeTakeFirst();
}

export function countUsers(db: Reader) {
  return db
    .selectFrom('portal.users')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** The first administrator, unless some user exists already (two portals starting at once create one). */
export async function insertFirstAdministrator(db: Reader, userID: string, passwordHash: string): Promise<boolean> {
  const result =
    await sql`INSERT INTO portal.users (user_id, first_name, last_name, role_id, password_hash, must_change_password, updated_by)
    SELECT ${userID}, 'Administrador', '', 1, ${passwordHash}, true, 'setup'
    WHERE NOT EXISTS (SELECT 1 FROM portal.users)
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function insertSession(
  db: Reader,
  session: { tokenHash: string; userID: string; now: number; expiresAt: number; ip: string | null },
) {
  await db
    .insertInto('portal.sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userID,
      created_at: new Date(session.now),
      expires_at: new Date(session.expiresAt),
      ip_address: session.ip,
    })
    .execute();
}

export function findSessionUser(db: Reader, tokenHash: string, now: number) {
  return db
    .selectFrom('portal.sessions as s')
    .innerJoin('portal.users as u', 'u.user_id', 's.user_id')
    .select(['u.user_id', 'u.first_name', 'u.last_name', 'u.role_id', 'u.must_change_password', 's.expires_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', new Date(now))
    .where('u.active', '=', true)
    .executeTakeFirst();
}

export async function extendSession(db: Reader, tokenHash: string, expiresAt: number) {
  await db
    .updateTable('portal.sessions')
    .set({ expires_at: new Date(expiresAt) })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Reader, tokenHash: string) {
  await db.deleteFrom('portal.sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends a user's sessions, but the one given (the session that changed its own password goes on). */
export async function deleteSessionsOfUser(db: Reader, userID: string, keepTokenHash: string | null = null) {
  let query = db.deleteFrom('portal.sessions').where('user_id', '=', userID);
  if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
  await query.execute();
}

export async function setPassword(db: Reader, userID: string, passwordHash: string, mustChange: boolean, by: string) {
  await db
    .updateTable('portal.users')
    .set({ password_hash: passwordHash, must_change_password: mustChange, updated_by: by, update_date: new Date() })
    .where('user_id', '=', userID)
    .execute();
}

/** Clears the mark of a temporary password (a directory user signed in: their password is the directory's). */
export async function clearPasswordMark(db: Reader, userID: string) {
  await db
    .updateTable('portal.users')
    .set({ must_change_password: false, updated_by: userID, update_date: new Date() })
    .where('user_id', '=', userID)
    .execute();
}

/** Active administrators other than `exceptUserID`. */
export function otherActiveAdministrators(db: Reader, exceptUserID: string) {
  return db
    .selectFrom('portal.users')
    .select(sql<string>`count(*)`.as('n'))
    .where('role_id', '=', 1)
    .where('active', '=', true)
    .where('user_id', '<>', exceptUserID)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}
