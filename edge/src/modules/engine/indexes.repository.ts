import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { inJsonArray, prepared, type PreparedQuery } from '../../db/prepared';
import type { DB, Row } from '../../db/schema';
import { hasBeaconScript } from '../../domain/script/markers';
import { isDataGapReason, stopEventsOf, type StopEvent } from '../../domain/stops';
import { minuteOf } from '../../domain/time';
import { INDEX_MINUTE_COLUMNS, minuteColumnsSql } from './indexes.schemas';

/**
 * The line of a query that sorts or takes min()/max(). In such a query SQLite's planner looks at the value bound to a
 * bare `lineID = ?` and marks the statement to be prepared again every time it runs (3-6x the cost of the query
 * itself; the periodic refresh and the dashboards run these for every line). A CAST is not a bare parameter, so the
 * statement is planned once. Same rows: lineID is an INTEGER column. (A bound LIMIT does the same: limits here are
 * literals.)
 */
const onLine = (lineID: number) => sql<number>`CAST(${lineID} AS INTEGER)`;

/** What the indicator computation needs to know about a line. */
export interface LineSettings {
  lineID: number;
  sectorID: number;
  description: string;
  /** Lines with the order manager are staffed only while an order runs (see line-indicators.ts). */
  managesOrders: boolean;
  /**
   * A line without a beacon whose stops people enter (the manual stops manager): known only up to the end of its
   * latest stop (domain/manual-lines.ts), so no time after it counts (line-indicators.ts).
   */
  readByHand: boolean;
  /**
   * The start-up window the line declares (migration 0028): the discards of the minutes starting within this many
   * minutes of an order's start are start-up rejects (line-indicators.ts). null: none, every discard a production reject.
   */
  startupRejectMinutes: number | null;
}

function lineSettingsQuery(db: Database) {
  return db
    .selectFrom('lines')
    .select(['lineID', 'sectorID', 'description', 'enableOrderManager', 'enableStopsManager', 'calculationBaliza', 'startupRejectMinutes']);
}

function toLineSettings(row: {
  lineID: number;
  sectorID: number;
  description: string;
  enableOrderManager: number;
  enableStopsManager: number;
  calculationBaliza: string | null;
  startupRejectMinutes: number | null;
}): LineSettings {
  return {
    lineID: row.lineID,
    sectorID: row.sectorID,
    description: row.description,
    managesOrders: row.enableOrderManager === 1,
    readByHand: row.enableStopsManager === 1 && !hasBeaconScript(row.calculationBaliza),
    startupRejectMinutes: row.startupRejectMinutes !== null && row.startupRejectMinutes > 0 ? row.startupRejectMinutes : null,
  };
}

const lineSettingsByID = prepared((db, p: { lineID: number }) => lineSettingsQuery(db).where('lineID', '=', p.lineID));

export async function findLineSettings(db: Database, lineID: number): Promise<LineSettings | undefined> {
  const row = await lineSettingsByID.executeTakeFirst(db, { lineID });
  return row ? toLineSettings(row) : undefined;
}

/** Every line, or the lines given, ordered by lineID. */
export async function listLineSettings(
  db: Database,
  filter: { lineIDs?: readonly number[]; sectorID?: number } = {},
): Promise<LineSettings[]> {
  let query = lineSettingsQuery(db).orderBy('lineID');
  if (filter.lineIDs) {
    if (filter.lineIDs.length === 0) return [];
    query = query.where('lineID', 'in', [...filter.lineIDs]);
  }
  if (filter.sectorID !== undefined) query = query.where('sectorID', '=', filter.sectorID);
  return (await query.execute()).map(toLineSettings);
}

/** An order as the indicator computation sees it: its span and the nominal speed of its product on its line. */
export interface OrderSpan {
  order: string;
  lineID: number;
  status: number;
  startMs: number;
  /** null while the order runs. */
  endMs: number | null;
  adjustedDiscountMs: number;
  /** product_speeds.speed of the order's product on the line, else the order's desired speed (units per minute). */
  nominalUnitsPerMinute: number | null;
  /** The product's performance factor (0..1), shown with the order index. */
  performance: number | null;
  /** The quantities stored on the order (kept equal to its index's). */
  productionQuantity: number;
  discardQuantity: number;
}

function orderSpanQuery(db: Database) {
  return db
    .selectFrom('orders as o')
    .leftJoin('product_speeds as ps', (join) => join.onRef('ps.code', '=', 'o.productCode').onRef('ps.lineID', '=', 'o.lineID'))
    .leftJoin('products as p', 'p.code', 'o.productCode')
    .select([
      'o.order as order',
      'o.lineID as lineID',
      'o.status as status',
      'o.startDate as startMs',
      'o.endDate as endMs',
      'o.adjustedDiscountTime as adjustedDiscountMs',
      sql<number | null>`coalesce(ps.speed, o.desiredProductionSpeed)`.as('nominalUnitsPerMinute'),
      'p.performance as performance',
      'o.productionQuantity as productionQuantity',
      'o.discardQuantity as discardQuantity',
    ])
    .where('o.startDate', 'is not', null);
}

type OrderSpanRow = Omit<OrderSpan, 'startMs'> & { startMs: number | null };
const toOrderSpans = (rows: OrderSpanRow[]): OrderSpan[] => rows as OrderSpan[];

/**
 * The reads of the indicator computation come for a list of lines over one range (the periodic refresh reads every
 * line's open shift in a few statements, not a few per line), as a JSON array of line IDs; the one-line functions
 * ask for a list of one.
 */
type LinesRange = { lineIDs: string; fromMs: number; toMs: number };

/** Groups rows by line, for every line asked for (a line without rows gets an empty list), keeping their order. */
function byLine<R extends { lineID: number }, T>(lineIDs: readonly number[], rows: readonly R[], map: (row: R) => T): Map<number, T[]> {
  const grouped = new Map<number, T[]>(lineIDs.map((lineID) => [lineID, []]));
  for (const row of rows) grouped.get(row.lineID)?.push(map(row));
  return grouped;
}

/** The started orders of lines that share time with [fromMs, toMs) (an order still running ends at +∞), by start. */
const ordersOverlappingQuery = prepared((db, p: LinesRange) =>
  orderSpanQuery(db)
    .where('o.lineID', 'in', inJsonArray(p.lineIDs))
    .where('o.startDate', '<', p.toMs)
    .where((eb) => eb.or([eb('o.endDate', 'is', null), eb('o.endDate', '>', p.fromMs)]))
    .orderBy('o.startDate'),
);

export async function ordersOverlappingLines(
  db: Database,
  lineIDs: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, OrderSpan[]>> {
  const rows = toOrderSpans(await ordersOverlappingQuery.execute(db, { lineIDs: JSON.stringify(lineIDs), fromMs, toMs }));
  return byLine(lineIDs, rows, (row) => row);
}

export async function ordersOverlapping(db: Database, lineID: number, fromMs: number, toMs: number): Promise<OrderSpan[]> {
  return (await ordersOverlappingLines(db, [lineID], fromMs, toMs)).get(lineID)!;
}

const orderSpanByOrder = prepared((db, p: { order: string }) => orderSpanQuery(db).where('o.order', '=', p.order));

export async function findOrderSpan(db: Database, order: string): Promise<OrderSpan | undefined> {
  return (await orderSpanByOrder.executeTakeFirst(db, { order })) as OrderSpan | undefined;
}

/** Every started order of a line, by start. */
export async function orderSpansOfLine(db: Database, lineID: number): Promise<OrderSpan[]> {
  return toOrderSpans(await orderSpanQuery(db).where('o.lineID', '=', onLine(lineID)).orderBy('o.startDate').execute());
}

/** A stop as the indicators account for it (domain AccountedStop): a split piece carries its whole event. */
export interface StopSpan {
  startMs: number;
  endMs: number | null;
  discountOEE: boolean;
  dataGap: boolean;
  /** The stop's reason (null: not recognized yet), for its loss kind (domain/losses.ts). */
  reasonID: number | null;
  /** The event a split piece belongs to (stops.eventID), null for a stop never split. */
  eventID: number | null;
  event?: StopEvent;
}

const stopSpanColumns = ['startDate as startMs', 'endDate as endMs', 'discountOEE', 'reasonID', 'eventID'] as const;
type StopSpanRow = { startMs: number; endMs: number | null; discountOEE: number; reasonID: number | null; eventID: number | null };
const toStopSpan = (row: StopSpanRow): StopSpan => ({
  startMs: row.startMs,
  endMs: row.endMs,
  discountOEE: row.discountOEE === 1,
  dataGap: isDataGapReason(row.reasonID),
  reasonID: row.reasonID,
  eventID: row.eventID,
});

/** Gives each split piece among `spans` its whole event (all its pieces are read: some may lie outside the range). */
async function withEvents(db: Database, spans: readonly StopSpan[]): Promise<void> {
  const eventIDs = [...new Set(spans.map((span) => span.eventID).filter((id): id is number => id !== null))];
  if (eventIDs.length === 0) return;
  const pieces = await eventPiecesQuery.execute(db, { eventIDs: JSON.stringify(eventIDs) });
  const events = stopEventsOf(pieces.map((piece) => ({ ...toStopSpan(piece), eventID: piece.eventID! })));
  for (const span of spans) if (span.eventID !== null) span.event = events.get(span.eventID);
}

const eventPiecesQuery = prepared((db, p: { eventIDs: string }) =>
  db.selectFrom('stops').select(stopSpanColumns).where('eventID', 'in', inJsonArray(p.eventIDs)),
);

/**
 * The stops of lines that can share time with [fromMs, toMs): those starting inside it, plus the last one starting
 * before it. Stops of a line never overlap (the open-stop index and the overlap rule keep it so), so no earlier stop
 * can reach into the range, and both reads stay on the (lineID, startDate) index however long the history is.
 */
export async function stopSpansOfLines(
  db: Database,
  lineIDs: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, StopSpan[]>> {
  const params = { lineIDs: JSON.stringify(lineIDs), fromMs, toMs };
  const rows = [...(await stopSpanBefore.execute(db, params)), ...(await stopSpansInside.execute(db, params))];
  const spans = byLine(lineIDs, rows, toStopSpan);
  await withEvents(db, [...spans.values()].flat());
  return spans;
}

/** The end of the line's last stop starting before `beforeMs` (null: none, or still open). */
export async function endOfStopBefore(db: Database, lineID: number, beforeMs: number): Promise<number | null> {
  const row = await db
    .selectFrom('stops')
    .select('endDate')
    .where('lineID', '=', lineID)
    .where('startDate', '<', beforeMs)
    .orderBy('startDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.endDate ?? null;
}

/** Each line's latest stop (null: none yet): how far a line read by hand is known (domain/manual-lines.ts). */
export async function latestStopsOfLines(db: Database, lineIDs: readonly number[]): Promise<Map<number, { endMs: number | null } | null>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await latestStopQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.map((row) => [row.lineID, row.found === null ? null : { endMs: row.endMs }]));
}

const latestStopQuery = prepared(
  (_db, p: { lineIDs: string }) => sql<{ lineID: number; found: number | null; endMs: number | null }>`
    SELECT l.value AS lineID, s.stopID AS found, s.endDate AS endMs
    FROM json_each(${p.lineIDs}) AS l
    LEFT JOIN stops AS s ON s.stopID = (SELECT stopID FROM stops WHERE lineID = l.value ORDER BY startDate DESC LIMIT 1)`,
);

/** Each line's last stop starting before the range (the subquery walks the (lineID, startDate) index backwards). */
const stopSpanBefore = prepared(
  (_db, p: LinesRange) => sql<StopSpanRow & { lineID: number }>`
    SELECT s.lineID, s.startDate AS startMs, s.endDate AS endMs, s.discountOEE, s.reasonID, s.eventID
    FROM json_each(${p.lineIDs}) AS l
    JOIN stops AS s ON s.stopID = (SELECT stopID FROM stops WHERE lineID = l.value AND startDate < ${p.fromMs} ORDER BY startDate DESC LIMIT 1)`,
);
const stopSpansInside = prepared((db, p: LinesRange) =>
  db
    .selectFrom('stops')
    .select(['lineID', ...stopSpanColumns])
    .where('lineID', 'in', inJsonArray(p.lineIDs))
    .where('startDate', '>=', p.fromMs)
    .where('startDate', '<', p.toMs)
    .orderBy('lineID')
    .orderBy('startDate'),
);

/** Every stop of a line, by start (each split piece with its event: all its pieces are among them). */
export async function stopSpansOfLine(db: Database, lineID: number): Promise<StopSpan[]> {
  const spans = (
    await db.selectFrom('stops').select(stopSpanColumns).where('lineID', '=', onLine(lineID)).orderBy('startDate').execute()
  ).map(toStopSpan);
  const events = stopEventsOf(spans.filter((span) => span.eventID !== null).map((span) => ({ ...span, eventID: span.eventID! })));
  for (const span of spans) if (span.eventID !== null) span.event = events.get(span.eventID);
  return spans;
}

export interface ProductionMinute {
  minuteStart: number;
  order: string | null;
  units: number;
  discards: number;
  /** The part of discards declared by hand as start-up rejects (edge migration 0028). */
  startupDiscards: number;
}

/** Production minutes of lines starting in [minute of fromMs, toMs), in time order. */
export function productionMinutesOfLines(
  db: Database,
  lineIDs: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, ProductionMinute[]>> {
  return productionOfLines(productionMinutesQuery, db, lineIDs, fromMs, toMs);
}

/**
 * The production of lines in [minute of fromMs, toMs) summed by order: one row per line and order, standing for all
 * its minutes (at the first of them). For a computation over that whole range it gives the same figures as the
 * minutes, for a read of a few rows per line instead of one per minute (480 a line at the end of a shift).
 */
export function productionTotalsOfLines(
  db: Database,
  lineIDs: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, ProductionMinute[]>> {
  return productionOfLines(productionTotalsQuery, db, lineIDs, fromMs, toMs);
}

async function productionOfLines(
  query: PreparedQuery<LinesRange, ProductionMinute & { lineID: number }>,
  db: Database,
  lineIDs: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, ProductionMinute[]>> {
  const rows = await query.execute(db, { lineIDs: JSON.stringify(lineIDs), fromMs: minuteOf(fromMs), toMs });
  return byLine(lineIDs, rows, ({ minuteStart, order, units, discards, startupDiscards }) => ({
    minuteStart,
    order,
    units,
    discards,
    startupDiscards,
  }));
}

const productionTotalsQuery = prepared((db, p: LinesRange) =>
  db
    .selectFrom('production_minutes')
    .select((eb) => [
      'lineID',
      'order',
      eb.fn.min<number>('minuteStart').as('minuteStart'),
      eb.fn.sum<number>('units').as('units'),
      eb.fn.sum<number>('discards').as('discards'),
      eb.fn.sum<number>('startupDiscards').as('startupDiscards'),
    ])
    .where('lineID', 'in', inJsonArray(p.lineIDs))
    .where('minuteStart', '>=', p.fromMs)
    .where('minuteStart', '<', p.toMs)
    .groupBy(['lineID', 'order'])
    .orderBy('lineID')
    .orderBy('minuteStart'),
);

const productionMinutesQuery = prepared((db, p: LinesRange) =>
  db
    .selectFrom('production_minutes')
    .select(['lineID', 'minuteStart', 'order', 'units', 'discards', 'startupDiscards'])
    .where('lineID', 'in', inJsonArray(p.lineIDs))
    .where('minuteStart', '>=', p.fromMs)
    .where('minuteStart', '<', p.toMs)
    .orderBy('lineID')
    .orderBy('minuteStart'),
);

export async function productionMinutesOfLine(db: Database, lineID: number): Promise<ProductionMinute[]> {
  return db
    .selectFrom('production_minutes')
    .select(['minuteStart', 'order', 'units', 'discards', 'startupDiscards'])
    .where('lineID', '=', onLine(lineID))
    .orderBy('minuteStart')
    .execute();
}

export interface EngineParameters {
  microStopSeconds: number;
  refreshSeconds: number;
  /** A counter step above this many times the line's top speed is not production (see counterStepLimit). */
  counterPlausibilityFactor: number;
}

/** The parameters the engine reads (seeded defaults when the row is missing). */
const engineParametersQuery = prepared((db) =>
  db.selectFrom('parameters').select(['microStopTime', 'oeeCalculationRefresh', 'counterPlausibilityFactor']).where('id', '=', 1),
);

export async function engineParameters(db: Database): Promise<EngineParameters> {
  const row = await engineParametersQuery.executeTakeFirst(db, {});
  return {
    microStopSeconds: row?.microStopTime ?? 60,
    refreshSeconds: row?.oeeCalculationRefresh ?? 10,
    counterPlausibilityFactor: row?.counterPlausibilityFactor ?? 10,
  };
}

/** `line`: the line's ID as SQL (a bound value, or a column of the enclosing query). */
const FIRST_DATA_SOURCES = (line: RawBuilder<number>) => sql`
  SELECT min(startDate) AS t FROM orders WHERE lineID = ${line}
  UNION ALL SELECT min(startDate) FROM stops WHERE lineID = ${line}
  UNION ALL SELECT min(minuteStart) FROM production_minutes WHERE lineID = ${line}
  UNION ALL SELECT firstSeenAt FROM line_states WHERE lineID = ${line}`;

/**
 * The first instant each line is known from: its first order, stop or production, or when the acquisition first
 * reported it. A line without the order manager is staffed from then on. Null: nothing known yet.
 */
export async function firstDataOfLines(db: Database, lineIDs: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await firstDataQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.map((row) => [row.lineID, row.first]));
}

const firstDataQuery = prepared(
  (_db, p: { lineIDs: string }) =>
    sql<{
      lineID: number;
      first: number | null;
    }>`SELECT l.value AS lineID, (SELECT min(t) FROM (${FIRST_DATA_SOURCES(sql<number>`l.value`)})) AS first FROM json_each(${p.lineIDs}) AS l`,
);

/** Where a line's shift indexes start: its first data, or an older stored shift index (the recalculation rebuilds it too). */
export async function firstActivityOfLine(db: Database, lineID: number): Promise<number | null> {
  return (await firstActivityQuery.executeTakeFirst(db, { lineID }))?.first ?? null;
}

/** Where the shift indexes of `line` (SQL, as FIRST_DATA_SOURCES takes it) start: firstActivityOfLine's value. */
const FIRST_ACTIVITY = (line: RawBuilder<number>) => sql<number | null>`
  (SELECT min(t) FROM (${FIRST_DATA_SOURCES(line)} UNION ALL SELECT min(shiftStart) FROM shift_indexes WHERE lineID = ${line}))`;

const firstActivityQuery = prepared(
  (_db, p: { lineID: number }) => sql<{ first: number | null }>`SELECT ${FIRST_ACTIVITY(onLine(p.lineID))} AS first`,
);

/** When the acquisition first reported the line (null: never). */
export async function firstSeenOfLine(db: Database, lineID: number): Promise<number | null> {
  const row = await db.selectFrom('line_states').select('firstSeenAt').where('lineID', '=', lineID).executeTakeFirst();
  return row?.firstSeenAt ?? null;
}

const orderIndexByOrder = prepared((db, p: { order: string }) => db.selectFrom('order_indexes').selectAll().where('order', '=', p.order));

export function findOrderIndex(db: Database, order: string): Promise<Row<'order_indexes'> | undefined> {
  return orderIndexByOrder.executeTakeFirst(db, { order });
}

export async function orderIndexesOfLine(db: Database, lineID: number): Promise<Map<string, Row<'order_indexes'>>> {
  const rows = await db.selectFrom('order_indexes').selectAll().where('lineID', '=', lineID).execute();
  return new Map(rows.map((row) => [row.order, row]));
}

const shiftIndexByKey = prepared((db, p: { lineID: number; shiftStart: number }) =>
  db.selectFrom('shift_indexes').selectAll().where('lineID', '=', p.lineID).where('shiftStart', '=', p.shiftStart),
);

export function findShiftIndex(db: Database, lineID: number, shiftStart: number): Promise<Row<'shift_indexes'> | undefined> {
  return shiftIndexByKey.executeTakeFirst(db, { lineID, shiftStart });
}

const shiftIndexesAtQuery = prepared((db, p: { lineIDs: string; shiftStart: number }) =>
  db.selectFrom('shift_indexes').selectAll().where('lineID', 'in', inJsonArray(p.lineIDs)).where('shiftStart', '=', p.shiftStart),
);

/** The stored indexes of one shift of several lines, by line. */
export async function shiftIndexesAt(
  db: Database,
  lineIDs: readonly number[],
  shiftStart: number,
): Promise<Map<number, Row<'shift_indexes'>>> {
  const rows = await shiftIndexesAtQuery.execute(db, { lineIDs: JSON.stringify(lineIDs), shiftStart });
  return new Map(rows.map((row) => [row.lineID, row]));
}

export async function shiftIndexesOfLine(db: Database, lineID: number): Promise<Map<number, Row<'shift_indexes'>>> {
  const rows = await db.selectFrom('shift_indexes').selectAll().where('lineID', '=', lineID).execute();
  return new Map(rows.map((row) => [row.shiftStart, row]));
}

/** A line's open shift indexes (closed = 0): its current shift's, and for a moment one that just ended. */
export function openShiftIndexesOfLine(db: Database, lineID: number): Promise<Row<'shift_indexes'>[]> {
  return db.selectFrom('shift_indexes').selectAll().where('lineID', '=', onLine(lineID)).where('closed', '=', 0).execute();
}

/** The line's stored shift index that starts last before `beforeMs`, if any. */
export function shiftIndexBefore(db: Database, lineID: number, beforeMs: number): Promise<Row<'shift_indexes'> | undefined> {
  return db
    .selectFrom('shift_indexes')
    .selectAll()
    .where('lineID', '=', onLine(lineID))
    .where('shiftStart', '<', beforeMs)
    .orderBy('shiftStart', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Per line, what the shift close starts from: the start of its last closed shift index, and, for a line with none
 * closed yet, where its shift indexes start (firstActivityOfLine). One statement for every line: the close looks each
 * minute.
 */
export async function shiftCloseStartsOfLines(
  db: Database,
  lineIDs: readonly number[],
): Promise<Map<number, { lastClosed: number | null; firstActivity: number | null }>> {
  const rows = await shiftCloseStartsQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.map((row) => [row.lineID, { lastClosed: row.lastClosed, firstActivity: row.firstActivity }]));
}

const shiftCloseStartsQuery = prepared(
  (_db, p: { lineIDs: string }) => sql<{ lineID: number; lastClosed: number | null; firstActivity: number | null }>`
    SELECT q.lineID, q.lastClosed, CASE WHEN q.lastClosed IS NULL THEN ${FIRST_ACTIVITY(sql<number>`q.lineID`)} END AS firstActivity
    FROM (
      SELECT l.value AS lineID, (SELECT max(shiftStart) FROM shift_indexes WHERE lineID = l.value AND closed = 1) AS lastClosed
      FROM json_each(${p.lineIDs}) AS l
    ) AS q`,
);

/** The stored shift codes of some shift indexes, by `lineID|shiftStart` (rows without one left out). */
export async function shiftCodesOf(db: Database, keys: readonly { lineID: number; shiftStart: number }[]): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  if (keys.length === 0) return codes;
  const rows = await db
    .selectFrom('shift_indexes')
    .select(['lineID', 'shiftStart', 'shiftCode'])
    .where('lineID', 'in', [...new Set(keys.map((key) => key.lineID))])
    .where('shiftStart', 'in', [...new Set(keys.map((key) => key.shiftStart))])
    .where('shiftCode', 'is not', null)
    .execute();
  for (const row of rows) codes.set(`${row.lineID}|${row.shiftStart}`, row.shiftCode!);
  return codes;
}

/** The shift-index grid: each stored shift index with its line's description, times in minutes. */
export function shiftIndexGridSource(db: Database) {
  return db
    .selectFrom('shift_indexes as s')
    .innerJoin('lines as l', 'l.lineID', 's.lineID')
    .select([
      's.lineID',
      'l.description',
      's.shiftStart',
      's.shiftEnd',
      's.productionQuantity',
      's.discardQuantity',
      's.idealUnits',
      ...minuteColumnsSql('s', INDEX_MINUTE_COLUMNS),
      's.failureCount',
      's.utilization',
      's.throughput',
      's.acceptance',
      's.oee',
      's.mtbf',
      's.mttr',
      's.unstaffedQuantity',
      's.unstaffedDiscards',
      's.unscheduledQuantity',
      's.unscheduledDiscards',
      's.shiftCode',
      's.productionDay',
      's.closed',
      's.calculatedAt',
    ]) as unknown as SelectQueryBuilder<DB, keyof DB, Record<string, unknown>>;
}
