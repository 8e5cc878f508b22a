/** Minutes as typed: a number from 0 to 999999 (a comma works as the decimal point), else null. */
export function parseMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const minutes = Number(trimmed.replace(',', '.'));
  return Number.isFinite(minutes) && minutes >= 0 && minutes <= 999_999 ? minutes : null;
}

/**
 * The most minutes an adjustment may take, as the server states it: the order's stop time not discounted (minutes,
 * from milliseconds), rounded down to the hundredth (edge orders.service, adjustmentOverStops).
 */
export function maxAdjustMinutes(stopMinutes: number): number {
  return Math.floor(Math.round(stopMinutes * 60_000) / 600) / 100;
}
