import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, where the time went, centrally (edge migration 0026):
 * - oee.shift_indexes.breakdown_time_ms, setup_time_ms, small_stop_time_ms, not_line_loss_time_ms: each shift's
 *   counted stop time by loss kind as its edge's waterfall splits it (they add up to stop_time_ms less the effective
 *   adjustment). Null on rows the edge computed before it had them.
 * - oee.line_shift_losses: each live shift index of a line with the waterfall's times (ms): calendar (the shift's
 *   length), unstaffed (discount_shift_ms), planned (discounted), adjusted (the adjustment up to the stop time, as
 *   oee.indicators takes it), the four loss kinds, runtime, and the counts and ideal units speed and quality are
 *   computed from. A shift whose kinds are unknown (null) shows its counted stop time as breakdown, the kind of a stop
 *   nobody classified. Its production day and shift are 0005's stored columns.
 */
const statements = [
  `ALTER TABLE oee.shift_indexes ADD COLUMN IF NOT EXISTS breakdown_time_ms double precision,
    ADD COLUMN IF NOT EXISTS setup_time_ms double precision,
    ADD COLUMN IF NOT EXISTS small_stop_time_ms double precision,
    ADD COLUMN IF NOT EXISTS not_line_loss_time_ms double precision`,
  `CREATE VIEW oee.line_shift_losses AS
  SELECT si.plant_id, si.line_id, l.sector_id, si.production_day, si.shift_code, si.shift_start, si.shift_end, si.closed,
    extract(epoch FROM (CASE WHEN si.closed THEN si.shift_end ELSE least(si.shift_end, si.calculated_at) END - si.shift_start)) * 1000 AS calendar_ms,
    coalesce(si.discount_shift_ms, 0) AS unstaffed_ms,
    coalesce(si.staffed_time_ms, 0) AS staffed_time_ms,
    coalesce(si.discount_time_ms, 0) AS planned_ms,
    greatest(0, least(coalesce(si.adjusted_discount_time_ms, 0), coalesce(si.stop_time_ms, 0))) AS adjusted_ms,
    coalesce(si.stop_time_ms, 0) AS stop_time_ms,
    CASE WHEN si.breakdown_time_ms IS NULL OR si.setup_time_ms IS NULL OR si.small_stop_time_ms IS NULL OR si.not_line_loss_time_ms IS NULL
      THEN coalesce(si.stop_time_ms, 0) - greatest(0, least(coalesce(si.adjusted_discount_time_ms, 0), coalesce(si.stop_time_ms, 0)))
      ELSE si.breakdown_time_ms END AS breakdown_ms,
    CASE WHEN si.breakdown_time_ms IS NULL OR si.setup_time_ms IS NULL OR si.small_stop_time_ms IS NULL OR si.not_line_loss_time_ms IS NULL
      THEN 0 ELSE si.setup_time_ms END AS setup_ms,
    CASE WHEN si.breakdown_time_ms IS NULL OR si.setup_time_ms IS NULL OR si.small_stop_time_ms IS NULL OR si.not_line_loss_time_ms IS NULL
      THEN 0 ELSE si.small_stop_time_ms END AS small_stop_ms,
    CASE WHEN si.breakdown_time_ms IS NULL OR si.setup_time_ms IS NULL OR si.small_stop_time_ms IS NULL OR si.not_line_loss_time_ms IS NULL
      THEN 0 ELSE si.not_line_loss_time_ms END AS not_line_loss_ms,
    coalesce(si.production_quantity, 0) AS production_quantity,
    coalesce(si.discard_quantity, 0) AS discard_quantity,
    coalesce(si.failure_time_ms, 0) AS failure_time_ms,
    coalesce(si.failure_count, 0) AS failure_count,
    coalesce(si.ideal_units, CASE WHEN si.runtime_ms = 0 THEN 0 END) AS ideal_units
  FROM oee.shift_indexes si
  LEFT JOIN oee.lines l ON l.plant_id = si.plant_id AND l.line_id = si.line_id
  WHERE si.deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
