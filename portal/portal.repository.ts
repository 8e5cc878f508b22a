import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { filterToSql, type LoadOptions } from '../edge/src/modules/grid/load-options';
import type { CentralDB } from '../sync/central/central-database';
import type { Grain, Level } from './portal.schemas';
import {
  INDICATOR_COLUMNS,
  INDICATORS_OF_ROLL_UP,
  INDICATORS_OF_SUMS,
  ROLL_UP_INDICATOR_COLUMNS,
  ROLL_UP_SUMS,
  SUM_COLUMNS,
  SUMS,
} from './roll-up-sql';

/**
 * Every SQL statement of the portal. The plant data is read from the central views (0001, 0004) and the day sums
 * the database keeps of them (0005) in read-only transactions (portal-database.ts); every roll-up sums the inputs of
 * live shift indexes and calls oee.indicators on the sums, as the views do (roll-up-sql.ts). Dates of ranges are
 * production days, each plant's own as its work calendar has them, by the central functions that hold the rule
 * (oee.production_day and oee.production_day_start with the plant, migration 0014): no query here writes a day's start
 * itself. Rows are typed as PostgreSQL answers them.
 */

export type Reader = Transaction<CentralDB> | Kysely<CentralDB>;

/** A bigint or numeric as node-postgres answers it: its exact text (the service makes it a number). */
export type PgNumberText = string;

/** The summed inputs of a roll-up (roll-up-sql.ts SUM_COLUMNS). */
export interface SumColumns {
  production_quantity: number | null;
  discard_quantity: number | null;
  staffed_time_ms: number | null;
  discount_time_ms: number | null;
  adjusted_discount_time_ms: number | null;
  stop_time_ms: number | null;
  failure_time_ms: number | null;
  failure_count: PgNumberText | number | null;
  ideal_units: number | null;
}

/** oee.indicators of the sums (roll-up-sql.ts INDICATOR_COLUMNS, ROLL_UP_INDICATOR_COLUMNS). */
export interface IndicatorColumns {
  staffed_time_correct_ms: number | null;
  runtime_ms: number | null;
  good_units: number | null;
  units_per_runtime_minute: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
  mtbf_minutes: number | null;
  mttr_minutes: number | null;
}

/** How many lines a roll-up sums, and how many of them its OEE and throughput cover (ROLL_UP_SUMS). */
export interface RollUpCounts {
  line_count: PgNumberText;
  covered_line_count: PgNumberText;
}

/** A row's figures: sums and indicators, with the line counts when it is a roll-up of lines. */
export type FigureColumns = SumColumns & IndicatorColumns & Partial<RollUpCounts>;

async function rows<T>(db: Reader, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

const plantCondition = (column: string, plants: readonly string[]) =>
  plants.length ? sql`${sql.ref(column)} = ANY(${plants}::text[])` : sql`true`;

/** Each plant's production day (given, else its current one by its calendar: oee.production_day, migration 0014). */
function plantDays(day: string | undefined) {
  return sql`SELECT plant_id, time_zone,
      coalesce(${day ?? null}::date, oee.production_day(now(), time_zone, plant_id)) AS day
    FROM oee.plants`;
}

/**
 * Every plant: its zone, the day the overview shows, the freshness of its data (the cursor of its last batch), and
 * its name: the one its edge sends (the plantName parameter, migration 0010), else its buildings' names, else null.
 */
export interface PlantRow {
  plant_id: string;
  time_zone: string;
  day: string;
  week: string;
  last_seq: PgNumberText | null;
  last_synced_at: Date | null;
  sync_lag_seconds: PgNumberText | null;
  name: string | null;
}

export function plantsWithFreshness(db: Reader, day: string | undefined) {
  return rows(
    db,
    sql<PlantRow>`SELECT d.plant_id, d.time_zone, d.day::text AS day, date_trunc('week', d.day)::date::text AS week,
        f.last_seq::text AS last_seq, f.last_synced_at, f.sync_lag_seconds,
        coalesce(nullif(p.name, ''), (SELECT string_agg(b.building_name, ', ' ORDER BY b.building_name) FROM oee.buildings b
          WHERE b.plant_id = d.plant_id AND b.deleted_at IS NULL)) AS name
      FROM (${plantDays(day)}) d
      JOIN oee.plants p ON p.plant_id = d.plant_id
      JOIN oee.plant_freshness f ON f.plant_id = d.plant_id
      ORDER BY d.plant_id`,
  );
}

/**
 * Each plant's figures of its day and of its week (Monday to Sunday): each line's sums of the period from its days'
 * sums (oee.line_day_sums), then the plant's roll-up of its lines (0007): OEE and throughput of the lines with a
 * nominal speed wherever they ran, covered_line_count of line_count.
 */
export type PlantPeriodRow = { plant_id: string; period: 'day' | 'week' } & SumColumns & IndicatorColumns & RollUpCounts;

export function plantDayAndWeek(db: Reader, day: string | undefined) {
  return rows(
    db,
    sql<PlantPeriodRow>`WITH d AS (${plantDays(day)}),
      l AS (
        SELECT x.plant_id, 'day' AS period, x.line_id, ${sql.raw(SUMS)}
          FROM oee.line_day_sums x JOIN d ON d.plant_id = x.plant_id AND x.production_day = d.day GROUP BY x.plant_id, x.line_id
        UNION ALL
        SELECT x.plant_id, 'week' AS period, x.line_id, ${sql.raw(SUMS)}
          FROM oee.line_day_sums x JOIN d ON d.plant_id = x.plant_id
            AND x.production_day >= date_trunc('week', d.day)::date AND x.production_day < date_trunc('week', d.day)::date + 7
          GROUP BY x.plant_id, x.line_id)
      SELECT s.plant_id, s.period, s.line_count, s.covered_line_count, ${sql.raw(SUM_COLUMNS)}, ${sql.raw(ROLL_UP_INDICATOR_COLUMNS)}
      FROM (SELECT l.plant_id, l.period, ${sql.raw(ROLL_UP_SUMS)} FROM l GROUP BY l.plant_id, l.period) s
      ${sql.raw(INDICATORS_OF_ROLL_UP)}`,
  );
}

/** Every live line of every plant with its sector and its figures of the plant's day (null without shifts). */
export interface LineOfDayRow {
  plant_id: string;
  line_id: number;
  description: string | null;
  /** bigint: as text. */
  sector_id: PgNumberText | null;
  sector_name: string | null;
  production_quantity: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
}

export function linesOfDay(db: Reader, day: string | undefined) {
  return rows(
    db,
    sql<LineOfDayRow>`WITH d AS (${plantDays(day)}),
      figures AS (
        SELECT s.plant_id, s.line_id, ${sql.raw(SUM_COLUMNS)}, ${sql.raw(INDICATOR_COLUMNS)}
        FROM oee.line_day_sums s JOIN d ON d.plant_id = s.plant_id AND s.production_day = d.day
        ${sql.raw(INDICATORS_OF_SUMS)})
      SELECT l.plant_id, l.line_id, l.description, l.sector_id, se.sector_name, f.production_quantity, f.utilization, f.throughput,
        f.acceptance, f.oee
      FROM oee.lines l
      LEFT JOIN oee.sectors se ON se.plant_id = l.plant_id AND se.sector_id = l.sector_id AND se.deleted_at IS NULL
      LEFT JOIN figures f ON f.plant_id = l.plant_id AND f.line_id = l.line_id
      WHERE l.deleted_at IS NULL
      ORDER BY l.plant_id, l.line_id`,
  );
}

/** What a compare row is of: the plant, a sector of it or a line of it. */
const LEVEL_KEYS: Record<Level, readonly string[]> = {
  plant: ['plant_id'],
  sector: ['plant_id', 'sector_id', 'sector_name'],
  line: ['plant_id', 'sector_name', 'line_id', 'line_description'],
};
/** The period a compare row sums: a shift (of the plant's calendar), a production day, an ISO week, a month. */
const GRAIN_KEYS: Record<Grain, readonly string[]> = {
  shift: ['production_day', 'shift_start', 'shift_code'],
  day: ['production_day'],
  week: ['production_week'],
  month: ['production_month'],
};

/** A compare row: its level's keys, its period's (none in the totals), its figures. */
export type CompareRow = {
  plant_id: string;
  sector_id?: PgNumberText | null;
  sector_name?: string | null;
  line_id?: number | null;
  line_description?: string | null;
  production_day?: string;
  production_week?: string;
  production_month?: string;
  shift_start?: Date | null;
  shift_code?: string | null;
  total: boolean;
} & SumColumns &
  IndicatorColumns &
  RollUpCounts;

export interface CompareFilter {
  from: string;
  to: string;
  plants: readonly string[];
  grain: Grain;
  level: Level;
}

/**
 * The indicators of each plant, sector or line per period of the grain, and over the whole range (`total` true), from
 * the sums of the live shift indexes whose production day is in the range. Days, weeks and months read each line's
 * days as the database keeps them summed (oee.line_day_sums, migration 0005); shifts read the shift indexes, first
 * taken by their stored start (indexed) within a day of each plant's range, then by their stored production day. Each
 * line's sums of each period and of the range (GROUPING SETS, one scan) are then rolled up per plant, sector or line
 * (0007): OEE and throughput of the lines with a nominal speed wherever they ran, covered_line_count of line_count.
 * At most `limit` rows of each kind; the totals without the period's columns.
 */
export async function compareRows(db: Reader, filter: CompareFilter, limit: number) {
  const levelKeys = LEVEL_KEYS[filter.level];
  const grainKeys = GRAIN_KEYS[filter.grain];
  const keys = [...levelKeys, ...grainKeys];
  const lineKeys = levelKeys.includes('line_id') ? levelKeys : [...levelKeys, 'line_id'];
  const list = (alias: string, names: readonly string[]) => names.map((key) => `${alias}.${key}`).join(', ');
  const outer = keys.map((key) => (key.startsWith('production_') ? `s.${key}::text AS ${key}` : `s.${key}`)).join(', ');
  const days =
    filter.grain === 'shift'
      ? sql`SELECT x.plant_id, x.line_id, x.production_day, x.shift_start, x.shift_code, ${sql.raw(SUMS)}
        FROM oee.shift_index_inputs x JOIN (${plantBounds(filter.from, filter.to, filter.plants)}) b USING (plant_id)
        WHERE x.shift_start >= b.from_ts - interval '1 day' AND x.shift_start < b.to_ts + interval '1 day'
          AND x.production_day BETWEEN ${filter.from}::date AND ${filter.to}::date
        GROUP BY x.plant_id, x.line_id, x.production_day, x.shift_start, x.shift_code`
      : sql`SELECT s.*
        FROM oee.line_day_sums s
        WHERE ${plantCondition('s.plant_id', filter.plants)} AND s.production_day BETWEEN ${filter.from}::date AND ${filter.to}::date`;
  const byLine = filter.level !== 'plant';
  const found = await rows(
    db,
    sql<CompareRow & { n: PgNumberText }>`WITH d AS (${days}),
      x AS (
        SELECT d.*, ${byLine ? sql`l.description AS line_description, l.sector_id, se.sector_name,` : sql``}
          date_trunc('week', d.production_day)::date AS production_week, date_trunc('month', d.production_day)::date AS production_month
        FROM d
        ${byLine ? sql`LEFT JOIN oee.lines l ON l.plant_id = d.plant_id AND l.line_id = d.line_id LEFT JOIN oee.sectors se ON se.plant_id = l.plant_id AND se.sector_id = l.sector_id` : sql``}),
      l AS (
        SELECT ${sql.raw(list('x', [...lineKeys, ...grainKeys]))}, GROUPING(x.${sql.raw(grainKeys[0]!)}) = 1 AS total, ${sql.raw(SUMS)}
        FROM x
        GROUP BY GROUPING SETS ((${sql.raw(list('x', [...lineKeys, ...grainKeys]))}), (${sql.raw(list('x', lineKeys))})))
      SELECT * FROM (
        SELECT ${sql.raw(outer)}, s.total, s.line_count, s.covered_line_count, ${sql.raw(SUM_COLUMNS)}, ${sql.raw(ROLL_UP_INDICATOR_COLUMNS)},
          row_number() OVER (PARTITION BY s.total ORDER BY ${sql.raw(list('s', keys))}) AS n
        FROM (SELECT ${sql.raw(list('l', keys))}, l.total, ${sql.raw(ROLL_UP_SUMS)}
              FROM l
              GROUP BY ${sql.raw(list('l', keys))}, l.total) s
        ${sql.raw(INDICATORS_OF_ROLL_UP)}) r
      WHERE r.n <= ${limit}
      ORDER BY r.total, r.n`,
  );
  const withoutPeriod = (row: CompareRow): CompareRow => {
    const { production_day: _day, production_week: _week, production_month: _month, shift_start: _start, shift_code: _code, ...rest } = row;
    return rest;
  };
  return { byPeriod: found.filter((row) => !row.total), totals: found.filter((row) => row.total).map(withoutPeriod) };
}

/** Each plant's range as instants: from the start of its first production day to the start of the day after the last
 * (oee.production_day_start by its calendar, migration 0014); null for a missing end. */
function plantBounds(from: string | null, to: string | null, plants: readonly string[]) {
  return sql`SELECT plant_id,
      CASE WHEN ${from}::date IS NOT NULL THEN oee.production_day_start(${from}::date, time_zone, plant_id) END AS from_ts,
      CASE WHEN ${to}::date IS NOT NULL THEN oee.production_day_start(${to}::date + 1, time_zone, plant_id) END AS to_ts
    FROM oee.plants WHERE ${plantCondition('plant_id', plants)}`;
}

/**
 * The live stops that started in the range, summed three ways (GROUPING SETS): by reason name across plants
 * (unrecognized stops have none), by the first `pathLevel` levels of their reason's path, and by plant, line and
 * reason. Lost minutes: each stop's duration (one in progress, up to now). The ended stops are read as the database
 * keeps them summed per plant, line, production day, reason and path (oee.stop_day_sums, migration 0005: counts and
 * intervals, exact); the stops in progress (a few, index stops_open) are added live. Both are summed by plant, line,
 * reason and path as intervals (exact integer microseconds); the path prefixes and the three groupings are then made
 * of those few sums, and each sum becomes minutes once.
 */
export interface LossSumRow {
  grouping: 'reason' | 'path' | 'line';
  reason: string | null;
  path_prefix: string | null;
  plant_id: string | null;
  line_id: number | null;
  line_description: string | null;
  stops: number;
  lost_minutes: PgNumberText;
}

export function lossSums(db: Reader, filter: { from: string; to: string; plants: readonly string[]; pathLevel: number }) {
  return rows(
    db,
    sql<LossSumRow>`WITH g AS (
        SELECT u.plant_id, u.line_id, u.reason, u.path, sum(u.stops) AS stops, sum(u.lost) AS lost
        FROM (
          SELECT s.plant_id, s.line_id, s.reason, s.path, s.stops, s.lost
          FROM oee.stop_day_sums s
          WHERE ${plantCondition('s.plant_id', filter.plants)} AND s.production_day BETWEEN ${filter.from}::date AND ${filter.to}::date
          UNION ALL
          SELECT st.plant_id, st.line_id, st.reason, st.path, 1, now() - st.start_date
          FROM oee.stops st JOIN oee.plants p ON p.plant_id = st.plant_id
          WHERE ${plantCondition('st.plant_id', filter.plants)} AND st.deleted_at IS NULL AND st.end_date IS NULL
            AND oee.production_day(st.start_date, p.time_zone, st.plant_id) BETWEEN ${filter.from}::date AND ${filter.to}::date) u
        GROUP BY u.plant_id, u.line_id, u.reason, u.path),
      s AS (
        SELECT g.plant_id, g.line_id, l.description AS line_description, g.reason, g.stops, g.lost,
          array_to_string((string_to_array(g.path, '/'))[1:${filter.pathLevel}::int], '/') AS path_prefix
        FROM g LEFT JOIN oee.lines l ON l.plant_id = g.plant_id AND l.line_id = g.line_id)
      SELECT CASE WHEN GROUPING(path_prefix) = 0 THEN 'path' WHEN GROUPING(plant_id) = 0 THEN 'line' ELSE 'reason' END AS grouping,
        reason, path_prefix, plant_id, line_id, max(line_description) AS line_description,
        sum(stops)::int AS stops, extract(epoch FROM sum(lost)) / 60 AS lost_minutes
      FROM s
      GROUP BY GROUPING SETS ((reason), (path_prefix), (plant_id, line_id, reason))
      ORDER BY lost_minutes DESC`,
  );
}

/** An order of the orders grid, named as the grid's columns (ORDER_COLUMNS). */
export interface OrderSourceRow {
  plantId: string;
  order: string;
  lineID: number | null;
  line: string | null;
  op: string | null;
  lot: string | null;
  productCode: string | null;
  productName: string | null;
  status: number | null;
  startMs: PgNumberText | null;
  endMs: PgNumberText | null;
  timeZone: string;
  desiredProductionQuantity: number | null;
  productionQuantity: number | null;
  discardQuantity: number | null;
  staffedTimeMs: number | null;
  runtimeMs: number | null;
  stopTimeMs: number | null;
  utilization: number | null;
  throughput: number | null;
  acceptance: number | null;
  oee: number | null;
}

/** A line's shifts of a range summed for its waterfall (oee.line_shift_losses, migration 0012): times in ms. */
export interface LineLossSumRow {
  line_id: number;
  calendar_ms: number;
  unstaffed_ms: number;
  staffed_time_ms: number;
  planned_ms: number;
  adjusted_ms: number;
  stop_time_ms: number;
  breakdown_ms: number;
  setup_ms: number;
  small_stop_ms: number;
  not_line_loss_ms: number;
  failure_time_ms: number;
  failure_count: PgNumberText;
  production_quantity: number;
  discard_quantity: number;
  /** The start-up rejects among the discards (central migration 0015; null counted 0). */
  startup_discard_quantity: number;
  ideal_units: number | null;
  /** Made outside the work calendar's schedule (central migration 0013; null counted 0). */
  unscheduled_quantity: number;
  unscheduled_discards: number;
  unscheduled_runtime_ms: number;
}

/**
 * Each live line of a plant (or of one of its sectors, or one line) with its live shift indexes starting in
 * [fromMs, toMs) summed (zeros without any): the parts of the portal's waterfall, one per line as the edge's waterfall
 * has them. The range is the plant calendar's production days (portal.service), so the shifts are those the edge
 * computed for them, whatever their start. Ideal units are unknown for a line as soon as one of its shifts' is.
 */
export function lineLossSums(db: Reader, filter: { plant: string; sectorID?: number; lineID?: number; fromMs: number; toMs: number }) {
  return rows(
    db,
    sql<LineLossSumRow>`SELECT l.line_id, coalesce(sum(x.calendar_ms), 0)::float8 AS calendar_ms, coalesce(sum(x.unstaffed_ms), 0) AS unstaffed_ms,
        coalesce(sum(x.staffed_time_ms), 0) AS staffed_time_ms, coalesce(sum(x.planned_ms), 0) AS planned_ms, coalesce(sum(x.adjusted_ms), 0) AS adjusted_ms,
        coalesce(sum(x.stop_time_ms), 0) AS stop_time_ms, coalesce(sum(x.breakdown_ms), 0) AS breakdown_ms, coalesce(sum(x.setup_ms), 0) AS setup_ms,
        coalesce(sum(x.small_stop_ms), 0) AS small_stop_ms, coalesce(sum(x.not_line_loss_ms), 0) AS not_line_loss_ms,
        coalesce(sum(x.failure_time_ms), 0) AS failure_time_ms, coalesce(sum(x.failure_count), 0) AS failure_count,
        coalesce(sum(x.production_quantity), 0) AS production_quantity, coalesce(sum(x.discard_quantity), 0) AS discard_quantity,
        coalesce(sum(x.startup_discard_quantity), 0)::float8 AS startup_discard_quantity,
        CASE WHEN bool_or(x.ideal_units IS NULL AND x.line_id IS NOT NULL) THEN NULL ELSE coalesce(sum(x.ideal_units), 0) END AS ideal_units,
        coalesce(sum(si.unscheduled_quantity), 0)::float8 AS unscheduled_quantity,
        coalesce(sum(si.unscheduled_discards), 0)::float8 AS unscheduled_discards,
        coalesce(sum(si.unscheduled_runtime_ms), 0)::float8 AS unscheduled_runtime_ms
      FROM oee.lines l
      LEFT JOIN oee.line_shift_losses x ON x.plant_id = l.plant_id AND x.line_id = l.line_id
        AND x.shift_start >= to_timestamp(${filter.fromMs}::float8 / 1000) AND x.shift_start < to_timestamp(${filter.toMs}::float8 / 1000)
      LEFT JOIN oee.shift_indexes si ON si.plant_id = x.plant_id AND si.line_id = x.line_id AND si.shift_start = x.shift_start
        AND si.deleted_at IS NULL
      WHERE l.plant_id = ${filter.plant} AND l.deleted_at IS NULL
        ${filter.sectorID === undefined ? sql`` : sql`AND l.sector_id = ${filter.sectorID}`}
        ${filter.lineID === undefined ? sql`` : sql`AND l.line_id = ${filter.lineID}`}
      GROUP BY l.line_id
      ORDER BY l.line_id`,
  );
}

/**
 * A plant's range of production days as instants, by its calendar (oee.production_day_start, migration 0014): from
 * the start of `from` to the start of the day after `to`. Null for a plant the central copy does not know.
 */
export async function plantRangeMs(db: Reader, plant: string, from: string, to: string): Promise<{ fromMs: number; toMs: number } | null> {
  const found = await rows(
    db,
    sql<{ from_ms: number; to_ms: number }>`SELECT extract(epoch FROM b.from_ts)::float8 * 1000 AS from_ms,
        extract(epoch FROM b.to_ts)::float8 * 1000 AS to_ms
      FROM (${plantBounds(from, to, [plant])}) b`,
  );
  return found[0] ? { fromMs: found[0].from_ms, toMs: found[0].to_ms } : null;
}

/** A plant's zone (null for a plant the central copy does not know). */
export async function plantTimeZone(db: Reader, plant: string): Promise<string | null> {
  const found = await rows(db, sql<{ time_zone: string }>`SELECT time_zone FROM oee.plants WHERE plant_id = ${plant}`);
  return found[0]?.time_zone ?? null;
}

/** The rows of a plant's work calendars as replicated (central migration 0009): line_id 0 the plant's, else a line's own. */
export interface CalendarRowsOfPlant {
  versions: Array<{ line_id: number; effective_from: string; weekdays: string | null }>;
  shifts: Array<{
    line_id: number;
    effective_from: string;
    code: string;
    position: number | null;
    name_es: string | null;
    name_en: string | null;
    start_time: string | null;
    end_time: string | null;
  }>;
  breaks: Array<{ line_id: number; effective_from: string; shift_code: string; start_time: string; minutes: number | null }>;
  exceptions: Array<{ line_id: number; exception_date: string; kind: string; shift_code: string; until_time: string | null }>;
}

export async function calendarRowsOfPlant(db: Reader, plant: string): Promise<CalendarRowsOfPlant> {
  return {
    versions: await rows(
      db,
      sql<CalendarRowsOfPlant['versions'][number]>`SELECT line_id, effective_from, weekdays FROM oee.calendar_versions
        WHERE plant_id = ${plant} AND deleted_at IS NULL ORDER BY line_id, effective_from`,
    ),
    shifts: await rows(
      db,
      sql<CalendarRowsOfPlant['shifts'][number]>`SELECT line_id, effective_from, code, position, name_es, name_en, start_time, end_time
        FROM oee.calendar_shifts WHERE plant_id = ${plant} AND deleted_at IS NULL ORDER BY line_id, effective_from, position, code`,
    ),
    breaks: await rows(
      db,
      sql<CalendarRowsOfPlant['breaks'][number]>`SELECT line_id, effective_from, shift_code, start_time, minutes FROM oee.calendar_breaks
        WHERE plant_id = ${plant} AND deleted_at IS NULL ORDER BY line_id, effective_from, shift_code, start_time`,
    ),
    exceptions: await rows(
      db,
      sql<
        CalendarRowsOfPlant['exceptions'][number]
      >`SELECT line_id, exception_date, kind, shift_code, until_time FROM oee.calendar_exceptions
        WHERE plant_id = ${plant} AND deleted_at IS NULL ORDER BY line_id, exception_date, kind, shift_code`,
    ),
  };
}

/** The orders grid's rows: live order indexes with their order, line and plant-local times. */
function orderSource(filter: { from?: string; to?: string; plants: readonly string[] }) {
  // Each plant's bounds once (its calendar's days), not per order.
  const bounded = Boolean(filter.from || filter.to);
  const range = bounded
    ? sql`AND o.start_date IS NOT NULL AND (b.from_ts IS NULL OR o.start_date >= b.from_ts) AND (b.to_ts IS NULL OR o.start_date < b.to_ts)`
    : sql``;
  const bounds = bounded
    ? sql`JOIN (${plantBounds(filter.from ?? null, filter.to ?? null, filter.plants)}) b ON b.plant_id = o.plant_id`
    : sql``;
  return sql<OrderSourceRow>`(SELECT o.plant_id AS "plantId", o.order_number AS "order", o.line_id AS "lineID", l.description AS "line",
      o.op, o.lot, o.product_code AS "productCode", o.product_name AS "productName", o.status,
      extract(epoch FROM o.start_date) * 1000 AS "startMs", extract(epoch FROM o.end_date) * 1000 AS "endMs",
      p.time_zone AS "timeZone", o.desired_production_quantity AS "desiredProductionQuantity", o.production_quantity AS "productionQuantity", o.discard_quantity AS "discardQuantity",
      o.staffed_time_ms AS "staffedTimeMs", o.runtime_ms AS "runtimeMs", o.stop_time_ms AS "stopTimeMs",
      o.utilization, o.throughput, o.acceptance, o.oee
    FROM oee.order_indicators o
    JOIN oee.plants p ON p.plant_id = o.plant_id
    ${bounds}
    LEFT JOIN oee.lines l ON l.plant_id = o.plant_id AND l.line_id = o.line_id
    WHERE ${plantCondition('o.plant_id', filter.plants)} ${range})`;
}

/** A page of the orders grid (load options over ORDER_COLUMNS), with the total count when asked. */
export async function orderPage(db: Reader, filter: { from?: string; to?: string; plants: readonly string[] }, options: LoadOptions) {
  const base = db.selectFrom(orderSource(filter).as('t'));
  const where = options.filter;
  const filtered = where ? base.where((eb) => filterToSql(eb, where)) : base;
  let page = filtered.selectAll();
  const sort = options.sort.length ? options.sort : [{ column: 'startMs', desc: true }];
  for (const { column, desc } of [...sort, { column: 'plantId', desc: false }, { column: 'order', desc: false }]) {
    page = page.orderBy(sql.ref(column), (order) => (desc ? order.desc().nullsLast() : order.asc().nullsFirst()));
  }
  if (options.take !== null) page = page.limit(options.take);
  if (options.skip > 0) page = page.offset(options.skip);
  const data = (await page.execute()) as OrderSourceRow[];
  if (!options.requireTotalCount) return { data };
  const count = await filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { data, totalCount: Number(count.n) };
}

/** The live stops of an order (every line it ran on), by start. */
export interface OrderStopRow {
  plant_id: string;
  stop_id: PgNumberText;
  line_id: number | null;
  line_description: string | null;
  reason: string | null;
  path: string | null;
  recognized: boolean | null;
  observation: string | null;
  start_ms: PgNumberText;
  end_ms: PgNumberText | null;
  lost_minutes: PgNumberText;
  time_zone: string;
}

export function stopsOfOrder(db: Reader, plantId: string, order: string) {
  return rows(
    db,
    sql<OrderStopRow>`SELECT st.plant_id, st.stop_id, st.line_id, st.line_description, st.reason, st.path, st.recognized, st.observation,
        extract(epoch FROM st.start_date) * 1000 AS start_ms, extract(epoch FROM st.end_date) * 1000 AS end_ms, st.lost_minutes,
        p.time_zone
      FROM oee.stop_inputs st JOIN oee.plants p ON p.plant_id = st.plant_id
      WHERE st.plant_id = ${plantId} AND st.order_number = ${order}
      ORDER BY st.start_date, st.stop_id`,
  );
}
