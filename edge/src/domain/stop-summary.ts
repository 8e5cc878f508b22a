/**
 * The stop summary (SPEC §7 getStopsSummary, §9 Pareto): stops clipped to a range, grouped by reason path cut to a
 * level, by reason, and as a Pareto of the stops flagged pareto.
 *
 * It runs over a whole year of a busy line (hundreds of thousands of stops) on every request, so it is one pass
 * with one Map lookup per stop; work per distinct path (cutting, naming) is done once and cached.
 */
import { clippedDurationMs, REASON_PATH_SEPARATOR } from './stops';
import { MINUTE_MS } from './time';

export interface SummaryStop {
  startMs: number;
  /** null while the stop is in progress: it counts up to now. */
  endMs: number | null;
  /** Full reason path (stops.ts, reasonPath); null for a stop not recognized yet. */
  path: string | null;
  reason: string | null;
  color: string | null;
  pareto: boolean;
}

/** Depth of the path to group by: 1 is the category level; 'all' keeps whole paths (SPEC §5, level options). */
export type StopSummaryLevel = 1 | 2 | 3 | 4 | 5 | 6 | 'all';

/**
 * Stops already added up, for a caller that sums in the database the stops lying wholly inside the range (whose
 * clipped duration is their whole duration): `stopCount` stops of one reason, `durationMs` in all.
 */
export interface SummaryGroup {
  path: string | null;
  reason: string | null;
  color: string | null;
  pareto: boolean;
  durationMs: number;
  stopCount: number;
}

export interface StopSummaryOptions {
  fromMs: number;
  toMs: number;
  nowMs: number;
  level: StopSummaryLevel;
}

export interface PathSummaryRow {
  /** The path cut to the level; null groups the unrecognized stops. */
  path: string | null;
  durationMinutes: number;
  stopCount: number;
  /** durationMinutes / total minutes of all stops, 0..1 (the API's 'percent'). */
  share: number;
}

export interface ReasonSummaryRow {
  reason: string | null;
  /** Full path, which tells apart reasons of the same name in different categories. */
  path: string | null;
  color: string | null;
  durationMinutes: number;
  /** Number of stops (the API's 'quantity'). */
  stopCount: number;
  /** Share of the total of the table the row is in (all stops, or pareto stops for the Pareto), 0..1. */
  share: number;
}

export interface StopSummary {
  totalMinutes: number;
  paretoTotalMinutes: number;
  /** By path cut to the level, longest first. */
  byPath: PathSummaryRow[];
  /** By reason, longest first, share of all stops. */
  byReason: ReasonSummaryRow[];
  /** Only stops flagged pareto, by reason, longest first, share of the pareto stops' total (SPEC §9). */
  pareto: ReasonSummaryRow[];
}

interface PathGroup {
  path: string | null;
  durationMs: number;
  stopCount: number;
}

interface ReasonGroup {
  reason: string | null;
  path: string | null;
  color: string | null;
  pathGroup: PathGroup;
  durationMs: number;
  stopCount: number;
  paretoMs: number;
  paretoCount: number;
}

/** `path` cut to its first `level` segments (the whole path when shorter, or when level is 'all'). */
export function cutPath(path: string, level: StopSummaryLevel): string {
  if (level === 'all') return path;
  let index = -1;
  for (let segment = 0; segment < level; segment += 1) {
    index = path.indexOf(REASON_PATH_SEPARATOR, index + (index < 0 ? 1 : REASON_PATH_SEPARATOR.length));
    if (index < 0) return path;
  }
  return path.slice(0, index);
}

function byDurationThenName<T extends { durationMs: number; path: string | null }>(a: T, b: T): number {
  if (a.durationMs !== b.durationMs) return b.durationMs - a.durationMs;
  if (a.path === b.path) return 0;
  if (a.path === null) return 1;
  if (b.path === null) return -1;
  return a.path < b.path ? -1 : 1;
}

function shareOf(partMs: number, totalMs: number): number {
  return totalMs > 0 ? partMs / totalMs : 0;
}

/**
 * Summarizes `stops` over [fromMs, toMs): each stop is clipped to the range (an open one ends at now), stops
 * outside it are left out (the rule of stops.ts clampStopsToRange). `groups` (optional) are stops of the range
 * already added up; they count as their stopCount stops. Durations are summed in milliseconds and given in minutes;
 * shares are 0..1 and are 0 when the total is 0 (only zero-length stops).
 */
export function summarizeStops(
  stops: readonly SummaryStop[],
  options: StopSummaryOptions,
  groups: readonly SummaryGroup[] = [],
): StopSummary {
  const { fromMs, toMs, nowMs, level } = options;
  const reasonGroups = new Map<string | null, ReasonGroup>();
  const pathGroups = new Map<string | null, PathGroup>();
  let totalMs = 0;
  let paretoTotalMs = 0;

  const add = (stop: SummaryStop | SummaryGroup, durationMs: number, stopCount: number) => {
    let group = reasonGroups.get(stop.path);
    if (group === undefined) {
      group = newReasonGroup(stop, level, pathGroups);
      reasonGroups.set(stop.path, group);
    }
    group.durationMs += durationMs;
    group.stopCount += stopCount;
    group.pathGroup.durationMs += durationMs;
    group.pathGroup.stopCount += stopCount;
    totalMs += durationMs;
    if (stop.pareto) {
      group.paretoMs += durationMs;
      group.paretoCount += stopCount;
      paretoTotalMs += durationMs;
    }
  };
  for (const stop of stops) {
    const durationMs = clippedDurationMs(stop, fromMs, toMs, nowMs);
    if (durationMs !== null) add(stop, durationMs, 1);
  }
  for (const group of groups) if (group.stopCount > 0) add(group, group.durationMs, group.stopCount);

  const reasons = [...reasonGroups.values()];
  return {
    totalMinutes: totalMs / MINUTE_MS,
    paretoTotalMinutes: paretoTotalMs / MINUTE_MS,
    byPath: [...pathGroups.values()].sort(byDurationThenName).map((group) => ({
      path: group.path,
      durationMinutes: group.durationMs / MINUTE_MS,
      stopCount: group.stopCount,
      share: shareOf(group.durationMs, totalMs),
    })),
    byReason: reasons.sort(byDurationThenName).map((group) => reasonRow(group, group.durationMs, group.stopCount, totalMs)),
    pareto: reasons
      .filter((group) => group.paretoCount > 0)
      .map((group) => ({ ...group, durationMs: group.paretoMs }))
      .sort(byDurationThenName)
      .map((group) => reasonRow(group, group.paretoMs, group.paretoCount, paretoTotalMs)),
  };
}

function newReasonGroup(stop: SummaryStop | SummaryGroup, level: StopSummaryLevel, pathGroups: Map<string | null, PathGroup>): ReasonGroup {
  const cut = stop.path === null ? null : cutPath(stop.path, level);
  let pathGroup = pathGroups.get(cut);
  if (pathGroup === undefined) {
    pathGroup = { path: cut, durationMs: 0, stopCount: 0 };
    pathGroups.set(cut, pathGroup);
  }
  return { reason: stop.reason, path: stop.path, color: stop.color, pathGroup, durationMs: 0, stopCount: 0, paretoMs: 0, paretoCount: 0 };
}

function reasonRow(group: ReasonGroup, durationMs: number, stopCount: number, totalMs: number): ReasonSummaryRow {
  return {
    reason: group.reason,
    path: group.path,
    color: group.color,
    durationMinutes: durationMs / MINUTE_MS,
    stopCount,
    share: shareOf(durationMs, totalMs),
  };
}
