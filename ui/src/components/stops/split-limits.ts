import { offsetMinutesOf, plantLocal, plantLocalToMs, toPlantLocal } from '../../lib/plant-time';
import type { Stop } from './stop';

/**
 * The limits of the split dialog (SPEC.md sections 4, 5), in plant wall-clock time ('YYYY-MM-DDTHH:mm:ss', which
 * compares as text). The server checks the same rules again (domain planSplit); these only keep the user from
 * sending what it would refuse.
 */
export interface SplitLimits {
  offsetMinutes: number;
  /** The stop's start. */
  start: string;
  /** The earliest new start: the stop's start truncated to the minute. */
  minStart: string;
  /** The stop's end; now while it is in progress. */
  end: string;
  /** The latest cut: the end, or start + declaring time when a maintenance call was made. */
  maxEnd: string;
  /** A stop in progress: its end cannot be changed. */
  open: boolean;
  /** Start and latest cut fall on one day: the dialog shows times only. */
  sameDay: boolean;
}

export type SplitWarning = 'invalidStart' | 'invalidEnd';

/** 'HH:mm' or 'YYYY-MM-DDTHH:mm' with seconds added, so every value compares as text. */
export function withSeconds(local: string): string {
  return /T\d{2}:\d{2}$|^\d{2}:\d{2}$/.test(local) ? `${local}:00` : local;
}

export function splitLimits(stop: Pick<Stop, 'startDate' | 'endDate' | 'declaringTime'>, nowMs: number): SplitLimits {
  const offsetMinutes = offsetMinutesOf(stop.startDate);
  const start = plantLocal(stop.startDate);
  const open = !stop.endDate;
  const end = stop.endDate ? plantLocal(stop.endDate) : toPlantLocal(nowMs, offsetMinutes);
  let maxEnd = end;
  if (stop.declaringTime !== null && stop.declaringTime !== undefined) {
    const limit = toPlantLocal(plantLocalToMs(start, offsetMinutes) + Math.max(0, stop.declaringTime) * 60_000, offsetMinutes);
    if (limit < maxEnd) maxEnd = limit;
  }
  return {
    offsetMinutes,
    start,
    minStart: `${start.slice(0, 16)}:00`,
    end,
    maxEnd,
    open,
    sameDay: start.slice(0, 10) === maxEnd.slice(0, 10),
  };
}

/**
 * What the dialog opens with: the stop's start, and its end or, with a maintenance call, the latest cut (start +
 * declaring time). It opens valid: the end of a stop with a call would be past the cuts allowed.
 */
export function openingCut(limits: SplitLimits): { newStart: string; newEnd: string } {
  return { newStart: limits.start, newEnd: limits.open ? limits.end : limits.maxEnd };
}

/**
 * SPEC.md section 5: the new start lies between the start truncated to the minute and the new end (or the latest
 * cut); the new end between the new start and the latest cut. An open stop's end is not checked (it is not sent).
 */
export function checkSplit(limits: SplitLimits, newStart: string, newEnd: string): SplitWarning | null {
  const startValue = withSeconds(newStart);
  const endValue = limits.open ? limits.maxEnd : withSeconds(newEnd);
  const startCeiling = endValue < limits.maxEnd ? endValue : limits.maxEnd;
  if (!startValue || startValue < limits.minStart || startValue > startCeiling) return 'invalidStart';
  if (!limits.open && (!endValue || endValue < startValue || endValue > limits.maxEnd)) return 'invalidEnd';
  return null;
}

/** What the split call sends: only the ends that moved (an open stop's end never). */
export function splitChanges(limits: SplitLimits, newStart: string, newEnd: string): { newStart?: string; newEnd?: string } {
  const changes: { newStart?: string; newEnd?: string } = {};
  if (withSeconds(newStart) !== limits.start) changes.newStart = withSeconds(newStart);
  if (!limits.open && withSeconds(newEnd) !== limits.end) changes.newEnd = withSeconds(newEnd);
  return changes;
}
