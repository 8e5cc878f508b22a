import { formatNumber } from '../../lib/indicator-format';
import { formatPlantTime } from '../../lib/plant-time';
import { storedValue, useStoredValue } from '../../lib/stored-value';

/**
 * The diagnostics page's rules, pure so they are unit-tested: its views and the choice kept in this browser, and what
 * its charts draw (SPEC.md section 9: the last 100 updates, a limit line at 1000 ms, the average as a rounded line).
 */

export const DIAGNOSTIC_VIEWS = [
  'tagUpdates',
  'executionHistory',
  'opcServers',
  'counterEvents',
  'notifications',
  'aboveNominalSpeed',
] as const;
export type DiagnosticView = (typeof DIAGNOSTIC_VIEWS)[number];

/** The three views of SPEC.md section 2; the counter events, the notifications and the figures above nominal speed are chosen when wanted. */
export const DEFAULT_VIEWS: readonly DiagnosticView[] = ['tagUpdates', 'executionHistory', 'opcServers'];

export function isViewList(value: unknown): value is DiagnosticView[] {
  return (
    Array.isArray(value) &&
    value.every((view) => (DIAGNOSTIC_VIEWS as readonly unknown[]).includes(view)) &&
    new Set(value).size === value.length
  );
}

/** The chosen views in the page's order, whatever order they were chosen in. */
export function orderedViews(chosen: readonly DiagnosticView[]): DiagnosticView[] {
  return DIAGNOSTIC_VIEWS.filter((view) => chosen.includes(view));
}

const viewsStore = storedValue<readonly DiagnosticView[]>('diagnosticsViews', DEFAULT_VIEWS, isViewList);

export const chosenViews = {
  set: (views: readonly DiagnosticView[]) => viewsStore.set(orderedViews(views)),
};

export function useChosenViews(): readonly DiagnosticView[] {
  return useStoredValue(viewsStore);
}

/** SPEC.md section 9: the limit line of the duration charts. */
export const DURATION_LIMIT_MS = 1_000;

export interface DurationSeries {
  /** 'HH:mm:ss' in plant time. */
  labels: string[];
  durations: number[];
  /** The mean duration rounded to the millisecond; null without entries. */
  average: number | null;
}

/** The chart of durations over time: entries oldest first, as the API gives them. */
export function durationSeries(entries: readonly { dateTime: string; duration: number }[]): DurationSeries {
  const durations = entries.map((entry) => entry.duration);
  const average = durations.length === 0 ? null : Math.round(durations.reduce((sum, duration) => sum + duration, 0) / durations.length);
  return { labels: entries.map((entry) => formatPlantTime(entry.dateTime, 'seconds')), durations, average };
}

export function newestFirst<T>(entries: readonly T[]): T[] {
  return [...entries].reverse();
}

/** A server's tags with the bad ones first (what an administrator looks for), then by name. */
export function badTagsFirst<T extends { tagName: string; goodQuality: boolean }>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => Number(a.goodQuality) - Number(b.goodQuality) || a.tagName.localeCompare(b.tagName));
}

/** A tag's value as text: booleans and strings as they are, numbers in the user's language (every digit kept), nothing as '-'. */
export function tagValueText(data: boolean | number | string | null, locale?: string): string {
  if (data === null) return '-';
  return typeof data === 'number' ? formatNumber(data, { maxDecimals: 20 }, locale) : String(data);
}

/** Bytes as a person reads a disk's size: GiB from 1 GiB up, else MiB. */
export function formatBytes(bytes: number, locale?: string): string {
  const gib = bytes / 1024 ** 3;
  return gib >= 1 ? `${formatNumber(gib, { decimals: 1 }, locale)} GiB` : `${formatNumber(Math.round(bytes / 1024 ** 2), {}, locale)} MiB`;
}
