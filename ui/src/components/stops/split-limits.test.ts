import { describe, expect, it } from 'vitest';
import { checkSplit, splitChanges, splitLimits } from './split-limits';

const stop = (startDate: string, endDate: string | null, declaringTime: number | null = null) => ({ startDate, endDate, declaringTime });
const NOW = Date.parse('2026-03-01T13:00:00Z'); // 10:00 at -03:00

describe('split limits (SPEC.md sections 4 and 5)', () => {
  const closed = splitLimits(stop('2026-03-01T08:10:30.000-03:00', '2026-03-01T08:40:00.000-03:00'), NOW);

  it('starts no earlier than the stop start truncated to the minute and cuts no later than its end', () => {
    expect(closed).toMatchObject({ start: '2026-03-01T08:10:30', minStart: '2026-03-01T08:10:00', end: '2026-03-01T08:40:00', maxEnd: '2026-03-01T08:40:00', open: false, sameDay: true });
    expect(checkSplit(closed, '2026-03-01T08:10:00', '2026-03-01T08:40:00')).toBeNull();
    expect(checkSplit(closed, '2026-03-01T08:09:59', '2026-03-01T08:40:00')).toBe('invalidStart');
    expect(checkSplit(closed, '2026-03-01T08:20:00', '2026-03-01T08:40:01')).toBe('invalidEnd');
  });

  it('keeps the new start at or before the new end, and the new end at or after the new start', () => {
    expect(checkSplit(closed, '2026-03-01T08:30:00', '2026-03-01T08:20:00')).toBe('invalidStart');
    expect(checkSplit(closed, '2026-03-01T08:20', '2026-03-01T08:30')).toBeNull();
    expect(checkSplit(closed, '', '2026-03-01T08:30:00')).toBe('invalidStart');
  });

  it('fixes the end of a stop in progress at now: only a new start can be checked and sent', () => {
    const open = splitLimits(stop('2026-03-01T09:50:00.000-03:00', null), NOW);
    expect(open).toMatchObject({ open: true, end: '2026-03-01T10:00:00', maxEnd: '2026-03-01T10:00:00' });
    expect(checkSplit(open, '2026-03-01T09:55:00', 'anything')).toBeNull();
    expect(checkSplit(open, '2026-03-01T10:00:01', '')).toBe('invalidStart');
    expect(splitChanges(open, '2026-03-01T09:55:00', '2026-03-01T09:58:00')).toEqual({ newStart: '2026-03-01T09:55:00' });
  });

  it('limits the cuts to start plus declaring time when a maintenance call was made', () => {
    const called = splitLimits(stop('2026-03-01T08:00:00.000-03:00', '2026-03-01T09:00:00.000-03:00', 12.5), NOW);
    expect(called.maxEnd).toBe('2026-03-01T08:12:30');
    expect(checkSplit(called, '2026-03-01T08:05:00', '2026-03-01T08:12:30')).toBeNull();
    expect(checkSplit(called, '2026-03-01T08:05:00', '2026-03-01T08:13:00')).toBe('invalidEnd');
  });

  it('shows dates only when the stop crosses midnight', () => {
    expect(splitLimits(stop('2026-03-01T23:50:00.000-03:00', '2026-03-02T00:20:00.000-03:00'), NOW).sameDay).toBe(false);
  });

  it('sends only the ends that moved', () => {
    expect(splitChanges(closed, '2026-03-01T08:10:30', '2026-03-01T08:30')).toEqual({ newEnd: '2026-03-01T08:30:00' });
    expect(splitChanges(closed, '2026-03-01T08:15', '2026-03-01T08:40:00')).toEqual({ newStart: '2026-03-01T08:15:00' });
  });
});
