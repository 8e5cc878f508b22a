import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { shiftIndexGridSource } from '../engine';
import { orderIndexGridSource } from '../orders';
import { stopsGridSource } from '../stops';

/**
 * The report's rows come from the grids' own sources (the same columns and minutes as the order-index, shift-index
 * and stops grids show), narrowed to what shares time with [fromMs, toMs) and, optionally, to one line.
 */
export interface ReportRange {
  fromMs: number;
  toMs: number;
  lineID?: number;
}

const lineCondition = (column: string, lineID: number | undefined) =>
  lineID === undefined ? sql<boolean>`1 = 1` : sql<boolean>`${sql.ref(column)} = ${lineID}`;

/** Started orders with their index that ran during the range (a running order ends at +∞), by line and start. */
export function orderIndexesInRange(db: Database, range: ReportRange) {
  return orderIndexGridSource(db)
    .where(sql<boolean>`o.startDate IS NOT NULL AND o.startDate < ${range.toMs} AND (o.endDate IS NULL OR o.endDate > ${range.fromMs})`)
    .where(lineCondition('o.lineID', range.lineID))
    .orderBy(sql`o.lineID`)
    .orderBy(sql`o.startDate`)
    .execute();
}

/** Stored shift indexes of the shifts that share time with the range, by line and shift start. */
export function shiftIndexesInRange(db: Database, range: ReportRange) {
  return shiftIndexGridSource(db)
    .where(sql<boolean>`s.shiftStart < ${range.toMs} AND s.shiftEnd > ${range.fromMs}`)
    .where(lineCondition('s.lineID', range.lineID))
    .orderBy(sql`s.lineID`)
    .orderBy(sql`s.shiftStart`)
    .execute();
}

/** Stops that share time with the range (one in progress counts up to now), by line and start. */
export function stopsInRange(db: Database, range: ReportRange, nowMs: number) {
  return stopsGridSource(db, nowMs)
    .where(sql<boolean>`startDate < ${range.toMs} AND (endDate IS NULL OR endDate > ${range.fromMs})`)
    .where(lineCondition('lineID', range.lineID))
    .orderBy(sql`lineID`)
    .orderBy(sql`startDate`)
    .execute();
}
