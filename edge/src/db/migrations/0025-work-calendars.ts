import { sql, type Kysely } from 'kysely';

/**
 * Work calendars (issue 29): the plant's calendar (lineID 0) and, where a line differs, the line's own (lineID 1–99,
 * which then replaces the plant's for that line). A calendar is versions effective from a production date, each with
 * its weekdays worked (ISO digits, '1234567' = Monday to Sunday), its shifts in the order of the production day (the
 * first one's start is the day's start; `endTime` null: scheduled until the next shift starts) and its breaks; and
 * exceptions by date: a holiday, a shorter day (`untilTime`) or an extra shift (`shiftCode`; '' for the other kinds,
 * so the key has no null). Times are wall times 'HH:mm' in the plant's zone (domain/work-calendar.ts).
 *
 * The plant's calendar starts as the constants every plant had until now (TM 06:00, TT 14:00, TN 22:00, every day, no
 * breaks), written here as literals (a migration never reads live constants), so an existing plant sees no change.
 * The tables are synced: on a database whose sync queue is already open (app_settings 'syncQueuedSince'), the rows
 * seeded here are queued in the outbox as upserts, as the chokepoint would have (a database that enables sync later
 * gets them in its snapshot).
 */
const SYNC_QUEUE_OPEN = `EXISTS (SELECT 1 FROM app_settings WHERE key = 'syncQueuedSince')`;
const NOW_MS = `CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE calendar_versions (
      lineID INTEGER NOT NULL CHECK (lineID BETWEEN 0 AND 99),
      effectiveFrom TEXT NOT NULL,
      weekdays TEXT NOT NULL,
      PRIMARY KEY (lineID, effectiveFrom)
    )`,
    `CREATE TABLE calendar_shifts (
      lineID INTEGER NOT NULL,
      effectiveFrom TEXT NOT NULL,
      code TEXT NOT NULL,
      position INTEGER NOT NULL,
      nameEs TEXT NOT NULL,
      nameEn TEXT NOT NULL,
      startTime TEXT NOT NULL,
      endTime TEXT,
      PRIMARY KEY (lineID, effectiveFrom, code)
    )`,
    `CREATE TABLE calendar_breaks (
      lineID INTEGER NOT NULL,
      effectiveFrom TEXT NOT NULL,
      shiftCode TEXT NOT NULL,
      startTime TEXT NOT NULL,
      minutes INTEGER NOT NULL,
      PRIMARY KEY (lineID, effectiveFrom, shiftCode, startTime)
    )`,
    `CREATE TABLE calendar_exceptions (
      lineID INTEGER NOT NULL CHECK (lineID BETWEEN 0 AND 99),
      exceptionDate TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('holiday', 'shortDay', 'extraShift')),
      shiftCode TEXT NOT NULL DEFAULT '',
      untilTime TEXT,
      PRIMARY KEY (lineID, exceptionDate, kind, shiftCode)
    )`,
    // A line's own calendar names the line as a foreign key would (lineID 0, the plant, is no line): deleting a line
    // that still has one is refused, as for a line still named by stops or terminals; its calendar is removed first
    // (through the chokepoint, so the central copy sees it go).
    `CREATE TRIGGER lines_with_own_calendar BEFORE DELETE ON lines
      WHEN EXISTS (SELECT 1 FROM calendar_versions WHERE lineID = OLD.lineID)
      BEGIN SELECT RAISE(ABORT, 'the line has a calendar of its own'); END`,
    `INSERT INTO calendar_versions (lineID, effectiveFrom, weekdays) VALUES (0, '1900-01-01', '1234567')`,
    `INSERT INTO calendar_shifts (lineID, effectiveFrom, code, position, nameEs, nameEn, startTime, endTime) VALUES
      (0, '1900-01-01', 'TM', 1, 'Mañana', 'Morning', '06:00', NULL),
      (0, '1900-01-01', 'TT', 2, 'Tarde', 'Afternoon', '14:00', NULL),
      (0, '1900-01-01', 'TN', 3, 'Noche', 'Night', '22:00', NULL)`,
    // entityKey: the key's columns sorted by name, as the outbox writes them.
    `INSERT INTO outbox (entity, entityKey, operation, payload, createdAt)
      SELECT 'calendar_versions', json_object('effectiveFrom', effectiveFrom, 'lineID', lineID), 'upsert',
        json_object('lineID', lineID, 'effectiveFrom', effectiveFrom, 'weekdays', weekdays), ${NOW_MS}
      FROM calendar_versions WHERE ${SYNC_QUEUE_OPEN}`,
    `INSERT INTO outbox (entity, entityKey, operation, payload, createdAt)
      SELECT 'calendar_shifts', json_object('code', code, 'effectiveFrom', effectiveFrom, 'lineID', lineID), 'upsert',
        json_object('lineID', lineID, 'effectiveFrom', effectiveFrom, 'code', code, 'position', position, 'nameEs', nameEs,
          'nameEn', nameEn, 'startTime', startTime, 'endTime', endTime), ${NOW_MS}
      FROM calendar_shifts WHERE ${SYNC_QUEUE_OPEN} ORDER BY position`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
