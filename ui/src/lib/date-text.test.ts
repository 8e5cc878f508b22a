import { describe, expect, it } from 'vitest';
import { dateTextFormat, dateToText, textToDate, textToTime } from './date-text';

describe('date fields write dates in the app language', () => {
  it('Spanish writes and reads dd/mm/aaaa, English the app date format yyyy-mm-dd', () => {
    expect(dateTextFormat('es')).toBe('dd/mm/yyyy');
    expect(dateTextFormat('en')).toBe('yyyy-mm-dd');
    expect(dateToText('2026-03-01', 'dd/mm/yyyy')).toBe('01/03/2026');
    expect(dateToText('2026-03-01', 'yyyy-mm-dd')).toBe('2026-03-01');
    expect(dateToText('', 'dd/mm/yyyy')).toBe('');
    expect(textToDate('01/03/2026', 'dd/mm/yyyy')).toBe('2026-03-01');
    expect(textToDate('1/3/2026', 'dd/mm/yyyy')).toBe('2026-03-01');
    expect(textToDate('2026-03-01', 'yyyy-mm-dd')).toBe('2026-03-01');
  });

  it('a pasted ISO date is read in either language; a day-first date only in Spanish', () => {
    expect(textToDate('2026-03-01', 'dd/mm/yyyy')).toBe('2026-03-01');
    expect(textToDate('01/03/2026', 'yyyy-mm-dd')).toBeNull();
  });

  it('a date that does not exist, or an incomplete one, is no date', () => {
    expect(textToDate('31/02/2026', 'dd/mm/yyyy')).toBeNull();
    expect(textToDate('2026-13-01', 'yyyy-mm-dd')).toBeNull();
    expect(textToDate('01/03/26', 'dd/mm/yyyy')).toBeNull();
    expect(textToDate('', 'dd/mm/yyyy')).toBeNull();
  });

  it('times are 24-hour HH:mm:ss in both languages', () => {
    expect(textToTime('7:05')).toBe('07:05:00');
    expect(textToTime('23:59:59')).toBe('23:59:59');
    expect(textToTime('24:00')).toBeNull();
    expect(textToTime('12:60')).toBeNull();
  });
});
