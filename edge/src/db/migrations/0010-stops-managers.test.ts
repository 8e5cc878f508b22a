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

describe('migration 0010-stops-managers', () => {
  it('marks as manual the stops entered by hand before it (their audit row says manualInsert), and no other', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0007-maintenance-manager-switch')).error).toBeUndefined();
    await sql`INSERT INTO sectors (sectorID, sectorName) VALUES (1, 'S')`.execute(db);
    await sql`INSERT INTO lines (lineID, sectorID, description) VALUES (1, 1, 'L1')`.execute(db);
    await sql`INSERT INTO stops (stopID, lineID, startDate, endDate) VALUES (1, 1, 1000, 2000), (2, 1, 3000, 4000)`.execute(db);
    await sql`INSERT INTO audit_log (entity, entityKey, action, userID, at) VALUES ('stops', '{"stopID":1}', 'manualInsert', 'sup', 1), ('stops', '{"stopID":2}', 'open', NULL, 3000)`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await db.selectFrom('stops').select(['stopID', 'manual']).orderBy('stopID').execute()).toEqual([
      { stopID: 1, manual: 1 },
      { stopID: 2, manual: 0 },
    ]);
  });
});
