import { describe, expect, it } from 'vitest';
import { shareLabels } from './share-labels';

describe('share labels (SPEC.md section 9: only on shares above 30 percent)', () => {
  it('labels the shares above 30 % with their whole percentage', () => {
    expect(shareLabels([60, 30, 10])).toEqual(['60%', null, null]);
    expect(shareLabels([31, 69])).toEqual(['31%', '69%']);
  });

  it('labels no share of exactly 30 % and nothing when the total is zero', () => {
    expect(shareLabels([30, 30, 40])).toEqual([null, null, '40%']);
    expect(shareLabels([0, 0])).toEqual([null, null]);
    expect(shareLabels([null, 5])).toEqual([null, '100%']);
  });
});
