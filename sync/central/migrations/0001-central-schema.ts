import { sql, type Kysely } from 'kysely';

/**
 * The central copy of every plant's synced tables (ARCHITECTURE.md "sync/"), in the schema `oee`.
 *
 * Every table is keyed by (plant_id, the edge key): plants never collide, and the copy can be partitioned or
 * distributed by plant_id without changing the edge. `row_version` is the outbox seq of the change a row holds; the
 * applier only overwrites a row with a newer seq, so replays and out-of-order batches change nothing.
 * `deleted_at` marks a row deleted on the edge (a tombstone keeps the last content it had), `synced_at` when the
 * central copy last changed it. Non-key columns are nullable: the edge enforces its constraints, and a tombstone of a
 * row never seen centrally has only its key.
 *
 * Times are timestamptz; durations keep the edge's unit in their name (`_ms`, `_minutes`).
 */
/** The times (ms) and counts an order index and a shift index share, with the indicators the edge computed. */
const INDEX_TIMES = `production_quantity double precision, discard_quantity double precision,
    staffed_time_ms double precision, discount_time_ms double precision, adjusted_discount_time_ms double precision,
    staffed_time_correct_ms double precision, runtime_ms double precision, stop_time_ms double precision,
    failure_time_ms double precision, failure_count integer,
    utilization double precision, throughput double precision, acceptance double precision, oee double precision,
    mtbf_minutes double precision, mttr_minutes double precision, calculated_at timestamptz,`;

/** Bookkeeping of every replicated table: the version it holds, its tombstone, when the central copy changed it. */
const VERSIONED = `row_version bigint NOT NULL, deleted_at timestamptz, synced_at timestamptz NOT NULL DEFAULT now(),`;

const tables = [
  `CREATE TABLE oee.plants (
    plant_id text PRIMARY KEY,
    time_zone text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The highest outbox seq applied for a plant, written in the same transaction as the batch it acknowledges.
  `CREATE TABLE oee.plant_cursors (
    plant_id text PRIMARY KEY,
    last_seq bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE oee.buildings (
    plant_id text NOT NULL,
    building_id bigint NOT NULL,
    building_name text,
    ${VERSIONED}
    PRIMARY KEY (plant_id, building_id)
  )`,
  `CREATE TABLE oee.sectors (
    plant_id text NOT NULL,
    sector_id bigint NOT NULL,
    sector_name text,
    building_id bigint,
    ${VERSIONED}
    PRIMARY KEY (plant_id, sector_id)
  )`,
  `CREATE TABLE oee.lines (
    plant_id text NOT NULL,
    line_id integer NOT NULL,
    sector_id bigint,
    description text,
    calculation_baliza text,
    calculation_units text,
    calculation_discards text,
    fixed_throughput boolean,
    enable_stops_manager boolean,
    enable_order_manager boolean,
    enable_production_manager boolean,
    enable_calculation_relative boolean,
    enable_indicador_por_turno boolean,
    updated_by text,
    update_date timestamptz,
    ${VERSIONED}
    PRIMARY KEY (plant_id, line_id)
  )`,
  `CREATE TABLE oee.products (
    plant_id text NOT NULL,
    code text NOT NULL,
    name text,
    wrappers_per_package bigint,
    units_per_wrapper bigint,
    unit text,
    performance double precision,
    ${VERSIONED}
    PRIMARY KEY (plant_id, code)
  )`,
  `CREATE TABLE oee.stop_reasons (
    plant_id text NOT NULL,
    reason_id bigint NOT NULL,
    parent_id bigint,
    reason text,
    detail text,
    pareto boolean,
    discount_oee boolean,
    is_category boolean,
    color text,
    system_stop boolean,
    enabled_for_line jsonb,
    updated_by text,
    update_date timestamptz,
    ${VERSIONED}
    PRIMARY KEY (plant_id, reason_id)
  )`,
  `CREATE TABLE oee.orders (
    plant_id text NOT NULL,
    order_number text NOT NULL,
    op text,
    version integer,
    line_id integer,
    lot text,
    validation boolean,
    product_code text,
    product_name text,
    start_date timestamptz,
    end_date timestamptz,
    desired_production_quantity double precision,
    desired_production_speed double precision,
    production_quantity double precision,
    discard_quantity double precision,
    adjusted_discount_time_ms double precision,
    status integer,
    shift_start timestamptz,
    created_by text,
    create_date timestamptz,
    updated_by text,
    update_date timestamptz,
    ${VERSIONED}
    PRIMARY KEY (plant_id, order_number)
  )`,
  `CREATE INDEX orders_line_start ON oee.orders (plant_id, line_id, start_date)`,
  `CREATE TABLE oee.order_indexes (
    plant_id text NOT NULL,
    order_number text NOT NULL,
    line_id integer,
    ${INDEX_TIMES}
    production_speed double precision,
    nominal_speed double precision,
    performance double precision,
    ${VERSIONED}
    PRIMARY KEY (plant_id, order_number)
  )`,
  `CREATE TABLE oee.shift_indexes (
    plant_id text NOT NULL,
    line_id integer NOT NULL,
    shift_start timestamptz NOT NULL,
    shift_end timestamptz,
    ${INDEX_TIMES}
    ideal_units double precision,
    discount_shift_ms double precision,
    closed boolean,
    ${VERSIONED}
    PRIMARY KEY (plant_id, line_id, shift_start)
  )`,
  `CREATE INDEX shift_indexes_start ON oee.shift_indexes (plant_id, shift_start)`,
  `CREATE TABLE oee.stops (
    plant_id text NOT NULL,
    stop_id bigint NOT NULL,
    order_number text,
    op text,
    reproceso integer,
    line_id integer,
    split boolean,
    equipment_name text,
    reason text,
    reason_id bigint,
    root text,
    root_id bigint,
    path text,
    start_date timestamptz,
    end_date timestamptz,
    recognized boolean,
    observation text,
    maintenance_reason text,
    declaring_time_minutes double precision,
    waiting_time_minutes double precision,
    maintenance_time_minutes double precision,
    pareto boolean,
    discount_oee boolean,
    color text,
    updated_by text,
    update_date timestamptz,
    ${VERSIONED}
    PRIMARY KEY (plant_id, stop_id)
  )`,
  `CREATE INDEX stops_line_start ON oee.stops (plant_id, line_id, start_date)`,
  `CREATE INDEX stops_order ON oee.stops (plant_id, order_number)`,
];

/**
 * The one indicators formula of edge/src/domain/oee.ts (computeIndicators), in SQL, for the views: from summed
 * times (ms) and counts, never from averaged percentages.
 *   staffed_time_correct = max(0, staffed − discount − adjusted discount); runtime = max(0, that − stop)
 *   utilization = runtime / staffed_time_correct; throughput = units / ideal units; acceptance = good / units
 *   oee = utilization × good / ideal units (0 for a staffed period with no runtime; null when unknown)
 *   mtbf = runtime minutes / failures; mttr = failure minutes / failures
 * A division by zero gives null, as on the edge.
 */
const indicatorsFunction = `CREATE FUNCTION oee.indicators(
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
    FROM (SELECT greatest(0, $1 - $2 - $3) AS stc,
                 greatest(0, greatest(0, $1 - $2 - $3) - $4) AS rt,
                 greatest(0, $7 - $8) AS good) AS v
  $$`;

/** The summed inputs of a roll-up; `ideal_units` is unknown (null) as soon as one part's is unknown (oee.ts). */
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

const INDICATORS_OF_SUMS = `CROSS JOIN LATERAL oee.indicators(s.staffed_time_ms, s.discount_time_ms, s.adjusted_discount_time_ms,
    s.stop_time_ms, s.failure_time_ms, s.failure_count, s.production_quantity, s.discard_quantity, s.ideal_units) AS i`;

/** The indicator columns every view ends with. */
const INDICATOR_COLUMNS = `i.staffed_time_correct_ms, i.runtime_ms, i.good_units, i.units_per_runtime_minute,
    i.utilization, i.throughput, i.acceptance, i.oee, i.mtbf_minutes, i.mttr_minutes`;

const SUM_COLUMNS = `s.production_quantity, s.discard_quantity, s.staffed_time_ms, s.discount_time_ms,
    s.adjusted_discount_time_ms, s.stop_time_ms, s.failure_time_ms, s.failure_count, s.ideal_units`;

const views = [
  // Live shift indexes with the plant's local shift (TM 06:00, TT 14:00, TN 22:00) and production day (06:00 to
  // 06:00), and each row's ideal units as oee.ts's sumIndicatorInputs takes them: the stored value, or 0 when
  // there was no runtime.
  `CREATE VIEW oee.shift_index_inputs AS
  SELECT si.plant_id, si.line_id, si.shift_start, si.shift_end, si.closed,
    CASE extract(hour FROM si.shift_start AT TIME ZONE p.time_zone)
      WHEN 6 THEN 'TM' WHEN 14 THEN 'TT' WHEN 22 THEN 'TN' END AS shift_code,
    ((si.shift_start AT TIME ZONE p.time_zone) - interval '6 hours')::date AS production_day,
    si.production_quantity, si.discard_quantity, si.staffed_time_ms, si.discount_time_ms,
    si.adjusted_discount_time_ms, si.stop_time_ms, si.failure_time_ms, si.failure_count,
    coalesce(si.ideal_units, CASE WHEN si.runtime_ms = 0 THEN 0 END) AS ideal_units
  FROM oee.shift_indexes si
  JOIN oee.plants p ON p.plant_id = si.plant_id
  WHERE si.deleted_at IS NULL`,

  `CREATE VIEW oee.line_shift_indicators AS
  SELECT s.plant_id, s.line_id, l.description AS line_description, l.sector_id, se.sector_name,
    se.building_id, b.building_name, s.shift_start, s.shift_end, s.shift_code, s.production_day, s.closed,
    ${SUM_COLUMNS},
    ${INDICATOR_COLUMNS}
  FROM (SELECT plant_id, line_id, shift_start, shift_end, shift_code, production_day, closed, ${SUMS}
        FROM oee.shift_index_inputs GROUP BY plant_id, line_id, shift_start, shift_end, shift_code, production_day, closed) s
  ${INDICATORS_OF_SUMS}
  LEFT JOIN oee.lines l ON l.plant_id = s.plant_id AND l.line_id = s.line_id
  LEFT JOIN oee.sectors se ON se.plant_id = l.plant_id AND se.sector_id = l.sector_id
  LEFT JOIN oee.buildings b ON b.plant_id = se.plant_id AND b.building_id = se.building_id`,

  `CREATE VIEW oee.plant_shift_indicators AS
  SELECT s.plant_id, s.shift_start, s.shift_code, s.production_day, s.line_count,
    ${SUM_COLUMNS},
    ${INDICATOR_COLUMNS}
  FROM (SELECT plant_id, shift_start, shift_code, production_day, count(*) AS line_count, ${SUMS}
        FROM oee.shift_index_inputs GROUP BY plant_id, shift_start, shift_code, production_day) s
  ${INDICATORS_OF_SUMS}`,

  `CREATE VIEW oee.line_day_indicators AS
  SELECT s.plant_id, s.line_id, l.description AS line_description, l.sector_id, s.production_day, s.shift_count,
    ${SUM_COLUMNS},
    ${INDICATOR_COLUMNS}
  FROM (SELECT plant_id, line_id, production_day, count(*) AS shift_count, ${SUMS}
        FROM oee.shift_index_inputs GROUP BY plant_id, line_id, production_day) s
  ${INDICATORS_OF_SUMS}
  LEFT JOIN oee.lines l ON l.plant_id = s.plant_id AND l.line_id = s.line_id`,

  `CREATE VIEW oee.plant_day_indicators AS
  SELECT s.plant_id, s.production_day, s.line_count,
    ${SUM_COLUMNS},
    ${INDICATOR_COLUMNS}
  FROM (SELECT plant_id, production_day, count(DISTINCT line_id) AS line_count, ${SUMS}
        FROM oee.shift_index_inputs GROUP BY plant_id, production_day) s
  ${INDICATORS_OF_SUMS}`,

  // An order's index with its order and product. Its ideal units: nominal speed × runtime minutes (0 with no
  // runtime, unknown without a nominal speed), as oee.ts computes it.
  `CREATE VIEW oee.order_indicators AS
  SELECT s.plant_id, s.order_number, s.line_id, o.op, o.lot, o.product_code, o.product_name, o.status,
    o.start_date, o.end_date, o.desired_production_quantity, s.nominal_speed, s.calculated_at,
    ${SUM_COLUMNS},
    ${INDICATOR_COLUMNS}
  FROM (SELECT oi.plant_id, oi.order_number, oi.line_id, oi.nominal_speed, oi.calculated_at,
          oi.production_quantity, oi.discard_quantity, oi.staffed_time_ms, oi.discount_time_ms,
          oi.adjusted_discount_time_ms, oi.stop_time_ms, oi.failure_time_ms, oi.failure_count,
          CASE WHEN oi.runtime_ms = 0 THEN 0 ELSE oi.nominal_speed * (oi.runtime_ms / 60000) END AS ideal_units
        FROM oee.order_indexes oi WHERE oi.deleted_at IS NULL) s
  ${INDICATORS_OF_SUMS}
  LEFT JOIN oee.orders o ON o.plant_id = s.plant_id AND o.order_number = s.order_number`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...tables, indicatorsFunction, ...views]) await sql.raw(statement).execute(db);
}
