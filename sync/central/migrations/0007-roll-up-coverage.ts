import { sql, type Kysely } from 'kysely';

/**
 * A roll-up of several lines (a plant's shift or day, a sector) is never blank because one line is (issue 25): the
 * SQL twin of edge/src/domain/oee.ts rollUpIndicators. Its parts are lines, each the sum of its own shift indexes
 * over the period (SUMS of 0001: ideal units unknown when one of its shifts' is). The OEE and throughput are those of
 * the sum of the lines whose ideal units are known (they had a nominal speed wherever they ran); utilization,
 * acceptance, MTBF and MTTR those of the sum of every line; covered_line_count of line_count says what the OEE covers.
 * With every line covered the figures are the ones 0001's views computed, operation for operation.
 *
 * oee.plant_shift_indicators and oee.plant_day_indicators keep their columns (the summed ideal_units is now the
 * covered lines') and gain covered_line_count at the end; nothing is built on them, so they are dropped and created.
 */

/** 0001's summed inputs and their columns, as 0001 wrote them when this migration shipped (a migration is self-contained). */
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

const SUM_COLUMNS = `s.production_quantity, s.discard_quantity, s.staffed_time_ms, s.discount_time_ms,
    s.adjusted_discount_time_ms, s.stop_time_ms, s.failure_time_ms, s.failure_count, s.ideal_units`;

/** Summed over line parts (rows with a line's summed inputs): every line's sums, and the covered lines' ones. */
const ROLL_UP_SUMS = `
    count(*) AS line_count,
    count(*) FILTER (WHERE ideal_units IS NOT NULL) AS covered_line_count,
    sum(production_quantity) AS production_quantity,
    sum(discard_quantity) AS discard_quantity,
    sum(staffed_time_ms) AS staffed_time_ms,
    sum(discount_time_ms) AS discount_time_ms,
    sum(adjusted_discount_time_ms) AS adjusted_discount_time_ms,
    sum(stop_time_ms) AS stop_time_ms,
    sum(failure_time_ms) AS failure_time_ms,
    sum(failure_count)::bigint AS failure_count,
    coalesce(sum(ideal_units), 0) AS ideal_units,
    coalesce(sum(production_quantity) FILTER (WHERE ideal_units IS NOT NULL), 0) AS covered_production_quantity,
    coalesce(sum(discard_quantity) FILTER (WHERE ideal_units IS NOT NULL), 0) AS covered_discard_quantity,
    coalesce(sum(staffed_time_ms) FILTER (WHERE ideal_units IS NOT NULL), 0) AS covered_staffed_time_ms,
    coalesce(sum(discount_time_ms) FILTER (WHERE ideal_units IS NOT NULL), 0) AS covered_discount_time_ms,
    coalesce(sum(adjusted_discount_time_ms) FILTER (WHERE ideal_units IS NOT NULL), 0) AS covered_adjusted_discount_time_ms,
    coalesce(sum(stop_time_ms) FILTER (WHERE ideal_units IS NOT NULL), 0) AS covered_stop_time_ms`;

/** The indicators of every line (i) and of the covered lines (c) of a roll-up's sums `s`. */
const INDICATORS_OF_ROLL_UP = `CROSS JOIN LATERAL oee.indicators(s.staffed_time_ms, s.discount_time_ms, s.adjusted_discount_time_ms,
    s.stop_time_ms, s.failure_time_ms, s.failure_count, s.production_quantity, s.discard_quantity, NULL) AS i
  CROSS JOIN LATERAL oee.indicators(s.covered_staffed_time_ms, s.covered_discount_time_ms, s.covered_adjusted_discount_time_ms,
    s.covered_stop_time_ms, 0, 0, s.covered_production_quantity, s.covered_discard_quantity, s.ideal_units) AS c`;

/** 0001's indicator columns of a roll-up: OEE and throughput of the covered lines, the rest of every line. */
const ROLL_UP_INDICATOR_COLUMNS = `i.staffed_time_correct_ms, i.runtime_ms, i.good_units, i.units_per_runtime_minute,
    i.utilization, c.throughput, i.acceptance, c.oee, i.mtbf_minutes, i.mttr_minutes`;

const views = [
  `DROP VIEW oee.plant_shift_indicators`,
  `CREATE VIEW oee.plant_shift_indicators AS
  SELECT s.plant_id, s.shift_start, s.shift_code, s.production_day, s.line_count,
    ${SUM_COLUMNS},
    ${ROLL_UP_INDICATOR_COLUMNS},
    s.covered_line_count
  FROM (SELECT l.plant_id, l.shift_start, l.shift_code, l.production_day, ${ROLL_UP_SUMS}
        FROM (SELECT plant_id, line_id, shift_start, shift_code, production_day, ${SUMS}
              FROM oee.shift_index_inputs GROUP BY plant_id, line_id, shift_start, shift_code, production_day) l
        GROUP BY l.plant_id, l.shift_start, l.shift_code, l.production_day) s
  ${INDICATORS_OF_ROLL_UP}`,
  `DROP VIEW oee.plant_day_indicators`,
  `CREATE VIEW oee.plant_day_indicators AS
  SELECT s.plant_id, s.production_day, s.line_count,
    ${SUM_COLUMNS},
    ${ROLL_UP_INDICATOR_COLUMNS},
    s.covered_line_count
  FROM (SELECT l.plant_id, l.production_day, ${ROLL_UP_SUMS}
        FROM (SELECT plant_id, line_id, production_day, ${SUMS}
              FROM oee.shift_index_inputs GROUP BY plant_id, line_id, production_day) l
        GROUP BY l.plant_id, l.production_day) s
  ${INDICATORS_OF_ROLL_UP}`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of views) await sql.raw(statement).execute(db);
}
