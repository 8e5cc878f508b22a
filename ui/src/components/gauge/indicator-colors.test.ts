import { describe, expect, it } from 'vitest';
import { OEE_BAD, OEE_GOOD, oeeColor } from './indicator-colors';

describe('OEE gauge colour (SPEC.md section 9)', () => {
  it('is green at or above targetOEE / 100 and red below', () => {
    expect(oeeColor(0.75, 75)).toBe(OEE_GOOD);
    expect(oeeColor(0.9, 75)).toBe(OEE_GOOD);
    expect(oeeColor(0.7499, 75)).toBe(OEE_BAD);
  });

  it('is red without a value and green for any value without a target', () => {
    expect(oeeColor(null, 75)).toBe(OEE_BAD);
    expect(oeeColor(0.1, null)).toBe(OEE_GOOD);
  });
});
