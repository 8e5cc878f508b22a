import { sql, type Kysely } from 'kysely';

/**
 * Edge migration 0025 (issue 29): the work calendars, replicated as plain tables keyed by (plant_id, the edge key).
 * line_id 0 is the plant's calendar, 1–99 a line's own; dates ('YYYY-MM-DD') and times ('HH:mm') are the plant's wall
 * clock as the edge keeps them. The views' production-day rule does not read them (yet).
 */
const VERSIONED = `row_version bigint NOT NULL, deleted_at timestamptz, synced_at timestamptz NOT NULL DEFAULT now(),`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE TABLE IF NOT EXISTS oee.calendar_versions (
      plant_id text NOT NULL,
      line_id integer NOT NULL,
      effective_from text NOT NULL,
      weekdays text,
      ${VERSIONED}
      PRIMARY KEY (plant_id, line_id, effective_from)
    )`,
    `CREATE TABLE IF NOT EXISTS oee.calendar_shifts (
      plant_id text NOT NULL,
      line_id integer NOT NULL,
      effective_from text NOT NULL,
      code text NOT NULL,
      position integer,
      name_es text,
      name_en text,
      start_time text,
      end_time text,
      ${VERSIONED}
      PRIMARY KEY (plant_id, line_id, effective_from, code)
    )`,
    `CREATE TABLE IF NOT EXISTS oee.calendar_breaks (
      plant_id text NOT NULL,
      line_id integer NOT NULL,
      effective_from text NOT NULL,
      shift_code text NOT NULL,
      start_time text NOT NULL,
      minutes integer,
      ${VERSIONED}
      PRIMARY KEY (plant_id, line_id, effective_from, shift_code, start_time)
    )`,
    `CREATE TABLE IF NOT EXISTS oee.calendar_exceptions (
      plant_id text NOT NULL,
      line_id integer NOT NULL,
      exception_date text NOT NULL,
      kind text NOT NULL,
      shift_code text NOT NULL,
      until_time text,
      ${VERSIONED}
      PRIMARY KEY (plant_id, line_id, exception_date, kind, shift_code)
    )`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
