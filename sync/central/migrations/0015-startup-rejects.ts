import { sql, type Kysely } from 'kysely';

/**
 * Issue 29, the quality loss split into start-up and production rejects (edge migration 0028):
 * - oee.lines.startup_reject_minutes: the start-up window the line declares (minutes after an order's start whose
 *   discards are start-up rejects); null: none.
 * - oee.order_indexes.startup_discards and oee.shift_indexes.startup_discards: the part of discard_quantity that is
 *   start-up rejects, as the edge computed it (null on rows sent before, counted 0: no line had a window then).
 * - oee.line_shift_losses gains startup_discard_quantity (appended, the view otherwise 0012's), so the portal's
 *   waterfall splits its quality bar from the very counts the edge's does.
 */
const statements = [
  `ALTER TABLE oee.lines ADD COLUMN IF NOT EXISTS startup_reject_minutes integer`,
  `ALTER TABLE oee.order_indexes ADD COLUMN IF NOT EXISTS startup_discards double precision`,
  `ALTER TABLE oee.shift_indexes ADD COLUMN IF NOT EXISTS startup_discards double precision`,
  `CREATE OR REPLACE VIEW oee.line_shift_losses AS
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
    coalesce(si.ideal_units, CASE WHEN si.runtime_ms = 0 THEN 0 END) AS ideal_units,
    coalesce(si.startup_discards, 0) AS startup_discard_quantity
  FROM oee.shift_indexes si
  LEFT JOIN oee.lines l ON l.plant_id = si.plant_id AND l.line_id = si.line_id
  WHERE si.deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
