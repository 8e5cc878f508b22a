import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from './backup';
import { createKysely, openSqlite } from './db/database';
import { openPlantDatabase } from './db/installation';

describe('backup', () => {
  it('copies the live database consistently into backups/ and keeps the newest ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oee-backup-'));
    try {
      const file = join(dir, 'oee.db');
      const { db } = await openPlantDatabase(file);
      await db.insertInto('buildings').values({ buildingName: 'Planta Norte' }).execute();
      for (let i = 0; i < 4; i += 1) await backupDatabase(file, dir, 3, new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
      const backups = readdirSync(join(dir, 'backups')).sort();
      expect(backups).toEqual(['oee-20260101-000001.db', 'oee-20260101-000002.db', 'oee-20260101-000003.db']);
      const copy = createKysely(openSqlite({ file: join(dir, 'backups', backups[2]!), mustExist: true }));
      expect(await copy.selectFrom('buildings').select('buildingName').execute()).toEqual([{ buildingName: 'Planta Norte' }]);
      await copy.destroy();
      await db.destroy();
      expect(existsSync(file)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
