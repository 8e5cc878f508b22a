import { describe, expect, it } from 'vitest';
import { waterfallParams } from './api/get-waterfall';
import { scopeOptions, waterfallRows } from './waterfall-rows';

const line = (lineID: number, sectorID: number | null, sectorName: string | null) => ({
  lineID,
  description: `Envasadora ${lineID}`,
  sectorID,
  sectorName,
  productionQuantity: null,
  utilization: null,
  throughput: null,
  acceptance: null,
  oee: null,
  aboveNominalSpeed: false,
});

describe('the portal waterfall’s bars', () => {
  it('lists the calendar time, then every bar with time in it in the answer’s order, the productive time always; they add up to it', () => {
    const answer = {
      calendarMinutes: 2_880,
      bars: [
        { key: 'notScheduled' as const, minutes: 0, share: 0 },
        { key: 'unstaffed' as const, minutes: 480, share: 480 / 2_880 },
        { key: 'planned' as const, minutes: 90, share: 90 / 2_880 },
        { key: 'breakdown' as const, minutes: 310.5, share: 310.5 / 2_880 },
        { key: 'smallStop' as const, minutes: 44.25, share: 44.25 / 2_880 },
        { key: 'speed' as const, minutes: -12.75, share: -12.75 / 2_880 },
        { key: 'startupRejects' as const, minutes: 6, share: 6 / 2_880 },
        { key: 'productionRejects' as const, minutes: 0, share: 0 },
        { key: 'fullyProductive' as const, minutes: 1_962, share: 1_962 / 2_880 },
      ],
    };
    const rows = waterfallRows(answer);
    expect(rows.map((row) => [row.key, row.minutes])).toEqual([
      ['calendar', 2_880],
      ['unstaffed', 480],
      ['planned', 90],
      ['breakdown', 310.5],
      ['smallStop', 44.25],
      ['speed', -12.75],
      ['startupRejects', 6],
      ['fullyProductive', 1_962],
    ]);
    expect(rows[0]!.share).toBe(1);
    expect(rows.slice(1).reduce((sum, row) => sum + row.minutes, 0)).toBe(rows[0]!.minutes);
    expect(waterfallRows({ calendarMinutes: 0, bars: [{ key: 'fullyProductive', minutes: 0, share: null }] })).toEqual([
      { key: 'calendar', minutes: 0, share: null },
      { key: 'fullyProductive', minutes: 0, share: null },
    ]);
  });

  it('offers the whole plant, each sector once and each line, and asks the call for the one chosen', () => {
    const labels = {
      plant: 'Toda la planta',
      sector: (name: string) => `Sector ${name}`,
      line: (id: number, description: string | null) => `Línea ${id}: ${description}`,
    };
    const options = scopeOptions(
      { lines: [line(1, 2, 'Envasado'), line(2, 1, 'Llenado'), line(3, 2, 'Envasado'), line(4, null, null)] },
      labels,
    );
    expect(options).toEqual([
      { value: '', label: 'Toda la planta' },
      { value: 'sector:1', label: 'Sector Llenado' },
      { value: 'sector:2', label: 'Sector Envasado' },
      { value: 'line:1', label: 'Línea 1: Envasadora 1' },
      { value: 'line:2', label: 'Línea 2: Envasadora 2' },
      { value: 'line:3', label: 'Línea 3: Envasadora 3' },
      { value: 'line:4', label: 'Línea 4: Envasadora 4' },
    ]);
    expect(scopeOptions(undefined, labels)).toEqual([{ value: '', label: 'Toda la planta' }]);
    const range = { plant: 'norte', from: '2026-03-01', to: '2026-03-31' };
    expect(waterfallParams({ ...range, scope: '' })).toEqual(range);
    expect(waterfallParams({ ...range, scope: 'sector:2' })).toEqual({ ...range, sectorID: '2' });
    expect(waterfallParams({ ...range, scope: 'line:3' })).toEqual({ ...range, lineID: '3' });
  });
});
