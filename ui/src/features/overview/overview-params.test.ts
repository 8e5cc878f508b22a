import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, nextColumns, overviewFilter } from './overview-params';

describe('sector overview parameters (SPEC.md sections 2 and 9)', () => {
  it('starts at 3 columns and cycles 3 → 4 → 5 → 3', () => {
    expect(DEFAULT_COLUMNS).toBe(3);
    expect([nextColumns(3), nextColumns(4), nextColumns(5)]).toEqual([4, 5, 3]);
  });

  it('reads ?sector= and ?lines= as a comma list of numbers; anything else is ignored', () => {
    expect(overviewFilter(new URLSearchParams('sector=2'))).toEqual({ sectorID: 2, lines: null });
    expect(overviewFilter(new URLSearchParams('lines=1, 3,4'))).toEqual({ sectorID: null, lines: [1, 3, 4] });
    expect(overviewFilter(new URLSearchParams('sector=x&lines=1;2'))).toEqual({ sectorID: null, lines: null });
  });
});
