import { describe, expect, it, vi } from 'vitest';
import { formatNumber, minutesLabel, percentLabel, rateLabel, roundToTenth, shareLabel, type NumberStyle } from './indicator-format';

describe('indicator figures (SPEC.md section 9: whole percentages, up to 999+)', () => {
  it('shows a whole percentage of the ratio', () => {
    expect(percentLabel(0.874)).toBe('87%');
    expect(percentLabel(0.875)).toBe('88%');
    expect(percentLabel(0)).toBe('0%');
    expect(percentLabel(9.99)).toBe('999%');
  });

  it("caps the percentage at '999+%'", () => {
    expect(percentLabel(10)).toBe('999+%');
    expect(percentLabel(9.996)).toBe('999+%');
  });

  it('shows minutes and speeds with one decimal, rounded half up, in the given language', () => {
    expect(minutesLabel(12.25, undefined, 'en')).toBe('12.3');
    expect(minutesLabel(12.24, undefined, 'en')).toBe('12.2');
    expect(minutesLabel(0, undefined, 'en')).toBe('0.0');
    expect(rateLabel(118.45, 'en')).toBe('118.5');
    expect(roundToTenth(59.96)).toBe(60);
    expect(minutesLabel(3, 'min', 'en')).toBe('3.0 min');
    expect(minutesLabel(1.7, 'min', 'es')).toBe('1,7 min');
    expect(rateLabel(118.45, 'es')).toBe('118,5');
    expect(minutesLabel(null, 'min')).toBe('—');
  });

  it('shows a dash without a value', () => {
    expect(percentLabel(null)).toBe('—');
    expect(percentLabel(Number.NaN)).toBe('—');
    expect(minutesLabel(undefined)).toBe('—');
    expect(minutesLabel(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('numbers in the user language (issue 16: one format per language)', () => {
  it('writes the decimal separator and the thousands of the language', () => {
    expect(formatNumber(0.83, {}, 'es')).toBe('0,83');
    expect(formatNumber(0.83, {}, 'en')).toBe('0.83');
    expect(formatNumber(115200, {}, 'es')).toBe('115.200');
    expect(formatNumber(115200, {}, 'en')).toBe('115,200');
    expect(formatNumber(1234567.5, { decimals: 2 }, 'es')).toBe('1.234.567,50');
    expect(formatNumber(1234567.5, { decimals: 2 }, 'en')).toBe('1,234,567.50');
  });

  it('groups four-digit numbers too, in both languages, so a column of figures reads alike', () => {
    expect(formatNumber(1234, {}, 'es')).toBe('1.234');
    expect(formatNumber(1234, {}, 'en')).toBe('1,234');
  });

  it('keeps exactly the decimals asked for, or at most maxDecimals (3 by default) without trailing zeros', () => {
    expect(formatNumber(12, { decimals: 1 }, 'es')).toBe('12,0');
    expect(formatNumber(2.5, { maxDecimals: 2 }, 'en')).toBe('2.5');
    expect(formatNumber(2 / 3, {}, 'es')).toBe('0,667');
    expect(formatNumber(115200.4, { maxDecimals: 0 }, 'es')).toBe('115.200');
  });

  it('leaves numbers that name something ungrouped', () => {
    expect(formatNumber(65535, { grouping: false }, 'es')).toBe('65535');
    expect(formatNumber(12345, { grouping: false }, 'en')).toBe('12345');
  });

  it('shows shares to the tenth of a percent', () => {
    expect(shareLabel(0.125, 'es')).toBe('12,5 %');
    expect(shareLabel(0.125, 'en')).toBe('12.5 %');
  });

  it("writes every number exactly as Intl.NumberFormat does, without creating one in the app's two languages", () => {
    // A fixed sequence of pseudo-random figures (the same on every run): every magnitude the screens show, halves at
    // each decimal place (1.005 and 1.45 round up in Intl, which rounds the number's shortest decimal form), negatives
    // that round to zero, -0, and the exponent forms Intl is left to write.
    let seed = 20_261_128;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [0, -0, 1.005, 1.45, 8.345, 0.125, 2.5, -2.5, -0.04, 999.9996, 99.95, 9.5, 1e-7, 2.5e-7, 1e21, 123456789012345680000];
    for (let i = 0; i < 1_500; i += 1) {
      const magnitude = 10 ** Math.floor(next() * 12 - 4);
      const value = Math.round(next() * magnitude * 1000) / 1000;
      values.push(value, -value, value + 0.5, Math.floor(value) + 0.05, Math.floor(value) + 0.005, next() * magnitude);
    }
    const styles: NumberStyle[] = [
      {},
      { decimals: 0 },
      { decimals: 1 },
      { decimals: 2 },
      { maxDecimals: 0 },
      { maxDecimals: 5 },
      { grouping: false },
    ];
    const cases = ['es', 'en'].flatMap((locale) =>
      styles.map((style) => ({
        locale,
        style,
        intl: new Intl.NumberFormat(locale, {
          minimumFractionDigits: style.decimals ?? 0,
          maximumFractionDigits: style.decimals ?? style.maxDecimals ?? 3,
          useGrouping: style.grouping === false ? false : 'always',
        }),
      })),
    );
    const created = vi.spyOn(Intl, 'NumberFormat');
    const plain = [0, -0.04, 1.005, 1234567.891];
    for (const { locale, style } of cases) for (const value of plain) formatNumber(value, style, locale);
    expect(created).not.toHaveBeenCalled();
    created.mockRestore();
    const differing: string[] = [];
    for (const { locale, style, intl } of cases) {
      for (const value of values) {
        const written = formatNumber(value, style, locale);
        const expected = intl.format(value);
        if (written !== expected) differing.push(`${value} ${JSON.stringify(style)} ${locale}: ${written}, Intl ${expected}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
