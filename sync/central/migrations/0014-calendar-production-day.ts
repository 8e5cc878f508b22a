import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: the central copy's production day follows each plant's work calendar (replicated by 0009), as its edge's
 * does (edge/src/domain/work-calendar.ts): production day D starts at the first shift's start of the plant calendar
 * (line_id 0) version in force on D — the latest effective on or before D, else the earliest — in the plant's zone,
 * and lasts until day D + 1 starts; 06:00 when the plant has no calendar (0005's and 0011's rule, the default one).
 *
 * - oee.wall_instant(wall, zone): a wall time as an instant the way the edge's instantOfWallTime reads it — a time the
 *   clocks show twice is its first instant, a time they skip is the instant of the jump (PostgreSQL's own
 *   `AT TIME ZONE` reads both with the standard offset).
 * - oee.production_day_start(day, zone, plant_id) and oee.production_day(at, zone, plant_id): 0011's and 0005's
 *   functions with the plant, whose calendar they read. Every later query uses these (the two-argument ones stay as
 *   they shipped: the default calendar's rule).
 * - The stored oee.shift_indexes.production_day (0005's trigger), oee.stop_day_sums (its rebuild and its statement
 *   triggers) and oee.stop_inputs.production_day (0004) are computed by them; the stored shift_code is the calendar
 *   shift's code the edge sent (0013's shift_code_edge), else 0005's TM/TT/TN by the hour.
 * - A change of a plant calendar's versions or shift starts (replicated) computes that plant's days again, as a change
 *   of its zone does (0005). Existing rows are computed again here.
 *
 * Statements over many stops compute each plant-local date's day start once (a few hundred a year), not per stop.
 */

const PLANT_CALENDAR = 0;

const functions = [
  `CREATE FUNCTION oee.wall_instant(wall timestamp, zone text) RETURNS timestamptz
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
  DECLARE
    naive timestamptz := wall AT TIME ZONE 'UTC';
    first timestamptz;
    second timestamptz;
    low timestamptz;
    high timestamptz;
    middle timestamptz;
  BEGIN
    -- The wall time read with the zone's offset a day before and a day after, each refined once (the edge's way).
    first := naive - ((naive - interval '1 day') AT TIME ZONE zone - (naive - interval '1 day') AT TIME ZONE 'UTC');
    first := naive - (first AT TIME ZONE zone - first AT TIME ZONE 'UTC');
    second := naive - ((naive + interval '1 day') AT TIME ZONE zone - (naive + interval '1 day') AT TIME ZONE 'UTC');
    second := naive - (second AT TIME ZONE zone - second AT TIME ZONE 'UTC');
    low := least(first, second);
    high := greatest(first, second);
    IF low AT TIME ZONE zone = wall THEN RETURN low; END IF;
    IF high AT TIME ZONE zone = wall THEN RETURN high; END IF;
    -- Skipped: the offset changes between the two readings; the instant it changes, to the second.
    WHILE high - low > interval '1 second' LOOP
      middle := low + (high - low) / 2;
      IF middle AT TIME ZONE zone - middle AT TIME ZONE 'UTC' = low AT TIME ZONE zone - low AT TIME ZONE 'UTC' THEN
        low := middle;
      ELSE
        high := middle;
      END IF;
    END LOOP;
    RETURN date_trunc('second', high);
  END $$`,
  // The wall time production day 'day' of a plant starts at: its calendar version's first shift, else 06:00.
  `CREATE FUNCTION oee.production_day_start_time(day date, plant text) RETURNS time
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce((
      SELECT CASE WHEN s.start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' THEN s.start_time::time END
      FROM (SELECT v.effective_from FROM oee.calendar_versions v
            WHERE v.plant_id = plant AND v.line_id = ${PLANT_CALENDAR} AND v.deleted_at IS NULL
            ORDER BY v.effective_from <= to_char(day, 'YYYY-MM-DD') DESC,
              CASE WHEN v.effective_from <= to_char(day, 'YYYY-MM-DD') THEN v.effective_from END DESC, v.effective_from
            LIMIT 1) v
      JOIN oee.calendar_shifts s ON s.plant_id = plant AND s.line_id = ${PLANT_CALENDAR} AND s.effective_from = v.effective_from
        AND s.deleted_at IS NULL
      ORDER BY s.position, s.code
      LIMIT 1), time '06:00')
  $$`,
  `CREATE FUNCTION oee.production_day_start(day date, zone text, plant text) RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT oee.wall_instant(day + oee.production_day_start_time(day, plant), zone) $$`,
  // The plant-local date, or the day before when the instant is before that date's production day starts.
  `CREATE FUNCTION oee.production_day(at timestamptz, zone text, plant text) RETURNS date
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN at < oee.production_day_start(l.day, zone, plant) THEN l.day - 1 ELSE l.day END
    FROM (SELECT (at AT TIME ZONE zone)::date AS day) l
  $$`,
];

/** Stops with their production day: `rows` (an alias-free FROM item with plant_id, start_date) joined to their plants. */
const stopsWithDays = (rows: string, columns: string, where: string) => `
    WITH c AS (
      SELECT ${columns}, p.time_zone, (c.start_date AT TIME ZONE p.time_zone)::date AS local_day
      FROM ${rows} c JOIN oee.plants p ON p.plant_id = c.plant_id
      WHERE ${where}),
    d AS MATERIALIZED (SELECT k.plant_id, k.local_day, oee.production_day_start(k.local_day, k.time_zone, k.plant_id) AS day_start
      FROM (SELECT DISTINCT plant_id, time_zone, local_day FROM c) k)
    SELECT c.*, CASE WHEN c.start_date < d.day_start THEN c.local_day - 1 ELSE c.local_day END AS production_day
    FROM c JOIN d ON d.plant_id = c.plant_id AND d.local_day = c.local_day`;

/** A stop counts in the sums while it is live, has started and has ended (0005). */
const counted = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.start_date IS NOT NULL AND ${alias}.end_date IS NOT NULL`;

const stopDaySums = [
  `CREATE OR REPLACE FUNCTION oee.rebuild_stop_day_sums(plants text[]) RETURNS void
  LANGUAGE sql AS $$
    DELETE FROM oee.stop_day_sums WHERE plant_id = ANY(plants);
    INSERT INTO oee.stop_day_sums (plant_id, line_id, production_day, reason, path, stops, lost)
      SELECT x.plant_id, x.line_id, x.production_day, x.reason, x.path, count(*), sum(x.end_date - x.start_date)
      FROM (${stopsWithDays(
        'oee.stops',
        'c.plant_id, c.line_id, c.reason, c.path, c.start_date, c.end_date',
        `c.plant_id = ANY(plants) AND ${counted('c')}`,
      )}) x
      GROUP BY 1, 2, 3, 4, 5;
  $$`,
  ...(['insert', 'update', 'delete'] as const).map(
    (change) => `CREATE OR REPLACE FUNCTION oee.stop_day_sums_${change}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO oee.stop_day_sums AS t (plant_id, line_id, production_day, reason, path, stops, lost)
        SELECT x.plant_id, x.line_id, x.production_day, x.reason, x.path, sum(x.sign), sum(x.sign * (x.end_date - x.start_date))
        FROM (${stopsWithDays(
          `(${[...(change === 'delete' ? [] : ['SELECT 1 AS sign, * FROM new_rows']), ...(change === 'insert' ? [] : ['SELECT -1 AS sign, * FROM old_rows'])].join(' UNION ALL ')})`,
          'c.sign, c.plant_id, c.line_id, c.reason, c.path, c.start_date, c.end_date',
          counted('c'),
        )}) x
        GROUP BY 1, 2, 3, 4, 5
        ON CONFLICT ON CONSTRAINT stop_day_sums_key DO UPDATE SET stops = t.stops + excluded.stops, lost = t.lost + excluded.lost;
      DELETE FROM oee.stop_day_sums WHERE stops = 0;
      RETURN NULL;
    END $$`,
  ),
];

const shiftIndexDays = [
  `CREATE OR REPLACE FUNCTION oee.shift_index_local_day() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.production_day := NULL;
    NEW.shift_code := NULL;
    SELECT oee.production_day(NEW.shift_start, p.time_zone, p.plant_id), coalesce(NEW.shift_code_edge, oee.shift_code(NEW.shift_start, p.time_zone))
      INTO NEW.production_day, NEW.shift_code
      FROM oee.plants p WHERE p.plant_id = NEW.plant_id;
    RETURN NEW;
  END $$`,
];

// 0004's view, the same columns, its production day the calendar's.
const stopInputs = `CREATE OR REPLACE VIEW oee.stop_inputs AS
  SELECT st.plant_id, st.stop_id, st.line_id, l.description AS line_description, l.sector_id,
    st.order_number, st.reason_id, st.reason, st.root, st.path, st.start_date, st.end_date, st.recognized,
    st.pareto, st.discount_oee, st.color, st.observation, st.equipment_name,
    oee.production_day(st.start_date, p.time_zone, st.plant_id) AS production_day,
    extract(epoch FROM (coalesce(st.end_date, now()) - st.start_date)) / 60 AS lost_minutes
  FROM oee.stops st
  JOIN oee.plants p ON p.plant_id = st.plant_id
  LEFT JOIN oee.lines l ON l.plant_id = st.plant_id AND l.line_id = st.line_id
  WHERE st.deleted_at IS NULL AND st.start_date IS NOT NULL`;

/** The plants whose days a calendar statement may have moved: a plant calendar's version or shift start changed. */
const calendarTriggers = (
  [
    ['calendar_versions', 'plant_id, line_id, effective_from, deleted_at IS NULL'],
    ['calendar_shifts', 'plant_id, line_id, effective_from, code, position, start_time, deleted_at IS NULL'],
  ] as const
).flatMap(([table, columns]) =>
  (['insert', 'update', 'delete'] as const).flatMap((change) => {
    const fresh = change === 'delete' ? 'SELECT NULL::text AS plant_id WHERE false' : `SELECT ${columns} FROM new_rows`;
    const old = change === 'insert' ? 'SELECT NULL::text AS plant_id WHERE false' : `SELECT ${columns} FROM old_rows`;
    const changed =
      change === 'update' ? `((${fresh} EXCEPT ${old}) UNION (${old} EXCEPT ${fresh}))` : `(${change === 'insert' ? fresh : old})`;
    const referencing = {
      insert: 'NEW TABLE AS new_rows',
      update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      delete: 'OLD TABLE AS old_rows',
    }[change];
    const name = `${table}_days_${change}`;
    return [
      `CREATE FUNCTION oee.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM oee.plant_calendar_changed(array_agg(DISTINCT x.plant_id)) FROM ${changed} x WHERE x.line_id = ${PLANT_CALENDAR} HAVING count(*) > 0;
        RETURN NULL;
      END $$`,
      `CREATE TRIGGER ${name} AFTER ${change.toUpperCase()} ON oee.${table} REFERENCING ${referencing}
        FOR EACH STATEMENT EXECUTE FUNCTION oee.${name}()`,
    ];
  }),
);

const plantDays = [
  // The plants' shift indexes take their days again (0005's triggers sum those days again) and their stop sums are
  // rebuilt: what 0005 does when a zone changes.
  `CREATE FUNCTION oee.plant_calendar_changed(plants text[]) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE oee.shift_indexes SET production_day = NULL WHERE plant_id = ANY(plants);
    PERFORM oee.rebuild_stop_day_sums(plants);
  END $$`,
  ...calendarTriggers,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...functions,
    ...stopDaySums,
    ...shiftIndexDays,
    stopInputs,
    ...plantDays,
    // Every plant's rows computed again by the calendar (the stored shift codes too).
    `SELECT oee.plant_calendar_changed(array_agg(plant_id)) FROM oee.plants`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
