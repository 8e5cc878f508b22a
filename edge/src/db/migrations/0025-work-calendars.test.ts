import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR } from '../../domain/work-calendar';
import { readCalendars } from '../../modules/calendar/calendar.repository';
import { createKysely, migrateToLatest, openSqlite, type Database } from '../database';
import { keyText, SYNC_QUEUE_SETTING, SYNCED_KEYS } from '../outbox';
import { keyOf } from '../writes';
import { migrations } from './index';

let db: Database;
beforeEach(() => {
  db = createKysely(openSqlite({ file: ':memory:' }));
});
afterEach(async () => {
  await db.destroy();
});

describe('migration 0025-work-calendars', () => {
  it("gives an upgraded plant the calendar it had: the domain's default TM/TT/TN every day, and no line calendar", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0024-modbus-counter-wraps')).error).toBeUndefined();
    await migrateToLatest(db);
    const stored = await readCalendars(db);
    expect(stored.lines.size).toBe(0);
    expect(stored.plant).toEqual(DEFAULT_CALENDAR);
  });
});

describe('migration 0025-work-calendars on a database already syncing', () => {
  it('queues the seeded plant calendar in the outbox as the chokepoint would, so the central copy gets it', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0024-modbus-counter-wraps')).error).toBeUndefined();
    await db.insertInto('app_settings').values({ key: SYNC_QUEUE_SETTING, value: '1' }).execute();
    await migrateToLatest(db);
    const queued = await db.selectFrom('outbox').select(['entity', 'entityKey', 'operation', 'payload']).orderBy('seq').execute();
    const stored = [
      ...(await db.selectFrom('calendar_versions').selectAll().execute()).map((row) => ({
        entity: 'calendar_versions',
        row,
        key: keyText(keyOf(row, SYNCED_KEYS.calendar_versions)),
      })),
      ...(await db.selectFrom('calendar_shifts').selectAll().orderBy('position').execute()).map((row) => ({
        entity: 'calendar_shifts',
        row,
        key: keyText(keyOf(row, SYNCED_KEYS.calendar_shifts)),
      })),
    ];
    expect(
      queued.map((row) => ({ entity: row.entity, key: row.entityKey, operation: row.operation, row: JSON.parse(row.payload!) })),
    ).toEqual(stored.map(({ entity, row, key }) => ({ entity, key, operation: 'upsert', row })));
  });
});
