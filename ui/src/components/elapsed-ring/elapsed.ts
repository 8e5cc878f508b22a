/** The unit an elapsed time is shown in, and the full scale of the ring in that unit (SPEC.md section 9). */
const UNITS = [
  { unit: 's', ms: 1_000, scale: 60 },
  { unit: 'm', ms: 60_000, scale: 60 },
  { unit: 'h', ms: 3_600_000, scale: 24 },
  { unit: 'd', ms: 86_400_000, scale: 99 },
] as const;

export type ElapsedUnit = (typeof UNITS)[number]['unit'];

/** The most days shown as a number; beyond, the ring says '+99d'. */
export const MAX_SHOWN_DAYS = 98;

export interface ElapsedReading {
  /** '45s', '12m', '3h', '5d' or '+99d'. */
  label: string;
  unit: ElapsedUnit;
  /** How much of the ring is filled: the value over the unit's scale (60, 60, 24, 99). */
  fraction: number;
}

/**
 * An elapsed time as the stop rings show it: seconds below a minute, then minutes, hours, and days up to 98; beyond
 * that '+99d' with the ring full. Whole units, rounded down (a stop of 59.9 s is '59s').
 */
export function elapsedReading(elapsedMs: number): ElapsedReading {
  const ms = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  const { unit, ms: unitMs, scale } = UNITS.find((_, i) => i === UNITS.length - 1 || ms < UNITS[i + 1]!.ms)!;
  const value = Math.floor(ms / unitMs);
  if (unit === 'd' && value > MAX_SHOWN_DAYS) return { label: '+99d', unit, fraction: 1 };
  return { label: `${value}${unit}`, unit, fraction: Math.min(1, value / scale) };
}
