/**
 * How every screen shows the indicators, so the same figure reads the same on the dashboard, the sector overview,
 * the index grids and the stop dialogs (SPEC.md section 9): ratios as whole percentages, capped at '999+%' (a line
 * far above its nominal speed); times in minutes and speeds in units per minute with one decimal. Without a value: '—'.
 */

export const PERCENT_CAP = 999;

const NO_VALUE = '—';

const isNumber = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value);

/** A ratio (0..1) as a whole percentage ('87%'), '999+%' above the cap. */
export function percentLabel(ratio: number | null | undefined): string {
  if (!isNumber(ratio)) return NO_VALUE;
  const percent = Math.round(ratio * 100);
  return percent > PERCENT_CAP ? `${PERCENT_CAP}+%` : `${percent}%`;
}

/** A figure to one decimal, rounded half up, as a number (chart values: minutes, speeds). */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

function tenthLabel(value: number | null | undefined, unit?: string): string {
  if (!isNumber(value)) return NO_VALUE;
  const figure = roundToTenth(value).toFixed(1);
  return unit ? `${figure} ${unit}` : figure;
}

/** Minutes with one decimal ('12.5'), followed by `unit` when given ('12.5 min'); the dash alone without a value. */
export function minutesLabel(minutes: number | null | undefined, unit?: string): string {
  return tenthLabel(minutes, unit);
}

/** A speed in units per minute with one decimal ('118.4'). */
export function rateLabel(unitsPerMinute: number | null | undefined): string {
  return tenthLabel(unitsPerMinute);
}

/** A count or quantity in the user's language ('12.345' in Spanish, '12,345' in English), at most `decimals` decimals. */
export function quantityLabel(value: number | null | undefined, language: string, decimals = 0): string {
  if (!isNumber(value)) return NO_VALUE;
  return new Intl.NumberFormat(language, { maximumFractionDigits: decimals }).format(value);
}
