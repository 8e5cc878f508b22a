import { describe, expect, it } from 'vitest';
import { checkSplit, openingCut, splitChanges, splitLimits } from './split-limits';

const stop = (startDate: string, endDate: string | null, declaringTime: number | null = null) => ({ startDate, endDate, declaringTime });
const NOW = Date.parse('2026-03-01T13:00:00Z'); // 10:00 at -03:00

describe('split limits (SPEC.md sections 4 and 5)', () => {
  const closed = splitLimits(stop('2026-03-01T08:10:30.000-03:00', '2026-03-01T08:40:00.000-03:00'), NOW);

  it('starts no earlier than the stop start truncated to the minute and cuts no later than its end', () => {
    expect(closed).toMatchObject({
      start: '2026-03-01T08:10:30',
      minStart: '2026-03-01T08:10:00',
      end: '2026-03-01T08:40:00',
      maxEnd: '2026-03-01T08:40:00',
      open: false,
      sameDay: true,
    });
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

  it('opens valid: with a maintenance call the end offered is the latest cut, never beyond the stop', () => {
    // The stop: 12.2 minutes, the call 11.6 minutes into it.
    const called = splitLimits(stop('2026-03-01T08:00:00.000-03:00', '2026-03-01T08:12:12.000-03:00', 11.6), NOW);
    const cut = openingCut(called);
    expect(cut).toEqual({ newStart: '2026-03-01T08:00:00', newEnd: '2026-03-01T08:11:36' });
    expect(checkSplit(called, cut.newStart, cut.newEnd)).toBeNull();
    // A declaring time longer than the stop (stored before phases were cut at the stop's end) limits nothing.
    const overrun = splitLimits(stop('2026-03-01T08:00:00.000-03:00', '2026-03-01T08:12:12.000-03:00', 23.2), NOW);
    expect(overrun.maxEnd).toBe('2026-03-01T08:12:12');
    expect(checkSplit(overrun, openingCut(overrun).newStart, openingCut(overrun).newEnd)).toBeNull();
    // Without a call, and in progress, it opens on the whole stop.
    expect(openingCut(closed)).toEqual({ newStart: '2026-03-01T08:10:30', newEnd: '2026-03-01T08:40:00' });
    const open = splitLimits(stop('2026-03-01T09:50:00.000-03:00', null, 4), NOW);
    expect(checkSplit(open, openingCut(open).newStart, openingCut(open).newEnd)).toBeNull();
  });

  it('shows dates only when the stop crosses midnight', () => {
    expect(splitLimits(stop('2026-03-01T23:50:00.000-03:00', '2026-03-02T00:20:00.000-03:00'), NOW).sameDay).toBe(false);
  });

  it('sends only the ends that moved', () => {
    expect(splitChanges(closed, '2026-03-01T08:10:30', '2026-03-01T08:30')).toEqual({ newEnd: '2026-03-01T08:30:00' });
    expect(splitChanges(closed, '2026-03-01T08:15', '2026-03-01T08:40:00')).toEqual({ newStart: '2026-03-01T08:15:00' });
  });
});
