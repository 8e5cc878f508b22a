import { sql, type Kysely } from 'kysely';

/**
 * What the central portal's compare and losses pages read over a year of 200 lines and millions of stops (issue 18),
 * kept by the database itself, exact under the sync's upserts and tombstones:
 *
 * - oee.shift_indexes.production_day and .shift_code: each row's plant-local production day (06:00 to 06:00) and
 *   shift (TM 06:00, TT 14:00, TN 22:00), stored by a BEFORE trigger from its plant's zone instead of converted per
 *   row in every query; oee.shift_index_inputs (0001) reads them, so every view of shift indexes does.
 * - oee.line_day_sums: the summed inputs of the live shift indexes of each line and production day (SUMS of 0001:
 *   sums of times and counts, ideal units unknown when one shift's is), and oee.plant_day_sums: those of each plant's
 *   day, summed from its line-days (as the compare page summed them). After each statement on shift_indexes, every
 *   line-day it touched is summed again from its live rows, and every plant-day from its line-days: the same
 *   doubles as summing the shift indexes, never a running total of doubles.
 * - oee.stop_day_sums: the count and the summed durations (intervals: exact integers of microseconds) of the live,
 *   ended stops of each plant, line, production day of their start, reason and path. After each statement on stops,
 *   the old versions of the rows it changed are subtracted and the new ones added (an interval and a count add and
 *   subtract exactly), and groups left without stops are removed: a tombstone takes its stop out, an edit moves its
 *   minutes. A stop in progress has no end yet: the losses read those few live (index stops_open).
 * - A plant's zone that changes (or a plant registered after its rows) recomputes its days, shifts and sums.
 *
 * NULLS NOT DISTINCT (a stop without reason or path is a group of its own): PostgreSQL 15 or later.
 */

/** The plant-local production day of an instant (06:00 to 06:00) and the shift that starts at it. */
const functions = [
  `CREATE FUNCTION oee.production_day(at timestamptz, zone text) RETURNS date
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT ((at AT TIME ZONE zone) - interval '6 hours')::date $$`,
  `CREATE FUNCTION oee.shift_code(at timestamptz, zone text) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT CASE extract(hour FROM at AT TIME ZONE zone) WHEN 6 THEN 'TM' WHEN 14 THEN 'TT' WHEN 22 THEN 'TN' END $$`,
];

const shiftIndexDays = [
  `ALTER TABLE oee.shift_indexes ADD COLUMN production_day date, ADD COLUMN shift_code text`,
  `UPDATE oee.shift_indexes si SET production_day = oee.production_day(si.shift_start, p.time_zone), shift_code = oee.shift_code(si.shift_start, p.time_zone)
    FROM oee.plants p WHERE p.plant_id = si.plant_id`,
  `CREATE FUNCTION oee.shift_index_local_day() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.production_day := NULL;
    NEW.shift_code := NULL;
    SELECT oee.production_day(NEW.shift_start, p.time_zone), oee.shift_code(NEW.shift_start, p.time_zone)
      INTO NEW.production_day, NEW.shift_code
      FROM oee.plants p WHERE p.plant_id = NEW.plant_id;
    RETURN NEW;
  END $$`,
  `CREATE TRIGGER shift_indexes_local_day BEFORE INSERT OR UPDATE ON oee.shift_indexes
    FOR EACH ROW EXECUTE FUNCTION oee.shift_index_local_day()`,
  `CREATE INDEX shift_indexes_line_day ON oee.shift_indexes (plant_id, line_id, production_day) WHERE deleted_at IS NULL`,
  // 0001's view with the stored columns (same columns, same types: CREATE OR REPLACE keeps every view built on it).
  `CREATE OR REPLACE VIEW oee.shift_index_inputs AS
  SELECT si.plant_id, si.line_id, si.shift_start, si.shift_end, si.closed, si.shift_code, si.production_day,
    si.production_quantity, si.discard_quantity, si.staffed_time_ms, si.discount_time_ms,
    si.adjusted_discount_time_ms, si.stop_time_ms, si.failure_time_ms, si.failure_count,
    coalesce(si.ideal_units, CASE WHEN si.runtime_ms = 0 THEN 0 END) AS ideal_units
  FROM oee.shift_indexes si
  JOIN oee.plants p ON p.plant_id = si.plant_id
  WHERE si.deleted_at IS NULL`,
];

/** 0001's summed inputs of a roll-up, as 0001 wrote them when this migration shipped (a migration is self-contained). */
const SUMS = `
    sum(production_quantity) AS production_quantity,
    sum(discard_quantity) AS discard_quantity,
    sum(staffed_time_ms) AS staffed_time_ms,
    sum(discount_time_ms) AS discount_time_ms,
    sum(adjusted_discount_time_ms) AS adjusted_discount_time_ms,
    sum(stop_time_ms) AS stop_time_ms,
    sum(failure_time_ms) AS failure_time_ms,
    sum(failure_count) AS failure_count,
    CASE WHEN bool_or(ideal_units IS NULL) THEN NULL ELSE sum(ideal_units) END AS ideal_units`;

/** The summed inputs of a line-day or a plant-day. */
const SUM_TYPES = `production_quantity double precision,
    discard_quantity double precision,
    staffed_time_ms double precision,
    discount_time_ms double precision,
    adjusted_discount_time_ms double precision,
    stop_time_ms double precision,
    failure_time_ms double precision,
    failure_count bigint,
    ideal_units double precision`;
const SUM_NAMES = `production_quantity, discard_quantity, staffed_time_ms, discount_time_ms, adjusted_discount_time_ms, stop_time_ms,
    failure_time_ms, failure_count, ideal_units`;

/** Line-days a statement may touch before their plants are summed again whole instead (one scan, not a join that a
 * freshly loaded table's missing statistics could make quadratic). A sync batch touches a few. */
const REBUILD_FROM_KEYS = 1000;

const daySums = [
  `CREATE TABLE oee.line_day_sums (
    plant_id text NOT NULL,
    line_id integer NOT NULL,
    production_day date NOT NULL,
    shift_count integer NOT NULL,
    ${SUM_TYPES},
    PRIMARY KEY (plant_id, line_id, production_day)
  )`,
  `CREATE INDEX line_day_sums_day ON oee.line_day_sums (production_day)`,
  `CREATE TABLE oee.plant_day_sums (
    plant_id text NOT NULL,
    production_day date NOT NULL,
    line_count integer NOT NULL,
    shift_count integer NOT NULL,
    ${SUM_TYPES},
    PRIMARY KEY (plant_id, production_day)
  )`,
  // Whole plants summed again: their line-days from their live shift indexes, then their days from those (the
  // migration, a bulk load, a plant whose zone changed): one scan, whatever the planner knows of the tables.
  `CREATE FUNCTION oee.rebuild_day_sums(plants text[]) RETURNS void
  LANGUAGE sql AS $$
    DELETE FROM oee.line_day_sums WHERE plant_id = ANY(plants);
    INSERT INTO oee.line_day_sums (plant_id, line_id, production_day, shift_count, ${SUM_NAMES})
      SELECT x.plant_id, x.line_id, x.production_day, count(*), ${SUMS}
      FROM oee.shift_index_inputs x
      WHERE x.plant_id = ANY(plants) AND x.production_day IS NOT NULL
      GROUP BY x.plant_id, x.line_id, x.production_day;
    DELETE FROM oee.plant_day_sums WHERE plant_id = ANY(plants);
    INSERT INTO oee.plant_day_sums (plant_id, production_day, line_count, shift_count, ${SUM_NAMES})
      SELECT x.plant_id, x.production_day, count(*), sum(x.shift_count), ${SUMS}
      FROM oee.line_day_sums x
      WHERE x.plant_id = ANY(plants)
      GROUP BY x.plant_id, x.production_day;
  $$`,
  // The line-days given (parallel arrays) summed again from their live shift indexes (by index), then their plants'
  // days. More than REBUILD_FROM_KEYS of them (a bulk load): their plants rebuilt instead.
  `CREATE FUNCTION oee.refresh_day_sums(plants text[], lines integer[], days date[]) RETURNS void
  LANGUAGE plpgsql AS $$
  BEGIN
    IF cardinality(plants) > ${REBUILD_FROM_KEYS} THEN
      PERFORM oee.rebuild_day_sums(ARRAY(SELECT DISTINCT unnest(plants)));
      RETURN;
    END IF;
    DELETE FROM oee.line_day_sums s USING unnest(plants, lines, days) AS k(plant_id, line_id, production_day)
      WHERE s.plant_id = k.plant_id AND s.line_id = k.line_id AND s.production_day = k.production_day;
    INSERT INTO oee.line_day_sums (plant_id, line_id, production_day, shift_count, ${SUM_NAMES})
      SELECT x.plant_id, x.line_id, x.production_day, count(*), ${SUMS}
      FROM (SELECT DISTINCT * FROM unnest(plants, lines, days) AS k(plant_id, line_id, production_day)) k
      JOIN oee.shift_index_inputs x ON x.plant_id = k.plant_id AND x.line_id = k.line_id AND x.production_day = k.production_day
      GROUP BY x.plant_id, x.line_id, x.production_day;
    DELETE FROM oee.plant_day_sums s USING unnest(plants, days) AS k(plant_id, production_day)
      WHERE s.plant_id = k.plant_id AND s.production_day = k.production_day;
    INSERT INTO oee.plant_day_sums (plant_id, production_day, line_count, shift_count, ${SUM_NAMES})
      SELECT x.plant_id, x.production_day, count(*), sum(x.shift_count), ${SUMS}
      FROM (SELECT DISTINCT * FROM unnest(plants, days) AS k(plant_id, production_day)) k
      JOIN oee.line_day_sums x ON x.plant_id = k.plant_id AND x.production_day = k.production_day
      GROUP BY x.plant_id, x.production_day;
  END $$`,
];

/** The rows a statement changed, as its transition tables hold them: new versions count +1, old versions −1. */
const CHANGES = {
  insert: { sources: ['SELECT 1 AS sign, * FROM new_rows'], referencing: 'NEW TABLE AS new_rows' },
  update: {
    sources: ['SELECT 1 AS sign, * FROM new_rows', 'SELECT -1 AS sign, * FROM old_rows'],
    referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  },
  delete: { sources: ['SELECT -1 AS sign, * FROM old_rows'], referencing: 'OLD TABLE AS old_rows' },
};
type Change = keyof typeof CHANGES;

/** A statement-level trigger of `table` per kind of change, each running `body` over `changes` (the rows it changed). */
function afterEachStatement(table: string, name: string, body: (changes: string) => string): string[] {
  return (Object.keys(CHANGES) as Change[]).flatMap((change) => {
    const { sources, referencing } = CHANGES[change];
    const fn = `oee.${name}_${change}`;
    return [
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${body(`(${sources.join(' UNION ALL ')})`)};
        RETURN NULL;
      END $$`,
      `CREATE TRIGGER ${name}_${change} AFTER ${change.toUpperCase()} ON oee.${table} REFERENCING ${referencing}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ];
  });
}

const shiftIndexTriggers = afterEachStatement(
  'shift_indexes',
  'day_sums',
  (changes) => `PERFORM oee.refresh_day_sums(array_agg(k.plant_id), array_agg(k.line_id), array_agg(k.production_day))
    FROM (SELECT DISTINCT c.plant_id, c.line_id, c.production_day FROM ${changes} c WHERE c.production_day IS NOT NULL) k`,
);

/** A stop counts in the sums while it is live, has started and has ended. */
const COUNTED_STOP = `deleted_at IS NULL AND start_date IS NOT NULL AND end_date IS NOT NULL`;

const stopDaySums = [
  `CREATE TABLE oee.stop_day_sums (
    plant_id text NOT NULL,
    line_id integer,
    production_day date NOT NULL,
    reason text,
    path text,
    stops bigint NOT NULL,
    lost interval NOT NULL,
    CONSTRAINT stop_day_sums_key UNIQUE NULLS NOT DISTINCT (plant_id, line_id, production_day, reason, path)
  )`,
  `CREATE INDEX stop_day_sums_day ON oee.stop_day_sums (production_day)`,
  `CREATE INDEX stop_day_sums_empty ON oee.stop_day_sums (plant_id) WHERE stops = 0`,
  `CREATE INDEX stops_open ON oee.stops (plant_id, start_date) WHERE deleted_at IS NULL AND end_date IS NULL`,
  // Every plant's sums built from its stops (the migration, a plant whose zone changed).
  `CREATE FUNCTION oee.rebuild_stop_day_sums(plants text[]) RETURNS void
  LANGUAGE sql AS $$
    DELETE FROM oee.stop_day_sums WHERE plant_id = ANY(plants);
    INSERT INTO oee.stop_day_sums (plant_id, line_id, production_day, reason, path, stops, lost)
      SELECT st.plant_id, st.line_id, oee.production_day(st.start_date, p.time_zone), st.reason, st.path, count(*), sum(st.end_date - st.start_date)
      FROM oee.stops st JOIN oee.plants p ON p.plant_id = st.plant_id
      WHERE st.plant_id = ANY(plants) AND st.${COUNTED_STOP.replaceAll(' AND ', ' AND st.')}
      GROUP BY 1, 2, 3, 4, 5;
  $$`,
  `SELECT oee.rebuild_stop_day_sums(array_agg(plant_id)) FROM oee.plants`,
];

const stopTriggers = afterEachStatement(
  'stops',
  'stop_day_sums',
  (changes) => `INSERT INTO oee.stop_day_sums AS t (plant_id, line_id, production_day, reason, path, stops, lost)
      SELECT c.plant_id, c.line_id, oee.production_day(c.start_date, p.time_zone), c.reason, c.path, sum(c.sign), sum(c.sign * (c.end_date - c.start_date))
      FROM ${changes} c JOIN oee.plants p ON p.plant_id = c.plant_id
      WHERE c.${COUNTED_STOP.replaceAll(' AND ', ' AND c.')}
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT stop_day_sums_key DO UPDATE SET stops = t.stops + excluded.stops, lost = t.lost + excluded.lost;
    DELETE FROM oee.stop_day_sums WHERE stops = 0`,
);

/** A plant registered, or its zone changed: its shift indexes take their days and shifts again (the triggers above
 * re-sum their days), and its stop sums are rebuilt. */
const plantZone = [
  `CREATE FUNCTION oee.plant_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE oee.shift_indexes SET production_day = NULL WHERE plant_id = NEW.plant_id;
    PERFORM oee.rebuild_stop_day_sums(ARRAY[NEW.plant_id]);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER plants_zone_inserted AFTER INSERT ON oee.plants FOR EACH ROW EXECUTE FUNCTION oee.plant_zone_changed()`,
  `CREATE TRIGGER plants_zone_changed AFTER UPDATE OF time_zone ON oee.plants
    FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION oee.plant_zone_changed()`,
];

const fillDaySums = `SELECT oee.rebuild_day_sums(array_agg(plant_id)) FROM oee.plants`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...functions,
    ...shiftIndexDays,
    ...daySums,
    fillDaySums,
    ...shiftIndexTriggers,
    ...stopDaySums,
    ...stopTriggers,
    ...plantZone,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
