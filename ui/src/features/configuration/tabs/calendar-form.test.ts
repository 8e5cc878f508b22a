import { describe, expect, it } from 'vitest';
import { fromForm, nextVersion, spanMinutes, toForm, wallTime } from './calendar-form';

const calendar = {
  versions: [
    {
      effectiveFrom: '2026-01-01',
      pattern: {
        shifts: [
          { code: 'D', nameEs: 'Día', nameEn: 'Day', start: '07:00' },
          { code: 'N', nameEs: 'Noche', nameEn: 'Night', start: '19:00', end: '06:30' },
        ],
        breaks: [{ shiftCode: 'D', start: '12:00', minutes: 30 }],
        weekdays: [5, 1, 2, 3, 4],
      },
    },
  ],
  exceptions: [
    { date: '2026-05-01', kind: 'holiday' as const },
    { date: '2026-05-04', kind: 'shortDay' as const, until: '15:00' },
    { date: '2026-05-09', kind: 'extraShift' as const, shiftCode: 'D' },
  ],
};

describe('the calendar tab’s form', () => {
  it('holds a calendar as text and gives it back as the API takes it (an end left empty is no end)', () => {
    const form = toForm(calendar);
    expect(form.versions[0]!.shifts[0]!.end).toBe('');
    expect(form.versions[0]!.breaks[0]!.minutes).toBe('30');
    expect(form.exceptions[1]).toEqual({ date: '2026-05-04', kind: 'shortDay', until: '15:00', shiftCode: '' });
    expect(fromForm(form)).toEqual({
      ...calendar,
      versions: [{ ...calendar.versions[0]!, pattern: { ...calendar.versions[0]!.pattern, weekdays: [1, 2, 3, 4, 5] } }],
    });
  });

  it('sends minutes that are not digits as typed, for the server to refuse on their field; a new version copies the last', () => {
    const form = toForm(calendar);
    form.versions[0]!.breaks[0]!.minutes = 'media hora';
    expect(fromForm(form).versions[0]!.pattern.breaks![0]!.minutes).toBe('media hora');
    const next = nextVersion(form, '2026-06-01');
    expect(next.effectiveFrom).toBe('2026-06-01');
    expect(next.shifts).toEqual(form.versions[0]!.shifts);
    expect(next.shifts[0]).not.toBe(form.versions[0]!.shifts[0]);
  });

  it('reads the preview’s spans: minutes between plant instants, wall times as the server wrote them', () => {
    const spans = [
      { start: '2026-03-29T07:00:00.000+02:00', end: '2026-03-29T19:00:00.000+02:00' },
      { start: '2026-03-28T19:00:00.000+01:00', end: '2026-03-29T07:00:00.000+02:00' },
    ];
    expect(spanMinutes(spans)).toBe(720 + 660);
    expect(wallTime(spans[1]!.start)).toBe('19:00');
  });
});
