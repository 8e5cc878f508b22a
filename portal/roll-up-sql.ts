/**
 * The portal's roll-up SQL: the summed inputs of live shift indexes and the indicators of those sums, as the central
 * views compute them (sync/central/migrations 0001 and 0007), kept here for the portal's own queries. The migrations
 * hold their own copies, frozen as they shipped: editing these never changes what a migration does on a fresh
 * database. Every roll-up sums times and counts and then calls oee.indicators on the sums (never averages of ratios).
 */

/** The summed inputs of a roll-up; `ideal_units` is unknown (null) as soon as one part's is unknown (oee.ts). */
export const SUMS = `
    sum(production_quantity) AS production_quantity,
    sum(discard_quantity) AS discard_quantity,
    sum(staffed_time_ms) AS staffed_time_ms,
    sum(discount_time_ms) AS discount_time_ms,
    sum(adjusted_discount_time_ms) AS adjusted_discount_time_ms,
    sum(stop_time_ms) AS stop_time_ms,
    sum(failure_time_ms) AS failure_time_ms,
    sum(failure_count) AS failure_count,
    CASE WHEN bool_or(ideal_units IS NULL) THEN NULL ELSE sum(ideal_units) END AS ideal_units`;

/** The indicators (i) of a row of sums `s`. */
export const INDICATORS_OF_SUMS = `CROSS JOIN LATERAL oee.indicators(s.staffed_time_ms, s.discount_time_ms, s.adjusted_discount_time_ms,
    s.stop_time_ms, s.failure_time_ms, s.failure_count, s.production_quantity, s.discard_quantity, s.ideal_units) AS i`;

/** The indicator columns of INDICATORS_OF_SUMS. */
export const INDICATOR_COLUMNS = `i.staffed_time_correct_ms, i.runtime_ms, i.good_units, i.units_per_runtime_minute,
    i.utilization, i.throughput, i.acceptance, i.oee, i.mtbf_minutes, i.mttr_minutes`;

/** The columns of a row of sums `s`. */
export const SUM_COLUMNS = `s.production_quantity, s.discard_quantity, s.staffed_time_ms, s.discount_time_ms,
    s.adjusted_discount_time_ms, s.stop_time_ms, s.failure_time_ms, s.failure_count, s.ideal_units`;

/**
 * Summed over line parts (rows with a line's summed inputs): every line's sums, and the covered lines' ones (those
 * whose ideal units are known) — the SQL twin of edge/src/domain/oee.ts rollUpIndicators.
 */
export const ROLL_UP_SUMS = `
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
export const INDICATORS_OF_ROLL_UP = `CROSS JOIN LATERAL oee.indicators(s.staffed_time_ms, s.discount_time_ms, s.adjusted_discount_time_ms,
    s.stop_time_ms, s.failure_time_ms, s.failure_count, s.production_quantity, s.discard_quantity, NULL) AS i
  CROSS JOIN LATERAL oee.indicators(s.covered_staffed_time_ms, s.covered_discount_time_ms, s.covered_adjusted_discount_time_ms,
    s.covered_stop_time_ms, 0, 0, s.covered_production_quantity, s.covered_discard_quantity, s.ideal_units) AS c`;

/** The indicator columns of a roll-up: OEE and throughput of the covered lines, the rest of every line. */
export const ROLL_UP_INDICATOR_COLUMNS = `i.staffed_time_correct_ms, i.runtime_ms, i.good_units, i.units_per_runtime_minute,
    i.utilization, c.throughput, i.acceptance, c.oee, i.mtbf_minutes, i.mttr_minutes`;
