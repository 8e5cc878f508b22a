import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { RoleId } from '../../domain/roles';
import { AppError, fieldError } from '../../http/errors';
import { hashToken, openSession, type SessionUser } from '../../http/session';
import { updateRow } from '../../db/writes';
import type { MessageKey } from '../../http/messages';
import { findParameters } from '../parameters';
import { ADMIN_USER_ID } from '../setup/setup.service';
import { deleteOtherSessionsOfUser, deleteSession, findUserForDirectoryLogin, findUserForLogin } from './auth.repository';
import { checkDirectoryAccount } from './directory-client';
import { accountNameOf, directorySettingsOf, type DirectorySettings } from './directory-names';
import { SESSION_SOURCE, throttleOf, type AttemptSource, type LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

// Verifying against a real hash for unknown users keeps their answer as slow as a known user's. Made at the first
// unknown name, at the cost the composition root set (not at import, before it is set).
let dummyHash: Promise<string> | undefined;

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

export type CredentialCheck<U = SessionUser> =
  | AccountCheck<U>
  | { ok: false; reason: 'auth.notRegistered' }
  | { ok: false; reason: 'auth.notInGroup' | 'auth.directoryUnavailable'; detail: string };

/**
 * Where a sign-in finds its accounts (the plant's SQLite, the central portal's schema): the row of a name as typed,
 * the row of a directory account (case aside), and the clearing of the mark of a temporary local password.
 */
export interface AccountStore<U> {
  /** Owner of the per-name throttle: one throttle per database. */
  owner: object;
  findLocal(username: string): Promise<StoredAccount<U> | undefined>;
  findDirectory(account: string): Promise<StoredAccount<U> | undefined>;
  /** A directory user signed in: their password is the directory's, so a temporary local one set for them is moot. */
  clearPasswordMark(user: U): Promise<void>;
}

const throttledCheck = (waitMs: number) => ({ ok: false, reason: 'auth.throttled', seconds: Math.ceil(waitMs / 1000) }) as const;

/**
 * The one check of a locally stored password (the edge's users, the central portal's): throttled per name
 * (login-throttle.ts, one throttle per `throttleOwner`) whether the name exists or not, as slow for an unknown name as
 * for a known one. The attempts for one name are checked in turn, so parallel right passwords all get in.
 */
function checkAccount<U>(
  throttleOwner: object,
  findAccount: (username: string) => Promise<StoredAccount<U> | undefined>,
  username: string,
  password: string,
  now: number,
  source: AttemptSource,
): Promise<AccountCheck<U>> {
  const throttle = throttleOf(throttleOwner);
  const priority = source.known ? 'known' : 'anonymous';
  return throttle.inTurn(username, source, async () => {
    const account = await findAccount(username.trim());
    const waitMs = throttle.begin(username, source, now, account ? passwordMarkOf(account.passwordHash) : null);
    if (waitMs !== null) return throttledCheck(waitMs);
    if (!account) {
      await verifyPassword(password, await (dummyHash ??= hashPassword('not-a-user')), priority);
      return { ok: false, reason: 'auth.invalidCredentials' };
    }
    if (!(await verifyPassword(password, account.passwordHash, priority))) return { ok: false, reason: 'auth.invalidCredentials' };
    if (!account.active) return { ok: false, reason: 'auth.inactive' };
    throttle.succeeded(username, source);
    return { ok: true, user: account.user, mustChangePassword: account.mustChangePassword };
  });
}

/** A short mark of a stored password (the end of its hash): enough to see that it was set again, nothing to guess from. */
const passwordMarkOf = (passwordHash: string) => passwordHash.slice(-8);

/** True when the directory, not a local password, checks this user (everyone but the first administrator). */
export function directoryChecks(directory: DirectorySettings | null, userID: string): boolean {
  return directory !== null && userID.toLowerCase() !== ADMIN_USER_ID;
}

/**
 * The one sign-in check of the edge and the central portal: a username and password against the local accounts or,
 * with a directory configured (`directory`), against the directory for everyone but the first administrator, who
 * keeps a local password so nobody is locked out while the directory is down. Failures are throttled per name
 * (login-throttle.ts), after a few of them each attempt waits a growing delay, whether the name exists or not.
 */
export async function checkSignIn<U>(
  accounts: AccountStore<U>,
  directory: DirectorySettings | null,
  username: string,
  password: string,
  now: number,
  source: AttemptSource,
): Promise<CredentialCheck<U>> {
  if (directory) {
    const account = accountNameOf(username, directory.domain);
    if (account === null || directoryChecks(directory, account)) {
      // Throttled on the account, whichever form (user, user@domain, DOMAIN\user) is typed.
      const throttle = throttleOf(accounts.owner);
      const throttleName = account?.toLowerCase() ?? username;
      return throttle.inTurn(throttleName, source, () =>
        checkDirectoryCredentials(accounts, throttle, directory, throttleName, account, password, now, source),
      );
    }
    username = ADMIN_USER_ID;
  }
  return checkAccount(accounts.owner, accounts.findLocal, username, password, now, source);
}

/**
 * Where a check comes from: the caller's own session when the name is the session's user (a signature, a change of
 * one's own password), else the source address (a sign-in; a supervisor signing on an operator's terminal).
 */
export function attemptSourceOf(owner: object, ip: string, sessionUserID: string | null, username: string): AttemptSource {
  if (sessionUserID !== null && sessionUserID.toLowerCase() === username.trim().toLowerCase()) return SESSION_SOURCE;
  return throttleOf(owner).sourceOf(ip);
}

type LoginRow = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>;

const sessionUserOf = (user: LoginRow): SessionUser => ({
  userID: user.userID,
  roleID: user.roleID as RoleId,
  firstName: user.firstName,
  lastName: user.lastName,
});
const storedAccountOf = (user: LoginRow | undefined): StoredAccount<SessionUser> | undefined =>
  user && {
    passwordHash: user.passwordHash,
    active: user.active === 1,
    mustChangePassword: user.mustChangePassword === 1,
    user: sessionUserOf(user),
  };

/** The plant's users (SQLite) as a sign-in finds them. */
function plantAccounts(db: Database, now: number): AccountStore<SessionUser> {
  return {
    owner: db,
    findLocal: async (name) => storedAccountOf(await findUserForLogin(db, name)),
    findDirectory: async (account) => storedAccountOf(await findUserForDirectoryLogin(db, account)),
    clearPasswordMark: async (user) => {
      await db
        .transaction()
        .execute((trx) =>
          updateRow(
            trx,
            'users',
            { userID: user.userID },
            { mustChangePassword: 0, updatedBy: user.userID, updateDate: now },
            { userID: user.userID, now, action: 'directorySignIn' },
          ),
        );
    },
  };
}

/** The plant's directory, when domain validation is on in its General parameters. */
async function plantDirectory(db: Database): Promise<DirectorySettings | null> {
  const parameters = await findParameters(db);
  return parameters ? directorySettingsOf(parameters) : null;
}

/**
 * Checks a username and password. Used by login and by every signed action (recognize, split, adjust, validate,
 * recalculate), so a signature is throttled like a login (checkSignIn). With domain validation on, the directory
 * checks the password of everyone but the first administrator.
 */
export async function checkCredentials(
  db: Database,
  username: string,
  password: string,
  now: number,
  source: AttemptSource,
): Promise<CredentialCheck> {
  return checkSignIn(plantAccounts(db, now), await plantDirectory(db), username, password, now, source);
}

/**
 * A directory sign-in (issue 17): the directory checks the password (and the group, when required); the local row
 * still decides the role and whether the account is active. The directory is asked whether or not a local row
 * exists, so a wrong password and an unknown name answer alike; only someone who gave the right directory password
 * learns that the row is missing.
 */
async function checkDirectoryCredentials<U>(
  accounts: AccountStore<U>,
  throttle: LoginThrottle,
  directory: DirectorySettings,
  throttleName: string,
  account: string | null,
  password: string,
  now: number,
  source: AttemptSource,
): Promise<CredentialCheck<U>> {
  const waitMs = throttle.begin(throttleName, source, now);
  if (waitMs !== null) return throttledCheck(waitMs);
  if (!account) return { ok: false, reason: 'auth.invalidCredentials' };
  const answer = await checkDirectoryAccount(directory, account, password);
  if (answer.outcome === 'invalidCredentials') return { ok: false, reason: 'auth.invalidCredentials' };
  if (answer.outcome === 'unavailable') return { ok: false, reason: 'auth.directoryUnavailable', detail: answer.detail };
  const user = await accounts.findDirectory(account);
  if (!user) return { ok: false, reason: 'auth.notRegistered' };
  if (!user.active) return { ok: false, reason: 'auth.inactive' };
  if (answer.outcome === 'notInGroup') return { ok: false, reason: 'auth.notInGroup', detail: answer.detail };
  throttle.succeeded(throttleName, source);
  if (user.mustChangePassword) await accounts.clearPasswordMark(user.user);
  return { ok: true, user: user.user, mustChangePassword: false };
}

type FailedCheck = Exclude<CredentialCheck<unknown>, { ok: true }>;

/** The refusal of a failed check, for the API (a refused login or signature that was not throttled). */
function refusalOf(result: FailedCheck, otherwise: () => AppError): AppError {
  if (result.reason === 'auth.throttled') return throttled(result.seconds);
  if (result.reason === 'auth.directoryUnavailable') return new AppError('directoryUnavailable', 'auth.directoryUnavailable');
  return otherwise();
}

/** The 429 of a name that must wait. */
export const throttled = (seconds: number) => new AppError('locked', 'auth.throttled', { seconds });

/** Longest user name written to the log (names have at most 40 characters; anything longer is not a name). */
const LOGGED_NAME_LENGTH = 40;

/**
 * A refused sign-in (the edge's or the portal's), logged with who, from where and why — never the password — so an
 * administrator sees when someone is guessing passwords; the API's error for it.
 */
export function refusedSignIn(result: FailedCheck, userid: string, ip: string, logger: Logger, message: string): AppError {
  const detail = 'detail' in result ? { detail: result.detail } : {};
  logger.warn({ userID: userid.trim().slice(0, LOGGED_NAME_LENGTH), ip, reason: result.reason, ...detail }, message);
  return refusalOf(result, () => new AppError('unauthorized', result.reason as MessageKey));
}

/** A user whose password the directory checks changes it there, never here. */
export function refuseDirectoryPasswordChange(directory: DirectorySettings | null, userID: string): void {
  if (directoryChecks(directory, userID)) throw new AppError('conflict', 'password.directoryManaged');
}

/**
 * A login: a session for the right username and password. Every attempt is logged (who, from where, and why a
 * refusal), so an administrator sees in the log viewer who signs in and when someone is guessing passwords.
 */
export async function login(db: Database, input: { userid: string; password: string }, now: number, ip: string, logger: Logger) {
  const result = await checkCredentials(db, input.userid, input.password, now, attemptSourceOf(db, ip, null, input.userid));
  if (!result.ok) throw refusedSignIn(result, input.userid, ip, logger, 'Sign-in refused');
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
export async function newOwnPasswordHash(
  check: { ok: true } | { ok: false; reason: string; seconds?: number },
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  if (!check.ok && check.reason === 'auth.throttled') throw throttled(check.seconds ?? 1);
  if (!check.ok) throw fieldError('validation', 'password.wrongCurrent', 'currentPassword');
  if (input.newPassword === input.currentPassword) {
    throw fieldError('validation', 'password.sameAsCurrent', 'newPassword');
  }
  return hashPassword(input.newPassword);
}

/**
 * A user changes their own password, signed with the current one (checked and throttled like a sign-in). It clears
 * the mark of a password set for them and ends their other sessions; the session that changed it goes on. A user
 * whose password the directory checks changes it there.
 */
export async function changeOwnPassword(
  db: Database,
  session: { userID: string; token: string },
  input: { currentPassword: string; newPassword: string },
  now: number,
): Promise<void> {
  refuseDirectoryPasswordChange(await plantDirectory(db), session.userID);
  const passwordHash = await newOwnPasswordHash(
    await checkCredentials(db, session.userID, input.currentPassword, now, SESSION_SOURCE),
    input,
  );
  await db.transaction().execute(async (trx) => {
    await updateRow(
      trx,
      'users',
      { userID: session.userID },
      { passwordHash, mustChangePassword: 0, updatedBy: session.userID, updateDate: now },
      { userID: session.userID, now, action: 'changePassword' },
    );
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
  caller: { userID: string; ip: string },
): Promise<SessionUser> {
  const result = await checkCredentials(
    db,
    signature.username,
    signature.password,
    now,
    attemptSourceOf(db, caller.ip, caller.userID, signature.username),
  );
  if (!result.ok) throw refusalOf(result, () => new AppError('invalidSignature', 'auth.invalidSignature'));
  // A temporary password (set by someone else, printed by reset-admin) signs nothing until its owner changes it.
  if (result.mustChangePassword) throw new AppError('invalidSignature', 'auth.signatureTemporary');
  if (!allowed.includes(result.user.roleID)) throw new AppError('forbidden', 'auth.signatureRole');
  return result.user;
}
