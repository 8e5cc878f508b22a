import { createHash, randomBytes } from 'node:crypto';
import { writesOf, type Database } from '../db/database';
import type { RoleId } from '../domain/roles';
import { isDiskFull } from '../db/disk-full';
import { extendSession, findSessionUser, insertSession } from '../modules/auth';

/** The user a bearer token stands for (SPEC.md "Session user"). */
export interface SessionUser {
  userID: string;
  roleID: RoleId;
  firstName: string;
  lastName: string;
}

/** A session lasts 12 hours from its last use (a terminal used all shift long stays logged in). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Only the SHA-256 of a token is stored: a copy of the database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session's random 256-bit token (returned once to the caller) and the hash that is stored. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** A session used within the last minute is not extended again (one write a minute at most). */
export const needsExtension = (expiresAtMs: number, now: number) => expiresAtMs - now < SESSION_TTL_MS - 60_000;

/** Opens a session: a random 256-bit token, returned once to the caller. */
export async function openSession(db: Database, userID: string, now: number, ipAddress: string | null): Promise<string> {
  const { token, tokenHash } = newSessionToken();
  await insertSession(db, { tokenHash, userID, createdAt: now, expiresAt: now + SESSION_TTL_MS, ipAddress });
  return token;
}

/** A session's user, and whether they must change their password before anything else. */
export interface SessionState {
  user: SessionUser;
  mustChangePassword: boolean;
}

/** A session read this recently, with nothing written to the database since, is not read again. */
export const SESSION_REUSE_MS = 1_000;
/** Sessions remembered at most per database (the oldest forgotten first). */
const REMEMBERED_SESSIONS = 1_000;

interface RememberedSession {
  state: SessionState;
  expiresAt: number;
  readAt: number;
  /** writesOf(db) when it was read: any write since (a logout, a user changed or deactivated) forgets it. */
  writes: number;
}

const remembered = new WeakMap<Database, Map<string, RememberedSession>>();

/**
 * The user of a live session, extending it (written at most once a minute). Null when missing or expired. A
 * dashboard asks five to seven things at once, each with the session's token: the session read for the first is
 * used for the others within SESSION_REUSE_MS, as long as nothing was written to the database in between (so a
 * logout, a deactivated user or a changed role counts at once) and it has not expired since. A write by another
 * process (`oee-edge reset-admin` beside the service) counts within SESSION_REUSE_MS.
 */
export async function resolveSession(db: Database, token: string, now: number): Promise<SessionState | null> {
  const tokenHash = hashToken(token);
  let sessions = remembered.get(db);
  if (!sessions) remembered.set(db, (sessions = new Map()));
  const known = sessions.get(tokenHash);
  if (
    known &&
    known.writes === writesOf(db) &&
    now >= known.readAt &&
    now - known.readAt < SESSION_REUSE_MS &&
    known.expiresAt > now &&
    !needsExtension(known.expiresAt, now)
  ) {
    return known.state;
  }
  sessions.delete(tokenHash);
  const row = await findSessionUser(db, tokenHash, now);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (needsExtension(row.expiresAt, now)) {
    // On a full disk the session still lets its user read; it is extended again once there is space.
    await extendSession(db, tokenHash, now + SESSION_TTL_MS).then(
      () => (expiresAt = now + SESSION_TTL_MS),
      (error: unknown) => {
        if (!isDiskFull(error)) throw error;
      },
    );
  }
  const state: SessionState = {
    user: { userID: row.userID, roleID: row.roleID as RoleId, firstName: row.firstName, lastName: row.lastName },
    mustChangePassword: row.mustChangePassword === 1,
  };
  if (sessions.size >= REMEMBERED_SESSIONS) sessions.delete(sessions.keys().next().value!);
  sessions.set(tokenHash, { state, expiresAt, readAt: now, writes: writesOf(db) });
  return state;
}
