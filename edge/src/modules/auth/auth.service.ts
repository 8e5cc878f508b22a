import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { RoleId } from '../../domain/roles';
import { AppError } from '../../http/errors';
import { hashToken, openSession, type SessionUser } from '../../http/session';
import { updateRow } from '../../db/writes';
import type { MessageKey } from '../../http/messages';
import { findParameters } from '../parameters/parameters.repository';
import { ADMIN_USER_ID } from '../setup/setup.service';
import { deleteOtherSessionsOfUser, deleteSession, findUserForDirectoryLogin, findUserForLogin } from './auth.repository';
import { checkDirectoryAccount } from './directory-client';
import { accountNameOf, directorySettingsOf, type DirectorySettings } from './directory-names';
import { throttleOf, type LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

// Verifying against a real hash for unknown users keeps their answer as slow as a known user's.
const dummyHash = hashPassword('not-a-user');

type CredentialCheck =
  | { ok: true; user: SessionUser; mustChangePassword: boolean }
  | { ok: false; reason: 'auth.invalidCredentials' | 'auth.inactive' | 'auth.notRegistered' }
  | { ok: false; reason: 'auth.notInGroup' | 'auth.directoryUnavailable'; detail: string }
  | { ok: false; reason: 'auth.throttled'; seconds: number };

type LoginRow = NonNullable<Awaited<ReturnType<typeof findUserForLogin>>>;

function signedIn(user: LoginRow): CredentialCheck {
  return {
    ok: true,
    user: { userID: user.userID, roleID: user.roleID as RoleId, firstName: user.firstName, lastName: user.lastName },
    mustChangePassword: user.mustChangePassword === 1,
  };
}

/**
 * Checks a username and password. Used by login and by every signed action (recognize, split, adjust, validate,
 * recalculate), so a signature is throttled like a login: after a few failures for a name, each attempt waits a
 * growing delay (login-throttle.ts), whether the name exists or not. With domain validation on, the directory checks
 * the password of everyone but the first administrator (checkDirectoryCredentials).
 */
export async function checkCredentials(db: Database, username: string, password: string, now: number): Promise<CredentialCheck> {
  const throttle = throttleOf(db);
  const parameters = await findParameters(db);
  const directory = parameters ? directorySettingsOf(parameters) : null;
  if (directory) {
    const account = accountNameOf(username, directory.domain);
    // The first administrator keeps a local password, so a plant is never locked out while its directory is down.
    if (account?.toLowerCase() !== ADMIN_USER_ID) {
      // Throttled on the account, whichever form (user, user@domain, DOMAIN\user) is typed.
      const throttleName = account?.toLowerCase() ?? username;
      return throttle.inTurn(throttleName, () => checkDirectoryCredentials(db, throttle, directory, throttleName, account, password, now));
    }
    username = ADMIN_USER_ID;
  }
  return throttle.inTurn(username, () => checkInTurn(db, throttle, username, password, now));
}

async function checkInTurn(db: Database, throttle: LoginThrottle, username: string, password: string, now: number): Promise<CredentialCheck> {
  const waitMs = throttle.begin(username, now);
  if (waitMs !== null) return { ok: false, reason: 'auth.throttled', seconds: Math.ceil(waitMs / 1000) };
  const user = await findUserForLogin(db, username.trim());
  if (!user) {
    await verifyPassword(password, await dummyHash);
    return { ok: false, reason: 'auth.invalidCredentials' };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: 'auth.invalidCredentials' };
  if (!user.active) return { ok: false, reason: 'auth.inactive' };
  throttle.succeeded(username);
  return signedIn(user);
}

/**
 * A directory sign-in (issue 17): the directory checks the password (and the group, when required); the local row
 * still decides the role and whether the account is active. The directory is asked whether or not a local row
 * exists, so a wrong password and an unknown name answer alike; only someone who gave the right directory password
 * learns that the row is missing.
 */
async function checkDirectoryCredentials(
  db: Database,
  throttle: LoginThrottle,
  directory: DirectorySettings,
  throttleName: string,
  account: string | null,
  password: string,
  now: number,
): Promise<CredentialCheck> {
  const waitMs = throttle.begin(throttleName, now);
  if (waitMs !== null) return { ok: false, reason: 'auth.throttled', seconds: Math.ceil(waitMs / 1000) };
  if (!account) return { ok: false, reason: 'auth.invalidCredentials' };
  const answer = await checkDirectoryAccount(directory, account, password);
  if (answer.outcome === 'invalidCredentials') return { ok: false, reason: 'auth.invalidCredentials' };
  if (answer.outcome === 'unavailable') return { ok: false, reason: 'auth.directoryUnavailable', detail: answer.detail };
  const user = await findUserForDirectoryLogin(db, account);
  if (!user) return { ok: false, reason: 'auth.notRegistered' };
  if (!user.active) return { ok: false, reason: 'auth.inactive' };
  if (answer.outcome === 'notInGroup') return { ok: false, reason: 'auth.notInGroup', detail: answer.detail };
  throttle.succeeded(throttleName);
  return signedIn(user);
}

/** The refusal of a failed check, for the API (a refused login or signature that was not throttled). */
function refusalOf(result: Exclude<CredentialCheck, { ok: true }>, otherwise: () => AppError): AppError {
  if (result.reason === 'auth.throttled') return throttled(result.seconds);
  if (result.reason === 'auth.directoryUnavailable') return new AppError('directoryUnavailable', 'auth.directoryUnavailable');
  return otherwise();
}

const throttled = (seconds: number) => new AppError('locked', 'auth.throttled', { seconds });

/** Longest user name written to the log (names have at most 40 characters; anything longer is not a name). */
const LOGGED_NAME_LENGTH = 40;

/**
 * A login: a session for the right username and password. Every attempt is logged (who, from where, and why a
 * refusal), so an administrator sees in the log viewer who signs in and when someone is guessing passwords.
 */
export async function login(db: Database, input: { userid: string; password: string }, now: number, ip: string, logger: Logger) {
  const result = await checkCredentials(db, input.userid, input.password, now);
  if (!result.ok) {
    const detail = 'detail' in result ? { detail: result.detail } : {};
    logger.warn({ userID: input.userid.trim().slice(0, LOGGED_NAME_LENGTH), ip, reason: result.reason, ...detail }, 'Sign-in refused');
    throw refusalOf(result, () => new AppError('unauthorized', result.reason as MessageKey));
  }
  const token = await openSession(db, result.user.userID, now, ip || null);
  logger.info({ userID: result.user.userID, ip, mustChangePassword: result.mustChangePassword }, 'Signed in');
  return { ...result.user, token, mustChangePassword: result.mustChangePassword };
}

export async function logout(db: Database, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
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
  const parameters = await findParameters(db);
  if (parameters && directorySettingsOf(parameters) && session.userID !== ADMIN_USER_ID) throw new AppError('conflict', 'password.directoryManaged');
  const check = await checkCredentials(db, session.userID, input.currentPassword, now);
  if (!check.ok && check.reason === 'auth.throttled') throw throttled(check.seconds);
  if (!check.ok) throw new AppError('validation', 'password.wrongCurrent', {}, { currentPassword: { key: 'password.wrongCurrent' } });
  if (input.newPassword === input.currentPassword) {
    throw new AppError('validation', 'password.sameAsCurrent', {}, { newPassword: { key: 'password.sameAsCurrent' } });
  }
  const passwordHash = await hashPassword(input.newPassword);
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
  if (!result.ok) throw refusalOf(result, () => new AppError('invalidSignature', 'auth.invalidSignature'));
  if (!allowed.includes(result.user.roleID)) throw new AppError('forbidden', 'auth.signatureRole');
  return result.user;
}
