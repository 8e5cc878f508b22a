import { describe, expect, it } from 'vitest';
import { isCompleteFilter, isShiftPeriod, summaryFilterOf, summaryLink, type Period } from './summary-filter';

describe('the filter of /paradas/resumen (SPEC.md section 5)', () => {
  it('reads line, date and period from the query string; anything unreadable is left empty', () => {
    expect(summaryFilterOf(new URLSearchParams('line=2&date=2026-03-01&period=TN'))).toEqual({
      lineID: 2,
      date: '2026-03-01',
      period: 'TN',
    });
    // A shift of a work calendar other than the default (codes of 1–4 capitals or digits).
    expect(summaryFilterOf(new URLSearchParams('line=2&date=2026-03-01&period=D12')).period).toBe('D12');
    expect(summaryFilterOf(new URLSearchParams('line=dos&period=noche'))).toEqual({ lineID: null, date: '', period: null });
  });

  it('is complete only with a numeric line, an existing date and a period', () => {
    expect(isCompleteFilter({ lineID: 1, date: '2026-03-01', period: 'order' })).toBe(true);
    expect(isCompleteFilter({ lineID: null, date: '2026-03-01', period: 'TM' })).toBe(false);
    expect(isCompleteFilter({ lineID: 1, date: '2026-02-30', period: 'TM' })).toBe(false);
    expect(isCompleteFilter({ lineID: 1, date: '', period: 'TM' })).toBe(false);
    expect(isCompleteFilter({ lineID: 1, date: '2026-03-01', period: null })).toBe(false);
  });

  it('tells the periods of the plant calendar from the current order', () => {
    expect(['TM', 'TT', 'TN', 'TO', 'D12', 'order'].map((period) => isShiftPeriod(period as Period))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('links to a line, date and period', () => {
    expect(summaryLink({ lineID: 3, date: '2026-03-01', period: 'TN' })).toBe('/paradas/resumen?line=3&date=2026-03-01&period=TN');
  });
});
