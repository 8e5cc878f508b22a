import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, a calendar change applies from a date on, centrally (edge migration 0029): oee.shift_indexes.production_day_edge,
 * the production day ('YYYY-MM-DD') the edge stored with the row, computed with the calendar in force when the edge
 * computed it. The stored production_day (0005's trigger, 0014's function) is that day when the edge sent one, so a
 * replicated calendar version in force from a past date no longer moves a shift the edge has not recalculated (0014's
 * oee.plant_calendar_changed recomputes the days: a row keeps the edge's); else, on rows of edges of before 0029,
 * 0014's oee.production_day by the replicated calendar, as before. The stored shift_code stays 0014's (the edge's
 * shift_code_edge, else TM/TT/TN by the hour).
 *
 * The rows already here take the day they have now (0014's, the calendar in force), as their edge fills its own at
 * start: nothing changes for an untouched plant. Every view, day sum and portal page reads the stored production_day.
 */
const statements = [
  `ALTER TABLE oee.shift_indexes ADD COLUMN IF NOT EXISTS production_day_edge text`,
  `CREATE OR REPLACE FUNCTION oee.shift_index_local_day() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.production_day := NULL;
    NEW.shift_code := NULL;
    SELECT coalesce(
        CASE WHEN NEW.production_day_edge ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN NEW.production_day_edge::date END,
        oee.production_day(NEW.shift_start, p.time_zone, p.plant_id)),
      coalesce(NEW.shift_code_edge, oee.shift_code(NEW.shift_start, p.time_zone))
      INTO NEW.production_day, NEW.shift_code
      FROM oee.plants p WHERE p.plant_id = NEW.plant_id;
    RETURN NEW;
  END $$`,
  `UPDATE oee.shift_indexes SET production_day_edge = production_day::text
    WHERE production_day IS NOT NULL AND production_day_edge IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
