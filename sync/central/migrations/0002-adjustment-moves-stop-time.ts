import { sql, type Kysely } from 'kysely';

/**
 * oee.indicators as edge/src/domain/oee.ts computes it since a supervisor's adjustment ('Ajustar') moves stop time to
 * discounted time instead of shortening the runtime:
 *   adjusted = greatest(0, least(adjusted discount, stop))   (the effective adjustment, capped at the stop time)
 *   staffed_time_correct = max(0, staffed − discount − adjusted); runtime = max(0, staffed − discount − stop)
 * The rest is 0001's formula. Same arguments and result columns, so CREATE OR REPLACE keeps the function's identity
 * and every view that calls it (they resolve the call when they run, not when they were created) computes with the
 * new body. The operations are those of computeIndicators, in the same order, so both give the same doubles.
 */
const indicatorsFunction = `CREATE OR REPLACE FUNCTION oee.indicators(
    staffed_ms double precision, discount_ms double precision, adjusted_discount_ms double precision,
    stop_ms double precision, failure_ms double precision, failure_count double precision,
    units double precision, discards double precision, ideal_units double precision)
  RETURNS TABLE (
    staffed_time_correct_ms double precision, runtime_ms double precision, good_units double precision,
    units_per_runtime_minute double precision, utilization double precision, throughput double precision,
    acceptance double precision, oee double precision, mtbf_minutes double precision, mttr_minutes double precision)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT v.stc, v.rt, v.good,
      $7 / nullif(v.rt / 60000, 0),
      v.rt / nullif(v.stc, 0),
      $7 / nullif($9, 0),
      v.good / nullif($7, 0),
      CASE WHEN v.stc = 0 THEN NULL WHEN v.rt = 0 THEN 0 ELSE (v.rt / v.stc) * v.good / nullif($9, 0) END,
      (v.rt / 60000) / nullif($6, 0),
      ($5 / 60000) / nullif($6, 0)
    FROM (SELECT greatest(0, $1 - $2 - greatest(0, least($3, $4))) AS stc,
                 greatest(0, $1 - $2 - $4) AS rt,
                 greatest(0, $7 - $8) AS good) AS v
  $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(indicatorsFunction).execute(db);
}
