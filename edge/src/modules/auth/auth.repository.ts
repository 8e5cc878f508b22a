import { sql } from 'kysely';
import type { Database } from '../../db/database';

export function findUserForLogin(db: Database, userID: string) {
  return db
    .selectFrom('users')
    .select(['userID', 'roleID', 'firstName', 'lastName', 'email', 'passwordHash', 'active', 'mustChangePassword'])
    .where('userID', '=', userID)
    .executeTakeFirst();
}

/**
 * The local row of a directory account: directories compare names without case, so `JUAN` finds `juan` (the row
 * spelt exactly as typed first, should two rows differ only in case).
 */
export function findUserForDirectoryLogin(db: Database, account: string) {
  return db
    .selectFrom('users')
    .select(['userID', 'roleID', 'firstName', 'lastName', 'email', 'passwordHash', 'active', 'mustChangePassword'])
    .where(sql<boolean>`userID = ${account} COLLATE NOCASE`)
    .orderBy(sql`userID = ${account}`, 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userID: string; createdAt: number; expiresAt: number; ipAddress: string | null },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findSessionUser(db: Database, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.userID', 'sessions.userID')
    .select(['users.userID', 'users.roleID', 'users.firstName', 'users.lastName', 'users.mustChangePassword', 'sessions.expiresAt'])
    .where('sessions.tokenHash', '=', tokenHash)
    .where('sessions.expiresAt', '>', now)
    .where('users.active', '=', 1)
    .executeTakeFirst();
}

export async function extendSession(db: Database, tokenHash: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt }).where('tokenHash', '=', tokenHash).execute();
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
}

/** Ends a user's sessions but one (a changed password ends the others; the one that changed it goes on). */
export async function deleteOtherSessionsOfUser(db: Database, userID: string, keptTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('userID', '=', userID).where('tokenHash', '!=', keptTokenHash).execute();
}

export async function deleteSessionsOfUser(db: Database, userID: string): Promise<void> {
  await db.deleteFrom('sessions').where('userID', '=', userID).execute();
}

export async function deleteExpiredSessions(db: Database, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
