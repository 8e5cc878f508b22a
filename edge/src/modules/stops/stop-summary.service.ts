import type { Database } from '../../db/database';
import {
  summarizeStops,
  type ReasonSummaryRow,
  type StopSummaryLevel,
  type SummaryGroup,
  type SummaryStop,
} from '../../domain/stop-summary';
import { recognitionFields, type ReasonsById } from '../../domain/stops';
import type { Language } from '../../http/messages';
import { listLineSettings } from '../engine';
import { localizeReasonNames } from '../stop-reasons/reason-names';
import { loadReasonTree, summaryData } from './stops.repository';

/**
 * The stop summary (SPEC §7 getStopsSummary, the /paradas/resumen pages): the stops of one line, a sector or the
 * plant over a range, clipped to it, grouped by path cut to a level, by reason and as a Pareto. The rows are read in
 * the domain's shape and summarized in one pass (domain/stop-summary.ts), so a year of a busy line stays fast.
 *
 * Stops are grouped by the reason they were recognized with, named as the reason tree names it now (path, reason,
 * colour of the nearest coloured ancestor): a renamed reason reads the same on every stop. The system reasons of the
 * tree are named in the request's language. Unrecognized stops form the group with path null.
 */

export interface StopSummaryQuery {
  /** One line; absent: the lines of `sectorID`, or every line. */
  lineID?: number | null;
  sectorID?: number | null;
  productCode?: string | null;
  /** The top category (reasonID under the root) the stops must belong to. */
  rootID?: number | null;
  fromMs: number;
  toMs: number;
  level: StopSummaryLevel;
}

const round = (minutes: number) => Math.round(minutes * 100) / 100;

function reasonRows(rows: readonly ReasonSummaryRow[]) {
  return rows.map((row) => ({
    reason: row.reason,
    path: row.path,
    color: row.color,
    duration: round(row.durationMinutes),
    quantity: row.stopCount,
    percent: row.share,
  }));
}

interface ReasonTexts {
  path: string | null;
  reason: string | null;
  color: string | null;
}

const UNRECOGNIZED: ReasonTexts = { path: null, reason: null, color: null };

function textsOf(tree: ReasonsById, cache: Map<number | null, ReasonTexts>, reasonID: number | null): ReasonTexts {
  let texts = cache.get(reasonID);
  if (!texts) {
    try {
      const fields = reasonID === null ? null : recognitionFields(reasonID, tree);
      texts = fields ? { path: fields.path, reason: fields.reason, color: fields.color } : UNRECOGNIZED;
    } catch {
      texts = UNRECOGNIZED;
    }
    cache.set(reasonID, texts);
  }
  return texts;
}

/** Durations in minutes (rounded to the hundredth), percents as ratios 0..1; unrecognized stops have path null. */
export async function stopSummary(db: Database, query: StopSummaryQuery, nowMs: number, language: Language = 'es') {
  const lines =
    query.lineID != null
      ? [query.lineID]
      : (await listLineSettings(db, query.sectorID != null ? { sectorID: query.sectorID } : {})).map((line) => line.lineID);
  const { aggregates, edges } = await summaryData(db, {
    lineIDs: lines,
    fromMs: query.fromMs,
    toMs: query.toMs,
    productCode: query.productCode,
    rootID: query.rootID,
  });
  const tree: ReasonsById = new Map([...(await loadReasonTree(db)).tree].map(([id, node]) => [id, localizeReasonNames(node, language)]));
  const texts = new Map<number | null, ReasonTexts>();
  const groups: SummaryGroup[] = aggregates.map((row) => ({
    ...textsOf(tree, texts, row.reasonID),
    pareto: row.pareto === 1,
    durationMs: row.durationMs,
    stopCount: row.stopCount,
  }));
  const inside = (startMs: number, endMs: number | null) => startMs >= query.fromMs && endMs !== null && endMs <= query.toMs;
  const stops: SummaryStop[] = edges
    .filter((stop) => !inside(stop.startMs, stop.endMs))
    .map((stop) => ({ ...textsOf(tree, texts, stop.reasonID), startMs: stop.startMs, endMs: stop.endMs, pareto: stop.pareto === 1 }));
  const summary = summarizeStops(stops, { fromMs: query.fromMs, toMs: query.toMs, nowMs, level: query.level }, groups);
  return {
    totalMinutes: round(summary.totalMinutes),
    paretoTotalMinutes: round(summary.paretoTotalMinutes),
    byPath: summary.byPath.map((row) => ({
      path: row.path,
      duration: round(row.durationMinutes),
      stopCount: row.stopCount,
      percent: row.share,
    })),
    byReason: reasonRows(summary.byReason),
    pareto: reasonRows(summary.pareto),
  };
}
