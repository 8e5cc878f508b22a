import { sql, type Kysely } from 'kysely';

/**
 * oee.production_day_start(day, zone): the instant a plant-local production day starts (06:00 in its zone; a day
 * across a DST change lasts 23 or 25 hours), the inverse of 0005's oee.production_day. With them the production-day
 * rule is written in SQL in one place for every later query: the portal's ranges are [start of from, start of to + 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION oee.production_day_start(day date, zone text) RETURNS timestamptz
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT (day + time '06:00') AT TIME ZONE zone $$`,
    )
    .execute(db);
}
