import { isLanguage, type Language } from '../../lib/i18n';
import type { ScoreboardRequest } from './api/get-scoreboard';

/**
 * What /tablero shows, from its address, so a display is set up once by the URL it opens:
 * `?line=3`, or `?sector=2` (its lines in rotation), `&interval=20` (seconds per line, 5 to 600, default 15),
 * `&theme=light` (default dark), `&lang=en` (default: the browser's stored language, Spanish at first).
 */
export interface ScoreboardOptions {
  request: ScoreboardRequest;
  intervalMs: number;
  theme: 'dark' | 'light';
  language: Language | null;
}

export const DEFAULT_INTERVAL_S = 15;
export const MIN_INTERVAL_S = 5;
export const MAX_INTERVAL_S = 600;

const positiveInt = (text: string | null): number | undefined =>
  text !== null && /^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : undefined;

export function scoreboardOptions(search: URLSearchParams): ScoreboardOptions {
  const lineID = positiveInt(search.get('line'));
  const sectorID = lineID === undefined ? positiveInt(search.get('sector')) : undefined;
  const seconds = positiveInt(search.get('interval')) ?? DEFAULT_INTERVAL_S;
  const lang = search.get('lang');
  return {
    request: { ...(lineID !== undefined ? { lineID } : {}), ...(sectorID !== undefined ? { sectorID } : {}) },
    intervalMs: Math.min(MAX_INTERVAL_S, Math.max(MIN_INTERVAL_S, seconds)) * 1000,
    theme: search.get('theme') === 'light' ? 'light' : 'dark',
    language: isLanguage(lang) ? lang : null,
  };
}

/** A running time as a clock: 'm:ss' under an hour, 'h:mm:ss' under a day, then 'Nd hh:mm'. */
export function runningTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}:${two(minutes)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}
