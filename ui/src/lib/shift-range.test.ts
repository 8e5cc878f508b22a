import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { es } from '../locales/es';
import { addPlantDays, isPlantDate } from './plant-time';
import { isPeriodCode, periodOptions, periodRange, type CalendarDay } from './shift-range';

/** A production day as GET /api/calendars/days answers it, from its shifts' wall-clock starts (plant offset +01:00). */
function day(plantDate: string, starts: [code: string, nameEs: string, start: string][]): CalendarDay {
  const at = (date: string, time: string) => `${date}T${time}:00.000+01:00`;
  const next = addPlantDays(plantDate, 1);
  const instants = starts.map(([, , start], i) => at(i > 0 && start < starts[0]![2] ? next : plantDate, start));
  const end = at(next, starts[0]![2]);
  return {
    plantDate,
    start: instants[0]!,
    end,
    shifts: starts.map(([code, nameEs], i) => ({
      code,
      nameEs,
      nameEn: `${nameEs} (en)`,
      start: instants[i]!,
      end: instants[i + 1] ?? end,
      scheduled: [],
      breaks: [],
    })),
  };
}

const DEFAULT = (date: string) =>
  day(date, [
    ['TM', 'Mañana', '06:00'],
    ['TT', 'Tarde', '14:00'],
    ['TN', 'Noche', '22:00'],
  ]);
const TWELVE = (date: string) =>
  day(date, [
    ['D', 'Día', '07:00'],
    ['N', 'Noche', '19:00'],
  ]);

/** The Spanish catalogue's text of a key, with {{…}} filled in, as i18next would give it. */
const t = ((key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;

describe('periods of a production day as the line’s work calendar has them', () => {
  it('gives one day’s shift and the whole day (TO) from the calendar’s spans', () => {
    expect(periodRange('TM', DEFAULT('2026-03-01'))).toEqual({
      start: '2026-03-01T06:00:00.000+01:00',
      end: '2026-03-01T14:00:00.000+01:00',
    });
    expect(periodRange('TN', DEFAULT('2026-03-01'))).toEqual({
      start: '2026-03-01T22:00:00.000+01:00',
      end: '2026-03-02T06:00:00.000+01:00',
    });
    expect(periodRange('TO', TWELVE('2026-03-01'))).toEqual({
      start: '2026-03-01T07:00:00.000+01:00',
      end: '2026-03-02T07:00:00.000+01:00',
    });
    expect(periodRange('TM', TWELVE('2026-03-01'))).toBeNull();
  });

  it('spans several days: the shift’s start on the first day to its end on the last', () => {
    expect(periodRange('N', TWELVE('2026-02-27'), TWELVE('2026-03-02'))).toEqual({
      start: '2026-02-27T19:00:00.000+01:00',
      end: '2026-03-03T07:00:00.000+01:00',
    });
    expect(periodRange('TO', DEFAULT('2028-02-28'), DEFAULT('2028-02-28'))?.end).toBe('2028-02-29T06:00:00.000+01:00');
  });

  it('offers the default calendar’s periods in the specification’s words, any other by its names and hours', () => {
    expect(periodOptions(DEFAULT('2026-03-01'), t, 'es', 'period', false)).toEqual([
      { value: 'TM', text: 'Turno mañana (06:00–14:00)' },
      { value: 'TT', text: 'Turno tarde (14:00–22:00)' },
      { value: 'TN', text: 'Turno noche (22:00–06:00)' },
      { value: 'TO', text: 'Resumen del día (06:00–06:00)' },
    ]);
    expect(periodOptions(DEFAULT('2026-03-01'), t, 'es', 'code', true).map((option) => option.text)).toEqual([
      'TO · Todos (06:00–06:00)',
      'TM · Mañana (06:00–14:00)',
      'TT · Tarde (14:00–22:00)',
      'TN · Noche (22:00–06:00)',
    ]);
    expect(periodOptions(TWELVE('2026-03-01'), t, 'es', 'period', false)).toEqual([
      { value: 'D', text: 'Turno Día (07:00–19:00)' },
      { value: 'N', text: 'Turno Noche (19:00–07:00)' },
      { value: 'TO', text: 'Resumen del día (07:00–07:00)' },
    ]);
    expect(periodOptions(TWELVE('2026-03-01'), t, 'es', 'code', true)[0]).toEqual({ value: 'TO', text: 'TO · Todos (07:00–07:00)' });
  });

  it('reads period codes and dates strictly', () => {
    expect([isPeriodCode('TN'), isPeriodCode('D12'), isPeriodCode('tn'), isPeriodCode('NOCHE'), isPeriodCode('')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([isPlantDate('2026-02-28'), isPlantDate('2026-02-30'), isPlantDate('2026-2-1'), isPlantDate('')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(addPlantDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
