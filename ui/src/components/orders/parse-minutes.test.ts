import { describe, expect, it } from 'vitest';
import { parseMinutes } from './parse-minutes';

describe('adjust minutes', () => {
  it('reads minutes from 0 to 999999, with a comma or a point', () => {
    expect(parseMinutes(' 12,5 ')).toBe(12.5);
    expect(parseMinutes('0')).toBe(0);
    expect(parseMinutes('999999')).toBe(999_999);
  });

  it('refuses empty, negative, too large or non-numeric text', () => {
    expect(parseMinutes('')).toBeNull();
    expect(parseMinutes('-1')).toBeNull();
    expect(parseMinutes('1000000')).toBeNull();
    expect(parseMinutes('abc')).toBeNull();
  });
});
