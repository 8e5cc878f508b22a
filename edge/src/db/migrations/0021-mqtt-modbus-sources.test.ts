import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKysely, migrateToLatest, openSqlite, type Database } from '../database';
import { migrations } from './index';

let db: Database;
beforeEach(() => {
  db = createKysely(openSqlite({ file: ':memory:' }));
});
afterEach(async () => {
  await db.destroy();
});

const version = async () => (await db.selectFrom('acquisition_config_version').select('version').executeTakeFirstOrThrow()).version;

describe('migration 0021-mqtt-modbus-sources', () => {
  it('keeps every server and tag, accepts the MQTT and Modbus types, and still guards the tags reference and the configuration version', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0018-directory-sign-in')).error).toBeUndefined();
    await sql`INSERT INTO opc_servers (opcServerID, name, hostName, serverType, securityMode, securityPolicy, userName, password) VALUES (3, 'UA', 'opc.tcp://plc:4840', 'UA', 'Sign', 'Basic256Sha256', 'u', 'p')`.execute(
      db,
    );
    await sql`INSERT INTO opc_tags (tagID, tagName, tagType, opcServerID, tagValue) VALUES (7, 'Line1.Running', 'Boolean', 3, 'ns=1;s=Running')`.execute(
      db,
    );
    await migrateToLatest(db);

    expect(await db.selectFrom('opc_servers').selectAll().execute()).toEqual([
      expect.objectContaining({
        opcServerID: 3,
        serverType: 'UA',
        securityMode: 'Sign',
        userName: 'u',
        password: 'p',
        unitId: null,
        pollingMs: null,
        clientId: null,
        caCertificate: null,
      }),
    ]);
    expect(await db.selectFrom('opc_tags').selectAll().execute()).toEqual([
      { tagID: 7, tagName: 'Line1.Running', tagType: 'Boolean', opcServerID: 3, tagValue: 'ns=1;s=Running' },
    ]);

    const before = await version();
    await db
      .insertInto('opc_servers')
      .values({ name: 'PLC', hostName: '10.0.0.5:502', serverType: 'Modbus', unitId: 1, pollingMs: 500 })
      .execute();
    await db.insertInto('opc_servers').values({ name: 'Broker', hostName: 'mqtt://broker:1883', serverType: 'MQTT' }).execute();
    await db
      .insertInto('opc_tags')
      .values({ tagName: 'Line2.Units', tagType: 'UInt32', opcServerID: 4, tagValue: 'hr:1:uint32' })
      .execute();
    await db.updateTable('opc_tags').set({ tagValue: 'hr:3:uint32' }).where('tagID', '=', 8).execute();
    await db.deleteFrom('opc_tags').where('tagID', '=', 8).execute();
    expect(await version()).toBe(before + 5);

    await expect(sql`INSERT INTO opc_servers (name, hostName, serverType) VALUES ('X', 'x', 'Profinet')`.execute(db)).rejects.toThrow(
      /CHECK/,
    );
    await expect(
      sql`INSERT INTO opc_tags (tagName, tagType, opcServerID, tagValue) VALUES ('Orphan', 'Boolean', 99, 'coil:1')`.execute(db),
    ).rejects.toThrow(/FOREIGN KEY/);
    await expect(sql`DELETE FROM opc_servers WHERE opcServerID = 3`.execute(db)).rejects.toThrow(/FOREIGN KEY/);
    expect(
      (await db.selectFrom('parameters').select(['mqttPublishEnabled', 'mqttPublishUrl']).execute()).every(
        (row) => row.mqttPublishEnabled === 0 && row.mqttPublishUrl === null,
      ),
    ).toBe(true);
  });
});
