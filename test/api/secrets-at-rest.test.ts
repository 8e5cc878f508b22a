import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachSecrets, loadSecretKey, SECRET_KEY_ENV, SECRET_KEY_FILE, SecretBox } from '../../edge/src/db/secrets';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * The Telegram bot token, the OPC servers' passwords and the publishing broker's password at rest (issue 26, point 9): the database file, its WAL and
 * its backups never hold them in clear; the key is a file beside oee.db (0600), or OEE_SECRET_KEY; values stored in
 * clear by an earlier version are sealed at the next start; the API keeps them write-only and the edge still uses them.
 */

const BOT_TOKEN = '123456:SECRET-bot-token-at-rest';
const OPC_PASSWORD = 'opc-password-at-rest';
const MQTT_PUBLISH_PASSWORD = 'mqtt-publish-password-at-rest';

let t: TestEdge;

beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(async () => {
  await t?.close();
});

/** Every byte of the database's files (the main file and its write-ahead log) as text. */
function databaseBytes(): string {
  const file = join(t.dataDir, 'oee.db');
  const read = (path: string) => {
    try {
      return readFileSync(path).toString('latin1');
    } catch {
      return '';
    }
  };
  return read(file) + read(`${file}-wal`);
}

describe('secrets at rest', () => {
  it('the bot token and an OPC password written through the API are nowhere in the database files, and the edge reads them back', async () => {
    expect(
      (
        await t.call('PUT', '/api/parameters', {
          token: t.adminToken,
          json: { telegramBotToken: BOT_TOKEN, mqttPublishPassword: MQTT_PUBLISH_PASSWORD },
        })
      ).status,
    ).toBe(200);
    const server = await t.call('POST', '/api/opcservers', {
      token: t.adminToken,
      json: {
        values: {
          name: 'PLC',
          hostName: 'opc.tcp://127.0.0.1:1',
          serverType: 'UA',
          enabled: false,
          userName: 'edge',
          password: OPC_PASSWORD,
        },
      },
    });
    expect(server.status, server.text).toBe(200);
    expect(server.text).not.toContain(OPC_PASSWORD);
    await sql`PRAGMA wal_checkpoint(FULL)`.execute(t.edge.plant.db!);
    const bytes = databaseBytes();
    expect(bytes).not.toContain(BOT_TOKEN);
    expect(bytes).not.toContain('SECRET-bot-token');
    expect(bytes).not.toContain(OPC_PASSWORD);
    expect(bytes).not.toContain(MQTT_PUBLISH_PASSWORD);

    const key = join(t.dataDir, SECRET_KEY_FILE);
    expect(statSync(key).mode & 0o777).toBe(0o600);
    const box = new SecretBox(loadSecretKey(t.dataDir, {}));
    const row = await t.edge.plant
      .db!.selectFrom('parameters')
      .select(['telegramBotToken', 'mqttPublishPassword'])
      .executeTakeFirstOrThrow();
    expect(box.open(row.telegramBotToken!)).toBe(BOT_TOKEN);
    expect(box.open(row.mqttPublishPassword!)).toBe(MQTT_PUBLISH_PASSWORD);
    const stored = await t.edge.plant
      .db!.selectFrom('opc_servers')
      .select('password')
      .where('opcServerID', '=', server.body.opcServerID)
      .executeTakeFirstOrThrow();
    expect(box.open(stored.password!)).toBe(OPC_PASSWORD);
    // Another key opens nothing: a copied oee.db without its key file carries no usable secret.
    expect(() => new SecretBox(Buffer.alloc(32, 7)).open(stored.password!)).toThrow(/cannot be opened/);
  });

  it('values stored in clear before (an earlier version, a restored backup) are sealed at the next start', async () => {
    await t.edge.plant
      .db!.updateTable('parameters')
      .set({ telegramBotToken: BOT_TOKEN, mqttPublishPassword: MQTT_PUBLISH_PASSWORD })
      .execute();
    await t.edge.plant.db!.updateTable('opc_servers').set({ password: OPC_PASSWORD }).execute();
    const adminPassword = t.adminPassword!;
    const dataDir = t.dataDir;
    await t.close({ keepData: true });
    t = await startTestEdge({ again: { dataDir, adminPassword } });
    await sql`PRAGMA wal_checkpoint(FULL)`.execute(t.edge.plant.db!);
    const bytes = databaseBytes();
    expect(bytes).not.toContain(BOT_TOKEN);
    expect(bytes).not.toContain(OPC_PASSWORD);
    expect(bytes).not.toContain(MQTT_PUBLISH_PASSWORD);
    const box = new SecretBox(loadSecretKey(dataDir, {}));
    const row = await t.edge.plant.db!.selectFrom('parameters').select('telegramBotToken').executeTakeFirstOrThrow();
    expect(box.open(row.telegramBotToken!)).toBe(BOT_TOKEN);
    expect((await t.call('GET', '/api/parameters', { token: t.adminToken })).body.telegramBotTokenSet).toBe(true);
  });

  it(`${SECRET_KEY_ENV} overrides the key file; a key of the wrong size stops the start with a clear error`, async () => {
    const key = Buffer.alloc(32, 9);
    expect(loadSecretKey(t.dataDir, { [SECRET_KEY_ENV]: key.toString('base64') })).toEqual(key);
    expect(() => loadSecretKey(t.dataDir, { [SECRET_KEY_ENV]: 'c2hvcnQ=' })).toThrow(/must be 32 bytes/);
    // Sealing again under an attached key seals nothing already sealed.
    expect(await attachSecrets(t.edge.plant.db!, t.dataDir, {})).toBe(0);
  });
});
