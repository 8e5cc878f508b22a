import { sql, type Kysely } from 'kysely';

/**
 * The central portal (issue 18, `oee-edge central serve`):
 *
 * - its own schema `portal` with its users and sessions — the only thing the portal ever writes. Its database role
 *   needs USAGE and SELECT on `oee` and write access to `portal` (README "Central portal").
 * - the views it reads that 0001 lacks, all over live rows only (tombstones never show):
 *   - oee.line_shift_inputs: each live shift index's summed inputs (0001's shift_index_inputs) with its line, sector,
 *     and its plant-local production day, ISO week (Monday) and month, for the roll-ups at any grain;
 *   - oee.stop_inputs: each live stop with its plant-local production day and its lost minutes (an open stop up to now);
 *   - oee.plant_freshness: each plant with its time zone, the cursor of the last batch applied and when.
 * Roll-ups sum these inputs and call oee.indicators on the sums (never averages of percentages).
 */
const statements = [
  `CREATE SCHEMA IF NOT EXISTS portal`,
  // role_id: 1 administrator (manages the portal's users and reads), 2 analyst (reads).
  `CREATE TABLE portal.users (
    user_id text PRIMARY KEY,
    first_name text NOT NULL DEFAULT '',
    last_name text NOT NULL DEFAULT '',
    role_id smallint NOT NULL CHECK (role_id IN (1, 2)),
    password_hash text NOT NULL,
    must_change_password boolean NOT NULL DEFAULT false,
    active boolean NOT NULL DEFAULT true,
    updated_by text,
    update_date timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_user_id_lower ON portal.users (lower(user_id))`,
  // Only the SHA-256 of a session token is stored.
  `CREATE TABLE portal.sessions (
    token_hash text PRIMARY KEY,
    user_id text NOT NULL REFERENCES portal.users (user_id) ON DELETE CASCADE ON UPDATE CASCADE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    ip_address text
  )`,
  `CREATE INDEX sessions_user ON portal.sessions (user_id)`,

  `CREATE VIEW oee.line_shift_inputs AS
  SELECT s.plant_id, s.line_id, l.description AS line_description, l.sector_id, se.sector_name,
    s.shift_start, s.shift_end, s.shift_code, s.production_day,
    date_trunc('week', s.production_day)::date AS production_week,
    date_trunc('month', s.production_day)::date AS production_month,
    s.closed, s.production_quantity, s.discard_quantity, s.staffed_time_ms, s.discount_time_ms,
    s.adjusted_discount_time_ms, s.stop_time_ms, s.failure_time_ms, s.failure_count, s.ideal_units
  FROM oee.shift_index_inputs s
  LEFT JOIN oee.lines l ON l.plant_id = s.plant_id AND l.line_id = s.line_id
  LEFT JOIN oee.sectors se ON se.plant_id = l.plant_id AND se.sector_id = l.sector_id`,
  `CREATE INDEX shift_indexes_live_start ON oee.shift_indexes (shift_start) WHERE deleted_at IS NULL`,

  `CREATE VIEW oee.stop_inputs AS
  SELECT st.plant_id, st.stop_id, st.line_id, l.description AS line_description, l.sector_id,
    st.order_number, st.reason_id, st.reason, st.root, st.path, st.start_date, st.end_date, st.recognized,
    st.pareto, st.discount_oee, st.color, st.observation, st.equipment_name,
    ((st.start_date AT TIME ZONE p.time_zone) - interval '6 hours')::date AS production_day,
    extract(epoch FROM (coalesce(st.end_date, now()) - st.start_date)) / 60 AS lost_minutes
  FROM oee.stops st
  JOIN oee.plants p ON p.plant_id = st.plant_id
  LEFT JOIN oee.lines l ON l.plant_id = st.plant_id AND l.line_id = st.line_id
  WHERE st.deleted_at IS NULL AND st.start_date IS NOT NULL`,
  `CREATE INDEX stops_plant_start ON oee.stops (plant_id, start_date) WHERE deleted_at IS NULL`,

  `CREATE VIEW oee.plant_freshness AS
  SELECT p.plant_id, p.time_zone, c.last_seq, c.updated_at AS last_synced_at,
    extract(epoch FROM (now() - c.updated_at)) AS sync_lag_seconds
  FROM oee.plants p
  LEFT JOIN oee.plant_cursors c ON c.plant_id = p.plant_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
