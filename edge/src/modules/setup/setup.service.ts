import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plant } from '../../plant';
import { AppError } from '../../http/errors';
import { translate, type Language } from '../../http/messages';
import { DATA_PROVIDERS, databasePath, openPlantDatabase, storedDatabasePath, writeInstallation } from '../../db/installation';
import { DEMO_PASSWORD, seedDemoPlant } from '../../demo/demo-plant';
import { isEmptyPlant } from '../../demo/demo.repository';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import type { Database } from '../../db/database';
import { updateRow } from '../../db/writes';
import { deleteSessionsOfUser } from '../auth';
import { countUsers, findAdministratorAccount, insertAdministrator } from './setup.repository';
import { attachSecrets } from '../../db/secrets';

export const ADMIN_USER_ID = 'admin';

/** Before setup, what the wizard offers; after it, only that it is done (never where the database is). */
export function setupInformation(plant: Plant) {
  if (plant.db !== null) return { setupPending: false };
  return {
    setupPending: true,
    dataProviders: [...DATA_PROVIDERS],
    defaultConnectionString: databasePath(plant.settings.dataDir, null),
  };
}

export interface ConfigureResult {
  valid: boolean;
  error: string | null;
  created: boolean;
  password: string | null;
}

/** `demo: true` fills the new, empty database with the demo plant (its users' password is DEMO_PASSWORD). */
export interface ConfigureInput {
  databaseSelected: string;
  connectionString?: string | null;
  demo?: boolean;
  /** The demo plant's shifts by their starts (`oee-edge demo --shifts`; the command line only). */
  demoShifts?: readonly string[] | undefined;
}

let running: Promise<ConfigureResult> | null = null;

/**
 * The first-run setup: opens (or creates) the database the connection string names, brings it up to date, creates
 * the administrator `admin` with a temporary password returned once, and remembers the choice. A connection string
 * that cannot be used answers valid:false with the reason and leaves nothing behind. Runs one at a time.
 */
export async function configure(plant: Plant, input: ConfigureInput, language: Language): Promise<ConfigureResult> {
  if (plant.db) throw new AppError('conflict', 'setup.alreadyDone');
  if (running) await running.catch(() => undefined);
  if (plant.db) throw new AppError('conflict', 'setup.alreadyDone');
  running = configureOnce(plant, input, language);
  try {
    return await running;
  } finally {
    running = null;
  }
}

async function configureOnce(plant: Plant, input: ConfigureInput, language: Language): Promise<ConfigureResult> {
  const failed = (detail: string): ConfigureResult => ({
    valid: false,
    error: `${translate('setup.connectFailed', language)} ${detail}`.trim(),
    created: false,
    password: null,
  });
  if (!DATA_PROVIDERS.some((p) => p.value === input.databaseSelected.toLowerCase())) {
    return {
      valid: false,
      error: translate('setup.unknownProvider', language, { provider: input.databaseSelected }),
      created: false,
      password: null,
    };
  }
  const dataDir = plant.settings.dataDir;
  const path = databasePath(dataDir, input.connectionString);
  const folder = dirname(path);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return failed(`(${folder}: no such directory)`);
  const existed = existsSync(path);

  let opened;
  try {
    opened = await openPlantDatabase(path);
  } catch (error) {
    if (!existed) for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    return failed(`(${(error as Error).message})`);
  }
  const { db } = opened;
  const now = plant.now();
  let password: string | null = null;
  if (input.demo) {
    if (!(await isEmptyPlant(db))) {
      await db.destroy();
      return { valid: false, error: translate('setup.demoNeedsEmpty', language), created: false, password: null };
    }
    await seedDemoPlant(db, { nowMs: now, timeZone: plant.timeZone }, { shifts: input.demoShifts });
    password = DEMO_PASSWORD;
  } else if ((await countUsers(db)) === 0) {
    password = generateTemporaryPassword();
    await insertAdministrator(db, { userID: ADMIN_USER_ID, passwordHash: await hashPassword(password), now });
  }
  writeInstallation(dataDir, { provider: 'sqlite', connectionString: storedDatabasePath(dataDir, path) });
  await attachSecrets(db, dataDir);
  plant.attachDatabase(db);
  plant.logger.info({ path, created: password !== null }, 'First-run setup done');
  return { valid: true, error: null, created: password !== null, password };
}

/**
 * `oee-edge reset-admin`: recovers a plant whose administrator password is lost. The account `admin` gets a new
 * temporary password (returned once, to be printed) that must be changed at the next sign-in; it is made an active
 * administrator again (created if it was deleted), and its open sessions end.
 */
export async function resetAdministrator(db: Database, now: number): Promise<string> {
  const password = generateTemporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    // A write first: it takes SQLite's write lock, waiting (busy timeout) while the running service writes. Reading
    // first would make this a read transaction that fails at once with SQLITE_BUSY when it then writes after the
    // service's commit.
    await deleteSessionsOfUser(trx, ADMIN_USER_ID);
    const existing = await findAdministratorAccount(trx, ADMIN_USER_ID);
    if (!existing) return insertAdministrator(trx, { userID: ADMIN_USER_ID, passwordHash, now });
    const values = {
      passwordHash,
      mustChangePassword: 1,
      roleID: 1,
      active: 1,
      failedLogins: 0,
      lockedUntil: null,
      updatedBy: 'reset-admin',
      updateDate: now,
    } as const;
    await updateRow(trx, 'users', { userID: existing.userID }, values, { userID: null, now, action: 'resetAdmin' });
  });
  return password;
}
