import { describe, expect, it } from 'vitest';
import { stopsListFilter, stopsListParams } from './stops-filter';

describe('stops list prefilter (SPEC.md section 2: line, order, stopId)', () => {
  it('filters by every parameter given', () => {
    const params = stopsListParams(new URLSearchParams('line=1&order=4500101-0&stopId=7'));
    expect(params).toEqual({ lineID: 1, order: '4500101-0', stopID: 7 });
    expect(stopsListFilter(params)).toEqual([['lineID', '=', 1], 'and', ['order', '=', '4500101-0'], 'and', ['stopID', '=', 7]]);
  });

  it('ignores what is missing or unreadable; nothing given is no filter', () => {
    expect(stopsListFilter(stopsListParams(new URLSearchParams('line=abc&order=%20&stopId=3')))).toEqual(['stopID', '=', 3]);
    expect(stopsListFilter(stopsListParams(new URLSearchParams('')))).toBeNull();
  });
});
