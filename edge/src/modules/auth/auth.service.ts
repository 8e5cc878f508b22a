import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { RoleId } from '../../domain/roles';
import { AppError } from '../../http/errors';
import { hashToken, openSession, type SessionUser } from '../../http/session';
import { clearLoginFailures, deleteSession, findUserForLogin, recordLoginFailure } from './auth.repository';
import { hashPassword, verifyPassword } from './password';

/** After this many wrong passwords in a row a user is locked for LOCK_MS: guessing is slowed, not unlimited. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 5 * 60 * 1000;

// Verifying against a real hash for unknown users keeps their answer as slow as a known user's.
const dummyHash = hashPassword('not-a-user');

/**
 * Checks a username and password. Used by login and by every signed action (recognize, split, adjust, validate,
 * recalculate), so a signature is subject to the same lockout as a login.
 */
export async function checkCredentials(db: Database, username: string, password: string, now: number) {
  const user = await findUserForLogin(db, username.trim());
  if (!user) {
    await verifyPassword(password, await dummyHash);
    return { ok: false as const, reason: 'auth.invalidCredentials' as const };
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    return { ok: false as const, reason: 'auth.locked' as const, minutes: Math.ceil((user.lockedUntil - now) / 60_000) };
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const failures = user.failedLogins + 1;
    const lockedUntil = failures >= MAX_FAILED_LOGINS ? now + LOCK_MS : null;
    await recordLoginFailure(db, user.userID, lockedUntil ? 0 : failures, lockedUntil);
    if (lockedUntil) return { ok: false as const, reason: 'auth.locked' as const, minutes: Math.ceil(LOCK_MS / 60_000) };
    return { ok: false as const, reason: 'auth.invalidCredentials' as const };
  }
  if (!user.active) return { ok: false as const, reason: 'auth.inactive' as const };
  if (user.failedLogins > 0 || user.lockedUntil) await clearLoginFailures(db, user.userID);
  const sessionUser: SessionUser = {
    userID: user.userID,
    roleID: user.roleID as RoleId,
    firstName: user.firstName,
    lastName: user.lastName,
  };
  return { ok: true as const, user: sessionUser };
}

/** Longest user name written to the log (names have at most 40 characters; anything longer is not a name). */
const LOGGED_NAME_LENGTH = 40;

/**
 * A login: a session for the right username and password. Every attempt is logged (who, from where, and why a
 * refusal), so an administrator sees in the log viewer who signs in and when someone is guessing passwords.
 */
export async function login(db: Database, input: { userid: string; password: string }, now: number, ip: string, logger: Logger) {
  const result = await checkCredentials(db, input.userid, input.password, now);
  if (!result.ok) {
    logger.warn({ userID: input.userid.trim().slice(0, LOGGED_NAME_LENGTH), ip, reason: result.reason }, 'Sign-in refused');
    if (result.reason === 'auth.locked') throw new AppError('locked', 'auth.locked', { minutes: result.minutes ?? 5 });
    throw new AppError('unauthorized', result.reason);
  }
  const token = await openSession(db, result.user.userID, now, ip || null);
  logger.info({ userID: result.user.userID, ip }, 'Signed in');
  return { ...result.user, token };
}

export async function logout(db: Database, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/**
 * Re-checks the username and password sent with a signed action, and that the signer's role may do it.
 * Returns the signer (the audit trail records who signed, not only whose session it was).
 */
export async function verifySignature(
  db: Database,
  signature: { username: string; password: string },
  allowed: readonly RoleId[],
  now: number,
): Promise<SessionUser> {
  const result = await checkCredentials(db, signature.username, signature.password, now);
  if (!result.ok) {
    if (result.reason === 'auth.locked') throw new AppError('locked', 'auth.locked', { minutes: result.minutes ?? 5 });
    throw new AppError('invalidSignature', 'auth.invalidSignature');
  }
  if (!allowed.includes(result.user.roleID)) throw new AppError('forbidden', 'auth.signatureRole');
  return result.user;
}
