import { currentLanguage } from './i18n';

/**
 * How every screen shows numbers, so the same figure reads the same on the dashboard, the sector overview, the grids,
 * the charts and the dialogs: in the user's language ('1.234,5' in Spanish, '1,234.5' in English). Indicators
 * (SPEC.md section 9): ratios as whole percentages, capped at '999+%' (a line far above its nominal speed); times in
 * minutes and speeds in units per minute with one decimal. Without a value: '—'.
 */

export const PERCENT_CAP = 999;

const NO_VALUE = '—';

const isNumber = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value);

export interface NumberStyle {
  /** Exactly this many decimals ('12,0'). */
  decimals?: number;
  /** At most this many decimals, trailing zeros dropped (default 3). */
  maxDecimals?: number;
  /** Group thousands (default true); false for numbers that name something: ids, years, ports. */
  grouping?: boolean;
}

const formats = new Map<string, Intl.NumberFormat>();

/** The separators of the app's two languages (what Intl.NumberFormat writes for them). */
const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  es: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** One more in the last place of a string of decimal digits ('0999' → '1000', '99' → '100'). */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * `value` written with the separators given, exactly as Intl.NumberFormat writes it in Spanish and English: the
 * number's shortest decimal form (what String() gives) rounded half away from zero to `maxFraction` decimals,
 * trailing zeros dropped down to `minFraction`, the sign kept on a negative that rounds to zero ('-0,0'). Undefined
 * for what String() writes with an exponent (below 1e-6 or from 1e21), which Intl then writes. The first
 * Intl.NumberFormat of a page loads the browser's number-formatting data, 115–350 ms of a busy machine's CPU on the
 * dashboard's first render; the app's two languages need none of it.
 */
function plainNumber(
  value: number,
  minFraction: number,
  maxFraction: number,
  grouping: boolean,
  separators: { group: string; decimal: string },
): string | undefined {
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return undefined;
  const point = shortest.indexOf('.');
  let whole = point < 0 ? shortest : shortest.slice(0, point);
  let fraction = point < 0 ? '' : shortest.slice(point + 1);
  if (fraction.length > maxFraction) {
    const roundsUp = fraction.charCodeAt(maxFraction) >= 53; // '5' or more: half away from zero
    fraction = fraction.slice(0, maxFraction);
    if (roundsUp) {
      const digits = incremented(whole + fraction);
      whole = digits.slice(0, digits.length - maxFraction);
      fraction = digits.slice(digits.length - maxFraction);
    }
  }
  let end = fraction.length;
  while (end > minFraction && fraction[end - 1] === '0') end -= 1;
  fraction = fraction.slice(0, end).padEnd(minFraction, '0');
  if (grouping) whole = whole.replace(/\B(?=(\d{3})+$)/g, separators.group);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole}${fraction ? separators.decimal + fraction : ''}`;
}

/**
 * A number as the user's language writes it. `locale` defaults to the app's language (components re-render on a
 * language switch through useTranslation).
 */
export function formatNumber(value: number, style: NumberStyle = {}, locale: string = currentLanguage()): string {
  const minimumFractionDigits = style.decimals ?? 0;
  const maximumFractionDigits = style.decimals ?? Math.max(style.maxDecimals ?? 3, 0);
  // 'always': four-digit numbers grouped too ('5.000' beside '86.400'), so a column of figures reads alike (Spanish
  // prose leaves four digits ungrouped; tables may group them).
  const useGrouping = (style.grouping ?? true) ? 'always' : false;
  const separators = SEPARATORS[locale];
  if (separators && Number.isFinite(value) && maximumFractionDigits <= 20) {
    const plain = plainNumber(value, minimumFractionDigits, maximumFractionDigits, useGrouping !== false, separators);
    if (plain !== undefined) return plain;
  }
  const key = `${locale}|${minimumFractionDigits}|${maximumFractionDigits}|${useGrouping}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits, useGrouping });
    formats.set(key, format);
  }
  return format.format(value);
}

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

function tenthLabel(value: number | null | undefined, unit: string | undefined, locale: string | undefined): string {
  if (!isNumber(value)) return NO_VALUE;
  const figure = formatNumber(roundToTenth(value), { decimals: 1 }, locale);
  return unit ? `${figure} ${unit}` : figure;
}

/** Minutes with one decimal ('12,5'), followed by `unit` when given ('12,5 min'); the dash alone without a value. */
export function minutesLabel(minutes: number | null | undefined, unit?: string, locale?: string): string {
  return tenthLabel(minutes, unit, locale);
}

/** A speed in units per minute with one decimal ('118,4'). */
export function rateLabel(unitsPerMinute: number | null | undefined, locale?: string): string {
  return tenthLabel(unitsPerMinute, undefined, locale);
}

/** A share 0..1 as a percentage to the tenth ('12,5 %'), where a whole percentage would hide differences (summaries). */
export function shareLabel(share: number, locale?: string): string {
  return `${formatNumber(share * 100, { decimals: 1 }, locale)} %`;
}

/** A count or quantity in the user's language ('12.345' in Spanish, '12,345' in English), at most `decimals` decimals. */
export function quantityLabel(value: number | null | undefined, language: string, decimals = 0): string {
  if (!isNumber(value)) return NO_VALUE;
  return formatNumber(value, { maxDecimals: decimals }, language);
}
