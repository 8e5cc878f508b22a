import { isNoDataStop, NO_DATA_COLOR, RUNNING_COLOR, stopColor, type Stop } from '../../../components/stops/stop';
import { formatPlantTime, toPlantLocal } from '../../../lib/plant-time';

/**
 * The stop explorer's bar (SPEC.md sections 4, 9): the shift from its start, running time ('En marcha') between
 * stops, each stop clamped to the shift (an open stop ends now), nothing after now. Time nothing is known of is
 * 'Sin datos', never running time: before the line's first data (`firstDataMs`, null when the line was never seen,
 * as the indicators count it), after the last instant a line without a beacon is known (`knownUntilMs`: the end of
 * its latest stop entered by hand; null for a line known up to now) and the edge's own downtime (stops of reason 9,
 * still stops one can open). When the
 * stops' durations add up to more than the shift, the data is inconsistent and nothing is drawn.
 */
export interface TimelineSegment {
  kind: 'running' | 'stop' | 'noData';
  /** Position and width as fractions of the shift. */
  left: number;
  width: number;
  startMs: number;
  endMs: number;
  color: string;
  stop: Stop | null;
  /** Drawn as time without data: a 'noData' segment, or a stop of the edge's own downtime. */
  noData: boolean;
}

export interface Timeline {
  segments: TimelineSegment[];
  /** The stops add up to more than the range: nothing is drawn. */
  overflow: boolean;
}

export function buildTimeline(
  stops: readonly Stop[],
  rangeStartMs: number,
  rangeEndMs: number,
  nowMs: number,
  firstDataMs: number | null,
  knownUntilMs: number | null = null,
): Timeline {
  const span = rangeEndMs - rangeStartMs;
  if (!(span > 0)) return { segments: [], overflow: false };
  const drawnEnd = Math.min(rangeEndMs, Math.max(rangeStartMs, nowMs));
  const clamped = stops
    .map((stop) => {
      const startMs = Math.max(rangeStartMs, Date.parse(stop.startDate));
      const endMs = Math.min(rangeEndMs, stop.endDate ? Date.parse(stop.endDate) : Math.max(nowMs, Date.parse(stop.startDate)));
      return { stop, startMs, endMs };
    })
    .filter((item) => Number.isFinite(item.startMs) && item.endMs > item.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const stopped = clamped.reduce((sum, item) => sum + (item.endMs - item.startMs), 0);
  if (stopped > span) return { segments: [], overflow: true };

  const segments: TimelineSegment[] = [];
  const add = (kind: TimelineSegment['kind'], startMs: number, endMs: number, stop: Stop | null) => {
    if (endMs <= startMs) return;
    const noData = kind === 'noData' || (stop !== null && isNoDataStop(stop));
    const color = noData ? NO_DATA_COLOR : stop ? stopColor(stop) : RUNNING_COLOR;
    segments.push({ kind, left: (startMs - rangeStartMs) / span, width: (endMs - startMs) / span, startMs, endMs, color, stop, noData });
  };
  // Between stops: no data up to the line's first data, running time from then on up to the last instant known, no
  // data after it.
  const dataFrom = firstDataMs ?? Infinity;
  const dataUntil = knownUntilMs ?? Infinity;
  const addBetween = (startMs: number, endMs: number) => {
    const runFrom = Math.max(startMs, dataFrom);
    const runTo = Math.min(endMs, Math.max(runFrom, dataUntil));
    add('noData', startMs, Math.min(endMs, dataFrom), null);
    add('running', runFrom, runTo, null);
    add('noData', Math.max(startMs, runTo), endMs, null);
  };
  let cursor = rangeStartMs;
  for (const item of clamped) {
    addBetween(cursor, Math.min(item.startMs, drawnEnd));
    add('stop', Math.max(item.startMs, cursor), item.endMs, item.stop);
    cursor = Math.max(cursor, item.endMs);
  }
  addBetween(cursor, drawnEnd);
  return { segments, overflow: false };
}

/** Tick spacing by width: every 15 minutes where an hour gets 240 px or more, 30 with 120 px, else every hour. */
export function tickMinutes(widthPx: number, spanMs: number): 15 | 30 | 60 {
  const pxPerHour = spanMs > 0 ? (widthPx * 3_600_000) / spanMs : 0;
  if (pxPerHour >= 240) return 15;
  if (pxPerHour >= 120) return 30;
  return 60;
}

export interface TimelineTick {
  left: number;
  /** 'HH:mm' in plant time. */
  label: string;
}

/** Ticks on the plant clock's whole 15, 30 or 60 minutes within the range. */
export function timelineTicks(rangeStartMs: number, rangeEndMs: number, widthPx: number, offsetMinutes: number): TimelineTick[] {
  const span = rangeEndMs - rangeStartMs;
  if (!(span > 0)) return [];
  const stepMs = tickMinutes(widthPx, span) * 60_000;
  const offsetMs = offsetMinutes * 60_000;
  const first = Math.ceil((rangeStartMs + offsetMs) / stepMs) * stepMs - offsetMs;
  const ticks: TimelineTick[] = [];
  for (let at = first; at <= rangeEndMs && ticks.length < 200; at += stepMs) {
    ticks.push({ left: (at - rangeStartMs) / span, label: formatPlantTime(toPlantLocal(at, offsetMinutes)) });
  }
  return ticks;
}
