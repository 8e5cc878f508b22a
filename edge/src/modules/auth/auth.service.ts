import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { RoleId } from '../../domain/roles';
import { AppError } from '../../http/errors';
import { hashToken, openSession, type SessionUser } from '../../http/session';
import { updateRow } from '../../db/writes';
import { deleteOtherSessionsOfUser, deleteSession, findUserForLogin } from './auth.repository';
import { throttleOf } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

// Verifying against a real hash for unknown users keeps their answer as slow as a known user's.
const dummyHash = hashPassword('not-a-user');

/** A stored account as a credential check reads it, wherever it is kept (the plant's SQLite, the portal's schema). */
export interface StoredAccount<U> {
  passwordHash: string;
  active: boolean;
  mustChangePassword: boolean;
  user: U;
}

export type AccountCheck<U> =
  | { ok: true; user: U; mustChangePassword: boolean }
  | { ok: false; reason: 'auth.invalidCredentials' | 'auth.inactive' }
  | { ok: false; reason: 'auth.throttled'; seconds: number };

/**
 * The one credential check (the edge's users, the central portal's): throttled per name (login-throttle.ts, one
 * throttle per `throttleOwner`) whether the name exists or not, as slow for an unknown name as for a known one.
 */
export async function checkAccount<U>(
  throttleOwner: object,
  findAccount: (username: string) => Promise<StoredAccount<U> | undefined>,
  username: string,
  password: string,
  now: number,
): Promise<AccountCheck<U>> {
  const throttle = throttleOf(throttleOwner);
  const waitMs = throttle.begin(username, now);
  if (waitMs !== null) return { ok: false, reason: 'auth.throttled', seconds: Math.ceil(waitMs / 1000) };
  const account = await findAccount(username.trim());
  if (!account) {
    await verifyPassword(password, await dummyHash);
    return { ok: false, reason: 'auth.invalidCredentials' };
  }
  if (!(await verifyPassword(password, account.passwordHash))) return { ok: false, reason: 'auth.invalidCredentials' };
  if (!account.active) return { ok: false, reason: 'auth.inactive' };
  throttle.succeeded(username);
  return { ok: true, user: account.user, mustChangePassword: account.mustChangePassword };
}

/**
 * Checks a username and password. Used by login and by every signed action (recognize, split, adjust, validate,
 * recalculate), so a signature is throttled like a login: after a few failures for a name, each attempt waits a
 * growing delay (login-throttle.ts), whether the name exists or not.
 */
export function checkCredentials(db: Database, username: string, password: string, now: number): Promise<AccountCheck<SessionUser>> {
  return checkAccount(
    db,
    async (name) => {
      const user = await findUserForLogin(db, name);
      return (
        user && {
          passwordHash: user.passwordHash,
          active: user.active === 1,
          mustChangePassword: user.mustChangePassword === 1,
          user: { userID: user.userID, roleID: user.roleID as RoleId, firstName: user.firstName, lastName: user.lastName },
        }
      );
    },
    username,
    password,
    now,
  );
}

/** The 429 of a name that must wait. */
export const throttled = (seconds: number) => new AppError('locked', 'auth.throttled', { seconds });

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
    if (result.reason === 'auth.throttled') throw throttled(result.seconds);
    throw new AppError('unauthorized', result.reason);
  }
  const token = await openSession(db, result.user.userID, now, ip || null);
  logger.info({ userID: result.user.userID, ip, mustChangePassword: result.mustChangePassword }, 'Signed in');
  return { ...result.user, token, mustChangePassword: result.mustChangePassword };
}

export async function logout(db: Database, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/**
 * The hash of a user's new password once the current one checked out (`check`) and the new one differs from it;
 * else the 429 of a throttled name or the 400 on the field at fault. The edge's users and the portal's alike.
 */
export async function newOwnPasswordHash<U>(check: AccountCheck<U>, input: { currentPassword: string; newPassword: string }): Promise<string> {
  if (!check.ok && check.reason === 'auth.throttled') throw throttled(check.seconds);
  if (!check.ok) throw new AppError('validation', 'password.wrongCurrent', {}, { currentPassword: { key: 'password.wrongCurrent' } });
  if (input.newPassword === input.currentPassword) {
    throw new AppError('validation', 'password.sameAsCurrent', {}, { newPassword: { key: 'password.sameAsCurrent' } });
  }
  return hashPassword(input.newPassword);
}

/**
 * A user changes their own password, signed with the current one (checked and throttled like a sign-in). It clears
 * the mark of a password set for them and ends their other sessions; the session that changed it goes on.
 */
export async function changeOwnPassword(
  db: Database,
  session: { userID: string; token: string },
  input: { currentPassword: string; newPassword: string },
  now: number,
): Promise<void> {
  const passwordHash = await newOwnPasswordHash(await checkCredentials(db, session.userID, input.currentPassword, now), input);
  await db.transaction().execute(async (trx) => {
    await updateRow(trx, 'users', { userID: session.userID }, { passwordHash, mustChangePassword: 0, updatedBy: session.userID, updateDate: now }, { userID: session.userID, now, action: 'changePassword' });
    await deleteOtherSessionsOfUser(trx, session.userID, hashToken(session.token));
  });
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
    if (result.reason === 'auth.throttled') throw throttled(result.seconds);
    throw new AppError('invalidSignature', 'auth.invalidSignature');
  }
  if (!allowed.includes(result.user.roleID)) throw new AppError('forbidden', 'auth.signatureRole');
  return result.user;
}
