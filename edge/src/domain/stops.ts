import { MINUTE_MS } from './time';
/**
 * Stop rules: open stops, clipping to a range, overlap, microstops, the stop-reason tree and splitting.
 *
 * A stop is the interval [startMs, endMs) in epoch milliseconds; endMs null means the stop is still in progress and
 * counts as ending now (SPEC §4). The clock is always an argument.
 */

/** The fixed categories of the stop-reason tree, by reasonID (SPEC §3). */
export const REASON = {
  ROOT: 1,
  SYSTEM: 2,
  MICROSTOP: 3,
  OPC_DISCONNECTED: 4,
  END_OF_LOT: 5,
  ADJUSTMENT: 6,
  PLANNED: 7,
  UNPLANNED: 8,
  /** The edge itself was not running: nothing was known of the line (seed.ts). */
  EDGE_DOWN: 9,
} as const;

export type CategoryReasonId = (typeof REASON)[keyof typeof REASON];

/**
 * Joins the names of a reason's ancestry into its path, e.g. 'No planificadas / Mecánica / Rotura de cinta'.
 * The technical root (reasonID 1) is left out, so level 1 of a path is the category the user sees (system,
 * planned, unplanned, …). Reason names must not contain this separator: the stop summary cuts paths at it.
 */
export const REASON_PATH_SEPARATOR = ' / ';

export interface StopInterval {
  startMs: number;
  /** null while the stop is in progress. */
  endMs: number | null;
}

/** The end a stop counts with: its own, or `nowMs` when still open (never before its start). */
export function effectiveEndMs(stop: StopInterval, nowMs: number): number {
  return stop.endMs ?? Math.max(stop.startMs, nowMs);
}

/** Duration of a stop, an open one counting up to `nowMs`. */
export function stopDurationMs(stop: StopInterval, nowMs: number): number {
  return effectiveEndMs(stop, nowMs) - stop.startMs;
}

/** A stop clipped to a range: always closed, other fields as they were. */
export type ClampedStop<T extends StopInterval> = Omit<T, 'startMs' | 'endMs'> & { startMs: number; endMs: number };

/**
 * The stops that share time with [fromMs, toMs), each clipped to it, other fields kept and order preserved.
 * Open stops end at min(nowMs, toMs) after clipping. A stop is kept when it overlaps the range or when it starts
 * inside it (a zero-length stop at an instant of the range), so adjacent ranges each get their part of a stop once.
 */
export function clampStopsToRange<T extends StopInterval>(
  stops: readonly T[],
  fromMs: number,
  toMs: number,
  nowMs: number,
): Array<ClampedStop<T>> {
  const clamped: Array<ClampedStop<T>> = [];
  for (const stop of stops) {
    const endMs = effectiveEndMs(stop, nowMs);
    if (!sharesRange(stop.startMs, endMs, fromMs, toMs)) continue;
    clamped.push({ ...stop, startMs: Math.max(stop.startMs, fromMs), endMs: Math.min(endMs, toMs) });
  }
  return clamped;
}

function sharesRange(startMs: number, endMs: number, fromMs: number, toMs: number): boolean {
  return startMs < toMs && (endMs > fromMs || startMs >= fromMs);
}

/**
 * The part of a stop's duration inside [fromMs, toMs) (open stops end at now), or null when the stop is left out of
 * the range by the rule of clampStopsToRange. A zero-length stop starting inside the range gives 0, not null.
 */
export function clippedDurationMs(stop: StopInterval, fromMs: number, toMs: number, nowMs: number): number | null {
  const endMs = effectiveEndMs(stop, nowMs);
  if (!sharesRange(stop.startMs, endMs, fromMs, toMs)) return null;
  return Math.min(endMs, toMs) - Math.max(stop.startMs, fromMs);
}

export interface IdentifiedStop extends StopInterval {
  /** Present for stored stops; a stop is never compared with itself (same stopID). */
  stopID?: number | null;
}

/**
 * The first stop of `existing` (one line's stops) that overlaps `candidate`, or undefined. Two stops of one line
 * never overlap; touching (one ends exactly when the other starts) is allowed. Open stops count as ending at
 * `nowMs`, and two open stops always conflict, since a line has at most one stop in progress. Callers refuse stops
 * that end in the future before asking, which makes "ends now" exact for the rest.
 */
export function findOverlappingStop<T extends IdentifiedStop>(
  existing: readonly T[],
  candidate: IdentifiedStop,
  nowMs: number,
): T | undefined {
  const candidateEndMs = effectiveEndMs(candidate, nowMs);
  for (const stop of existing) {
    if (candidate.stopID != null && stop.stopID === candidate.stopID) continue;
    if (stop.endMs === null && candidate.endMs === null) return stop;
    if (stop.startMs < candidateEndMs && candidate.startMs < effectiveEndMs(stop, nowMs)) return stop;
  }
  return undefined;
}

/** A microstop is a stop shorter than the microStopTime parameter (seconds); 0 disables microstops. */
export function isMicrostop(durationMs: number, microStopSeconds: number): boolean {
  return durationMs < microStopSeconds * 1000;
}

/** A stop as the OEE accounting needs it: its interval and whether its reason discounts it from OEE. */
export interface AccountedStop extends StopInterval {
  discountOEE: boolean;
  /**
   * A gap in the line's data (reason 4, OPC disconnected; 9, the edge not running): stop time, since the line is not
   * known to have run, but never a failure — nothing says the machine failed (see stopTimeTotals).
   */
  dataGap?: boolean;
  /** The whole event a split piece belongs to (absent: the stop is its own event). */
  event?: StopEvent;
}

/** The reasons whose stops are gaps in the line's data, not something the line did. */
export function isDataGapReason(reasonID: number | null): boolean {
  return reasonID === REASON.OPC_DISCONNECTED || reasonID === REASON.EDGE_DOWN;
}

/**
 * One stop event as the line made it, whatever splits later cut it into: from its first piece's start to its last
 * piece's end (null while a piece is in progress), and where its first piece that may be a failure starts (not
 * discounted, not a data gap; null when it has none).
 */
export interface StopEvent {
  startMs: number;
  endMs: number | null;
  failureStartMs: number | null;
}

/** A piece of a split event, as stored. */
export interface EventPiece extends StopInterval {
  eventID: number;
  discountOEE: boolean;
  dataGap: boolean;
}

/** The events of split pieces, by eventID (every piece of an event must be given). */
export function stopEventsOf(pieces: readonly EventPiece[]): Map<number, StopEvent> {
  const events = new Map<number, StopEvent>();
  for (const piece of pieces) {
    const mayFail = !piece.discountOEE && !piece.dataGap;
    const event = events.get(piece.eventID);
    if (!event) {
      events.set(piece.eventID, { startMs: piece.startMs, endMs: piece.endMs, failureStartMs: mayFail ? piece.startMs : null });
      continue;
    }
    event.startMs = Math.min(event.startMs, piece.startMs);
    event.endMs = event.endMs === null || piece.endMs === null ? null : Math.max(event.endMs, piece.endMs);
    if (mayFail) event.failureStartMs = event.failureStartMs === null ? piece.startMs : Math.min(event.failureStartMs, piece.startMs);
  }
  return events;
}

/** Stop time of a range, split the way the indicators consume it (see oee.ts). */
export interface StopTimeTotals {
  /** Time of stops whose reason discounts them from OEE (planned breaks and the like). */
  discountedMs: number;
  /** Time of the other stops: the stop time that reduces runtime. */
  stopMs: number;
  /** The part of stopMs that is failures: stops not discounted, not data gaps, and not microstops. */
  failureMs: number;
  /** Failures that start inside the range. */
  failureCount: number;
}

/**
 * Totals the stops of [fromMs, toMs) for the indicators. Times are clipped to the range, so adjacent ranges
 * (consecutive shifts) share a stop's time without counting it twice.
 *
 * A failure is a stop event (a stop, or all the pieces a split cut it into) that lasted at least microStopTime as a
 * whole (an open one so far) and has time neither discounted nor a gap in the line's data: a split relabels one
 * event, so it never changes the failure count, MTBF or MTTR by itself. The event counts once, in the range where
 * its first such piece starts (so counts of adjacent ranges add up exactly); its failure time is the time of those
 * pieces. Data gaps (reasons 4 and 9) are stop time but no failure: the data stopped, not the machine (MTBF reads
 * as the mean running time between machine failures, IEC 60050-192, and MTTR as their mean repair).
 */
export function stopTimeTotals(
  stops: readonly AccountedStop[],
  fromMs: number,
  toMs: number,
  nowMs: number,
  microStopSeconds: number,
): StopTimeTotals {
  const totals: StopTimeTotals = { discountedMs: 0, stopMs: 0, failureMs: 0, failureCount: 0 };
  for (const stop of stops) {
    const clippedMs = clippedDurationMs(stop, fromMs, toMs, nowMs);
    if (clippedMs === null) continue;
    if (stop.discountOEE) {
      totals.discountedMs += clippedMs;
      continue;
    }
    totals.stopMs += clippedMs;
    if (stop.dataGap) continue;
    const event = stop.event ?? { startMs: stop.startMs, endMs: stop.endMs, failureStartMs: stop.startMs };
    if (isMicrostop(stopDurationMs(event, nowMs), microStopSeconds)) continue;
    totals.failureMs += clippedMs;
    if (stop.startMs === event.failureStartMs && stop.startMs >= fromMs) totals.failureCount += 1;
  }
  return totals;
}

/** A node of the stop-reason tree, as stored (SPEC §3, stop reason). */
export interface StopReasonNode {
  reasonID: number;
  parentID: number | null;
  reason: string;
  isCategory: boolean;
  color: string | null;
  pareto: boolean;
  discountOEE: boolean;
}

export type ReasonsById = ReadonlyMap<number, StopReasonNode>;

export type StopReasonErrorCode = 'reasonNotFound' | 'reasonIsCategory' | 'reasonTreeCycle';

/** A reason that cannot be used; `code` is closed so a service can map it to a response. */
export class StopReasonError extends Error {
  readonly code: StopReasonErrorCode;

  constructor(code: StopReasonErrorCode, message: string) {
    super(message);
    this.name = 'StopReasonError';
    this.code = code;
  }
}

/** The reason and its ancestors, from the top category down to the reason, without the technical root. */
function reasonChain(reasonId: number, reasonsById: ReasonsById): StopReasonNode[] {
  const chain: StopReasonNode[] = [];
  let id: number | null = reasonId;
  while (id !== null && id !== REASON.ROOT) {
    const node = reasonsById.get(id);
    if (!node) throw new StopReasonError('reasonNotFound', `Stop reason ${id} does not exist`);
    if (chain.length > reasonsById.size) throw new StopReasonError('reasonTreeCycle', `Stop reason ${reasonId} has a cyclic ancestry`);
    chain.push(node);
    id = node.parentID;
  }
  return chain.reverse();
}

/**
 * The path of a reason: names from the top category (below the technical root 1) down to the reason, joined with
 * REASON_PATH_SEPARATOR. The root itself has the empty path. Throws StopReasonError on a missing or cyclic ancestry.
 */
export function reasonPath(reasonId: number, reasonsById: ReasonsById): string {
  return reasonChain(reasonId, reasonsById)
    .map((node) => node.reason)
    .join(REASON_PATH_SEPARATOR);
}

/** What recognizing a stop with a reason writes on the stop. */
export interface RecognitionFields {
  reasonID: number;
  reason: string;
  /** The top category under the technical root (e.g. 8 unplanned), by id and by name. */
  rootID: number;
  root: string;
  path: string;
  /** The reason's colour, else the nearest ancestor's, else null. */
  color: string | null;
  pareto: boolean;
  discountOEE: boolean;
}

/**
 * The fields a stop takes when recognized with `reasonId`. Only a reason can be chosen, never a category (the
 * recognition dialog goes deeper on categories). Throws StopReasonError otherwise.
 */
export function recognitionFields(reasonId: number, reasonsById: ReasonsById): RecognitionFields {
  const node = reasonsById.get(reasonId);
  if (!node) throw new StopReasonError('reasonNotFound', `Stop reason ${reasonId} does not exist`);
  if (node.isCategory) throw new StopReasonError('reasonIsCategory', `Stop reason ${reasonId} is a category`);
  const chain = reasonChain(reasonId, reasonsById);
  const top = chain[0] ?? node;
  let color: string | null = null;
  for (let index = chain.length - 1; index >= 0 && color === null; index -= 1) color = chain[index]?.color ?? null;
  return {
    reasonID: node.reasonID,
    reason: node.reason,
    rootID: top.reasonID,
    root: top.reason,
    path: chain.map((item) => item.reason).join(REASON_PATH_SEPARATOR),
    color,
    pareto: node.pareto,
    discountOEE: node.discountOEE,
  };
}

export interface SplitRequest {
  stop: StopInterval;
  /** Where the selected part starts; absent or null keeps the stop's start. */
  newStartMs?: number | null;
  /** Where the selected part ends; absent or null keeps the stop's end. Refused on an open stop. */
  newEndMs?: number | null;
  nowMs: number;
  /** Present when the stop has a maintenance call: cuts are limited to start + declaring time. */
  maintenance?: { declaringMinutes: number } | null;
}

/**
 * One piece of a split stop. Pieces are contiguous and cover the original stop exactly.
 * `selected` marks the range the user picked: the new stop, to be recognized on its own.
 * `keepsStopId` marks the one piece that stays in the original row (stopID, audit history, recognition); every
 * other piece is inserted as a new row.
 */
export interface SplitPiece {
  startMs: number;
  /** null only for the last piece of an open stop. */
  endMs: number | null;
  selected: boolean;
  keepsStopId: boolean;
}

export type SplitErrorCode = 'invalidStop' | 'invalidStart' | 'invalidEnd' | 'openStopEnd' | 'nothingToSplit';

export type SplitPlan = { ok: true; pieces: SplitPiece[] } | { ok: false; code: SplitErrorCode };

export interface SplitBounds {
  /** The stop's start truncated to the minute: the earliest start the dialog offers. */
  minStartMs: number;
  /** The latest cut: the stop's end (now when open), or start + declaring time with a maintenance call. */
  maxMs: number;
}

/** The limits of a split of `stop` (SPEC §4, §5). */
export function splitBounds(stop: StopInterval, nowMs: number, maintenance?: { declaringMinutes: number } | null): SplitBounds {
  const endMs = effectiveEndMs(stop, nowMs);
  const minStartMs = Math.floor(stop.startMs / MINUTE_MS) * MINUTE_MS;
  if (!maintenance) return { minStartMs, maxMs: endMs };
  const declaringMinutes = Number.isFinite(maintenance.declaringMinutes) ? Math.max(0, maintenance.declaringMinutes) : 0;
  return { minStartMs, maxMs: Math.min(endMs, stop.startMs + declaringMinutes * MINUTE_MS) };
}

/**
 * Plans a split (SPEC §4 Split, §5 Split). Rules:
 * - new start ∈ [start truncated to the minute, new end (or the limit)]; a new start at or before the stop's start
 *   does not cut the head;
 * - new end ∈ (new start (or start), limit]; it must leave the selected part non-empty; a new end equal to the stop
 *   end does not cut the tail; an open stop's end cannot be changed ('openStopEnd');
 * - the limit is the stop's end (now when open), or start + declaring minutes with a maintenance call;
 * - at least one cut must happen ('nothingToSplit').
 * Result: 2 or 3 contiguous pieces [head?][selected][tail?]. The original row keeps the first piece that is not
 * selected (the head when the start moved, else the tail), so the selected part is always a new row that is
 * recognized on its own, and the rest of the stop keeps its identity and recognition. A new tail (3 pieces) copies
 * the original's recognition. An open stop is only ever cut at the start, so its open part is the new selected row.
 */
export function planSplit(request: SplitRequest): SplitPlan {
  const { stop, nowMs } = request;
  const newStartMs = request.newStartMs ?? null;
  const newEndMs = request.newEndMs ?? null;
  if (!Number.isFinite(stop.startMs) || (stop.endMs !== null && !(stop.endMs >= stop.startMs))) return { ok: false, code: 'invalidStop' };
  const isOpen = stop.endMs === null;
  const endMs = effectiveEndMs(stop, nowMs);
  const { minStartMs, maxMs } = splitBounds(stop, nowMs, request.maintenance);

  if (newStartMs !== null && !(newStartMs >= minStartMs && newStartMs <= Math.min(newEndMs ?? maxMs, maxMs))) {
    return { ok: false, code: 'invalidStart' };
  }
  const selectedStartMs = Math.max(stop.startMs, newStartMs ?? stop.startMs);
  if (newEndMs !== null) {
    if (isOpen) return { ok: false, code: 'openStopEnd' };
    if (!(newEndMs > selectedStartMs && newEndMs <= maxMs)) return { ok: false, code: 'invalidEnd' };
  } else if (!isOpen && selectedStartMs >= endMs) {
    return { ok: false, code: 'invalidStart' };
  }

  const cutsHead = selectedStartMs > stop.startMs;
  const tailStartMs = newEndMs !== null && newEndMs < endMs ? newEndMs : null;
  if (!cutsHead && tailStartMs === null) return { ok: false, code: 'nothingToSplit' };

  const pieces: SplitPiece[] = [];
  if (cutsHead) pieces.push({ startMs: stop.startMs, endMs: selectedStartMs, selected: false, keepsStopId: true });
  pieces.push({ startMs: selectedStartMs, endMs: tailStartMs ?? stop.endMs, selected: true, keepsStopId: false });
  if (tailStartMs !== null) pieces.push({ startMs: tailStartMs, endMs: stop.endMs, selected: false, keepsStopId: !cutsHead });
  return { ok: true, pieces };
}
