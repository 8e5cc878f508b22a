import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CALENDAR } from '../../domain/work-calendar';
import { readCalendars } from '../../modules/calendar/calendar.repository';
import { createKysely, migrateToLatest, openSqlite, type Database } from '../database';
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
