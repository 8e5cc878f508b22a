import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createKysely, migrationState, openSqlite } from './database';
import { openPlantDatabase } from './installation';
import { migrations } from './migrations/index';

const names = Object.keys(migrations).sort();
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database as an earlier version left it: every migration but the last, and a building. */
async function databaseOfThePreviousVersion(file: string): Promise<void> {
  const db = createKysely(openSqlite({ file }));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(names.at(-2)!);
  if (error) throw error;
  await db.insertInto('buildings').values({ buildingName: 'Planta Norte' }).execute();
  await db.destroy();
}

describe('opening the plant database on an upgrade', () => {
  it('backs the database up into backups/ before migrating it, and the backup is the previous version', async () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-upgrade-'));
    const file = join(dir, 'oee.db');
    await databaseOfThePreviousVersion(file);

    const { db, applied, backup } = await openPlantDatabase(file, { mustExist: true, backupBeforeUpgrade: dir });
    expect(applied).toEqual([names.at(-1)]);
    expect(backup).toMatch(new RegExp(`^${join(dir, 'backups')}/oee-\\d{8}-\\d{6}\\.db$`));
    await db.destroy();

    const copy = createKysely(openSqlite({ file: backup!, mustExist: true }));
    expect(await migrationState(copy)).toEqual({ applied: names.slice(0, -1), pending: names.slice(-1) });
    expect(await copy.selectFrom('buildings').select('buildingName').execute()).toEqual([{ buildingName: 'Planta Norte' }]);
    await copy.destroy();
  });

  it('takes no backup when the schema is current, nor for a new database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-upgrade-'));
    const file = join(dir, 'oee.db');
    const created = await openPlantDatabase(file, { backupBeforeUpgrade: dir });
    expect(created.applied).toEqual(names);
    expect(created.backup).toBeUndefined();
    await created.db.destroy();

    const reopened = await openPlantDatabase(file, { mustExist: true, backupBeforeUpgrade: dir });
    expect(reopened.applied).toEqual([]);
    expect(reopened.backup).toBeUndefined();
    await reopened.db.destroy();
    expect(existsSync(join(dir, 'backups')) ? readdirSync(join(dir, 'backups')) : []).toEqual([]);
  });
});
