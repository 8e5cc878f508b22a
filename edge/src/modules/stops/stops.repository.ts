import { sql, type SelectQueryBuilder } from 'kysely';
import { inJsonArray, prepared } from '../../db/prepared';
import type { DB, Row } from '../../db/schema';
import { hasBeaconScript } from '../../domain/script';
import type { ReasonsById, StopReasonNode } from '../../domain/stops';
import type { Database } from '../../db/database';

export type StopRow = Row<'stops'>;

export function findStop(db: Database, stopID: number): Promise<StopRow | undefined> {
  return db.selectFrom('stops').selectAll().where('stopID', '=', stopID).executeTakeFirst();
}

/** The stop in progress of each of the lines (at most one per line: the stops_one_open_per_line index). */
export async function openStopsOfLines(db: Database, lineIDs: readonly number[]): Promise<Map<number, StopRow>> {
  if (lineIDs.length === 0) return new Map();
  const rows = await openStopsQuery.execute(db, { lineIDs: JSON.stringify(lineIDs) });
  return new Map(rows.map((row) => [row.lineID, row]));
}

const openStopsQuery = prepared((db, p: { lineIDs: string }) =>
  db.selectFrom('stops').selectAll().where('endDate', 'is', null).where('lineID', 'in', inJsonArray(p.lineIDs)),
);

/**
 * The stops of a line that can overlap [fromMs, toMs]: the last one starting before it, those starting inside it,
 * and the stop in progress. Stops of a line never overlap, so no earlier stop can reach into the range.
 */
export async function stopsNear(db: Database, lineID: number, fromMs: number, toMs: number): Promise<StopRow[]> {
  const previous = await db
    .selectFrom('stops')
    .selectAll()
    .where('lineID', '=', lineID)
    .where('startDate', '<', fromMs)
    .orderBy('startDate', 'desc')
    .limit(1)
    .execute();
  const inside = await db
    .selectFrom('stops')
    .selectAll()
    .where('lineID', '=', lineID)
    .where('startDate', '>=', fromMs)
    .where('startDate', '<=', toMs)
    .execute();
  const open = await db.selectFrom('stops').selectAll().where('lineID', '=', lineID).where('endDate', 'is', null).execute();
  const byId = new Map<number, StopRow>();
  for (const row of [...previous, ...inside, ...open]) byId.set(row.stopID, row);
  return [...byId.values()];
}

export interface ReasonTree {
  tree: ReasonsById;
  /** enabledForLine of each reason ([] = every line). */
  linesOf: ReadonlyMap<number, readonly number[]>;
}

function parseLineList(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
  } catch {
    return [];
  }
}

type ReasonRow = Pick<Row<'stop_reasons'>, 'reasonID' | 'parentID' | 'reason' | 'isCategory' | 'color' | 'pareto' | 'discountOEE'>;

function toReasonNode(row: ReasonRow): StopReasonNode {
  return {
    reasonID: row.reasonID,
    parentID: row.parentID,
    reason: row.reason,
    isCategory: row.isCategory === 1,
    color: row.color,
    pareto: row.pareto === 1,
    discountOEE: row.discountOEE === 1,
  };
}

/** The whole stop-reason tree (a few hundred rows at most). */
export async function loadReasonTree(db: Database): Promise<ReasonTree> {
  const rows = await db
    .selectFrom('stop_reasons')
    .select(['reasonID', 'parentID', 'reason', 'isCategory', 'color', 'pareto', 'discountOEE', 'enabledForLine'])
    .execute();
  const tree = new Map<number, StopReasonNode>();
  const linesOf = new Map<number, number[]>();
  for (const row of rows) {
    tree.set(row.reasonID, toReasonNode(row));
    linesOf.set(row.reasonID, parseLineList(row.enabledForLine));
  }
  return { tree, linesOf };
}

/** Deeper than any tree a plant keeps: a cycle in parentID stops here (and recognitionFields reports it). */
const MAX_REASON_DEPTH = 64;

/** A reason and its ancestors only: what recognitionFields needs, without reading the whole tree. */
export async function loadReasonBranch(db: Database, reasonID: number): Promise<ReasonsById> {
  const rows = await reasonBranchQuery.execute(db, { reasonID });
  return new Map(rows.map((row) => [row.reasonID, toReasonNode(row)]));
}

const reasonBranchQuery = prepared(
  (_db, p: { reasonID: number }) => sql<ReasonRow>`
    WITH RECURSIVE branch(reasonID, depth) AS (
      SELECT ${p.reasonID}, 0
      UNION ALL
      SELECT r.parentID, b.depth + 1 FROM branch AS b JOIN stop_reasons AS r ON r.reasonID = b.reasonID
      WHERE r.parentID IS NOT NULL AND b.depth < ${sql.lit(MAX_REASON_DEPTH)}
    )
    SELECT r.reasonID, r.parentID, r.reason, r.isCategory, r.color, r.pareto, r.discountOEE
    FROM branch AS b JOIN stop_reasons AS r ON r.reasonID = b.reasonID`,
);

/** The maintenance call raised for a stop, if any. */
export function maintenanceCallOfStop(db: Database, stopID: number) {
  return db.selectFrom('maintenance_calls').select(['callID', 'status']).where('stopID', '=', stopID).orderBy('callID').executeTakeFirst();
}

/** The order running on a line at an instant (the one a stop starting then belongs to). */
export function orderAt(db: Database, lineID: number, atMs: number) {
  return db
    .selectFrom('orders')
    .select(['order', 'op', 'version'])
    .where('lineID', '=', lineID)
    .where('startDate', '<=', atMs)
    .where((eb) => eb.or([eb('endDate', 'is', null), eb('endDate', '>', atMs)]))
    .orderBy('startDate', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a line has the stops managers on, and whether the acquisition records its stops (a beacon script). */
export async function findLineStopSettings(db: Database, lineID: number) {
  const line = await db
    .selectFrom('lines')
    .select(['lineID', 'enableStopsManager', 'calculationBaliza'])
    .where('lineID', '=', lineID)
    .executeTakeFirst();
  return line && { lineID: line.lineID, enableStopsManager: line.enableStopsManager, beacon: hasBeaconScript(line.calculationBaliza) };
}

/**
 * The stops grid's rows: every stored column plus `duration` in minutes (an open stop counts up to now, rounded to
 * the hundredth). Filter and sort work on these names, so SQLite still uses the (lineID, startDate) index.
 */
export function stopsGridSource(db: Database, nowMs: number) {
  return db
    .selectFrom('stops')
    .selectAll()
    .select(
      sql<number>`round((max(coalesce(endDate, ${nowMs}), startDate) - startDate) / 60000.0, 2)`.as('duration'),
    ) as unknown as SelectQueryBuilder<DB, keyof DB, Record<string, unknown>>;
}

export interface SummaryFilter {
  lineIDs: readonly number[];
  fromMs: number;
  toMs: number;
  productCode?: string | null;
  rootID?: number | null;
}

/** Stops of one line and reason (and pareto flag) lying wholly inside the range, added up by SQLite. */
export interface SummaryAggregate {
  reasonID: number | null;
  pareto: number;
  stopCount: number;
  durationMs: number;
}

/** A stop at an edge of the range (it starts before it, ends after it, or is in progress), to be clipped. */
export interface SummaryEdgeStop {
  stopID: number;
  startMs: number;
  endMs: number | null;
  reasonID: number | null;
  pareto: number;
}

/**
 * What the stop summary of a range needs, read from the covering index stops_summary (migration 0003) without
 * touching the table and in its order (no sort): the stops wholly inside the range summed per line and reason —
 * their clipped duration is their whole duration — and, one by one, the stops at its edges. Stops of a line never overlap, so the only stops that can
 * cross an edge of the range are, per line, the last one starting before it and the last one starting before its
 * end; callers keep those that are not wholly inside.
 */
export async function summaryData(
  db: Database,
  filter: SummaryFilter,
): Promise<{ aggregates: SummaryAggregate[]; edges: SummaryEdgeStop[] }> {
  if (filter.lineIDs.length === 0) return { aggregates: [], edges: [] };
  const lines = sql.join(filter.lineIDs);
  const conditions = [sql`lineID IN (${lines})`];
  if (filter.rootID != null) conditions.push(sql`rootID = ${filter.rootID}`);
  if (filter.productCode != null) conditions.push(sql`"order" IN (SELECT "order" FROM orders WHERE productCode = ${filter.productCode})`);
  const where = sql.join(conditions, sql` AND `);
  const aggregates = await sql<SummaryAggregate>`
    SELECT reasonID, pareto, count(*) AS stopCount, sum(endDate - startDate) AS durationMs
    FROM stops INDEXED BY stops_summary
    WHERE ${where} AND startDate >= ${filter.fromMs} AND startDate < ${filter.toMs} AND endDate <= ${filter.toMs}
    GROUP BY lineID, reasonID, pareto`.execute(db);
  const lastBefore = (instantMs: number) =>
    sql`SELECT (SELECT p.stopID FROM stops p WHERE p.lineID = l.lineID AND p.startDate < ${instantMs} ORDER BY p.startDate DESC LIMIT 1) FROM lines l WHERE l.lineID IN (${lines})`;
  const edges = await sql<SummaryEdgeStop>`
    SELECT stopID, startDate AS startMs, endDate AS endMs, reasonID, pareto FROM stops
    WHERE ${where} AND stopID IN (${lastBefore(filter.fromMs)} UNION ${lastBefore(filter.toMs)})`.execute(db);
  return { aggregates: aggregates.rows, edges: edges.rows };
}
