import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';
import { ownerOnly } from './file-modes';

/**
 * Secrets the edge must use in clear but must not keep in clear (issue 26): the Telegram bot token and the OPC
 * servers' passwords are stored sealed with AES-256-GCM, under a key kept outside the database file — `secret.key`
 * in the data directory, beside oee.db (created 0600 on first use), or OEE_SECRET_KEY (32 bytes in base64), which
 * overrides it. A copied oee.db or one of its backups then carries no usable secret; restoring one needs the key too.
 * A stored value without the prefix is a clear one from before: it is still read, and sealed at the next start.
 */

export const SECRET_KEY_FILE = 'secret.key';
export const SECRET_KEY_ENV = 'OEE_SECRET_KEY';
const SEALED_PREFIX = 'enc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key: OEE_SECRET_KEY when set (base64 of 32 bytes), else `<dataDir>/secret.key`, created 0600 when missing. */
export function loadSecretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const given = env[SECRET_KEY_ENV]?.trim();
  if (given) {
    const key = Buffer.from(given, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${SECRET_KEY_ENV} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
    return key;
  }
  const file = join(dataDir, SECRET_KEY_FILE);
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  ownerOnly(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte key in base64`);
  return key;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/** Seals and opens secrets with one key. */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The clear value; a value stored before sealing existed is returned as it is. Throws on a wrong key. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        `a stored secret cannot be opened with this key (${SECRET_KEY_FILE} or ${SECRET_KEY_ENV} is not the one it was sealed with)`,
      );
    }
  }
}

const boxes = new WeakMap<object, SecretBox>();

/** The box of a plant's database (bound by attachSecrets). */
export function secretBoxOf(db: Database): SecretBox {
  const box = boxes.get(db);
  if (!box) throw new Error('no secret key is bound to this database');
  return box;
}

/** A stored secret in clear (null stays null). */
export function openSecret(db: Database, stored: string | null): string | null {
  if (stored === null || stored === '') return stored;
  return isSealed(stored) ? secretBoxOf(db).open(stored) : stored;
}

/** A secret as it is stored (null stays null). */
export function sealSecret(db: Database, plain: string | null | undefined): string | null | undefined {
  if (plain === null || plain === undefined || plain === '') return plain;
  return secretBoxOf(db).seal(plain);
}

/**
 * Binds the key to the plant's database and seals the secrets still stored in clear (a database from before, or a
 * restored backup): run at every start, before the database is attached. Answers how many it sealed.
 */
export async function attachSecrets(db: Database, dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const box = new SecretBox(loadSecretKey(dataDir, env));
  boxes.set(db, box);
  const clear = (value: string | null): value is string => value !== null && value !== '' && !isSealed(value);
  let sealed = 0;
  await db.transaction().execute(async (trx) => {
    for (const row of await trx.selectFrom('parameters').select(['id', 'telegramBotToken', 'mqttPublishPassword']).execute()) {
      for (const column of ['telegramBotToken', 'mqttPublishPassword'] as const) {
        const value = row[column];
        if (!clear(value)) continue;
        await trx
          .updateTable('parameters')
          .set({ [column]: box.seal(value) })
          .where('id', '=', row.id)
          .execute();
        sealed++;
      }
    }
    for (const row of await trx.selectFrom('opc_servers').select(['opcServerID', 'password']).execute()) {
      if (!clear(row.password)) continue;
      await trx
        .updateTable('opc_servers')
        .set({ password: box.seal(row.password) })
        .where('opcServerID', '=', row.opcServerID)
        .execute();
      sealed++;
    }
  });
  return sealed;
}
