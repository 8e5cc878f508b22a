import { describe, expect, it } from 'vitest';
import { shiftOf } from './calendar';
import { cutPath, summarizeStops, type SummaryStop } from './stop-summary';
import { HOUR_MS, MINUTE_MS } from './time';

const MADRID = 'Europe/Madrid';

const BELT = 'No planificadas / Mecánica / Rotura de cinta';
const JAM = 'No planificadas / Mecánica / Atasco';
const POWER = 'No planificadas / Eléctrica / Corte de luz';
const BREAK = 'Planificadas / Descanso';

function stop(path: string | null, startMs: number, minutes: number | null, overrides: Partial<SummaryStop> = {}): SummaryStop {
  return {
    startMs,
    endMs: minutes === null ? null : startMs + minutes * MINUTE_MS,
    path,
    reason: path === null ? null : (path.split(' / ').at(-1) ?? null),
    color: path === BELT ? '#cc0000' : null,
    pareto: path !== null && !path.startsWith('Planificadas'),
    ...overrides,
  };
}

describe('cutPath', () => {
  it('cuts a path to its first n levels and leaves shorter paths whole', () => {
    expect(cutPath(BELT, 1)).toBe('No planificadas');
    expect(cutPath(BELT, 2)).toBe('No planificadas / Mecánica');
    expect(cutPath(BELT, 3)).toBe(BELT);
    expect(cutPath(BELT, 6)).toBe(BELT);
    expect(cutPath(BELT, 'all')).toBe(BELT);
    expect(cutPath('Sistema', 1)).toBe('Sistema');
  });
});

describe('summarizeStops', () => {
  const day = shiftOf('TO', '2026-05-12', MADRID);
  const at = (hours: number) => day.startMs + hours * HOUR_MS;
  const now = at(23);
  const stops: SummaryStop[] = [
    stop(BELT, at(1), 30),
    stop(BELT, at(3), 10),
    stop(JAM, at(5), 20),
    stop(POWER, at(7), 15),
    stop(BREAK, at(12), 30),
    stop(null, at(20), 5),
    // Crosses the start of the range: only its 10 minutes inside count.
    stop(JAM, day.startMs - 20 * MINUTE_MS, 30),
    // Crosses local midnight inside the range: counts whole.
    stop(POWER, at(17.5), 60),
    // Outside the range.
    stop(BELT, day.startMs - 2 * HOUR_MS, 60),
    stop(BELT, day.endMs, 60),
    // Open: runs until now (23 h into the day) → 30 minutes.
    stop(JAM, at(22.5), null),
  ];
  const options = { fromMs: day.startMs, toMs: day.endMs, nowMs: now } as const;
  // Inside the range: belt 40, jam 20 + 10 + 30 = 60, power 15 + 60 = 75, break 30, unrecognized 5 → 210 minutes.

  it('clips stops to the range (open ones end at now), leaves out the others, and sums the minutes', () => {
    const summary = summarizeStops(stops, { ...options, level: 'all' });
    expect(summary.totalMinutes).toBe(210);
    expect(summary.byPath.reduce((sum, row) => sum + row.stopCount, 0)).toBe(9);
  });

  it('groups by whole paths at level all, longest first, with the share of the total', () => {
    const summary = summarizeStops(stops, { ...options, level: 'all' });
    expect(summary.byPath).toEqual([
      { path: POWER, durationMinutes: 75, stopCount: 2, share: 75 / 210 },
      { path: JAM, durationMinutes: 60, stopCount: 3, share: 60 / 210 },
      { path: BELT, durationMinutes: 40, stopCount: 2, share: 40 / 210 },
      { path: BREAK, durationMinutes: 30, stopCount: 1, share: 30 / 210 },
      { path: null, durationMinutes: 5, stopCount: 1, share: 5 / 210 },
    ]);
  });

  it('groups by the path cut to level 1 (category) and level 2', () => {
    expect(summarizeStops(stops, { ...options, level: 1 }).byPath.map((row) => [row.path, row.durationMinutes, row.stopCount])).toEqual([
      ['No planificadas', 175, 7],
      ['Planificadas', 30, 1],
      [null, 5, 1],
    ]);
    expect(summarizeStops(stops, { ...options, level: 2 }).byPath.map((row) => [row.path, row.durationMinutes])).toEqual([
      ['No planificadas / Mecánica', 100],
      ['No planificadas / Eléctrica', 75],
      ['Planificadas / Descanso', 30],
      [null, 5],
    ]);
  });

  it('makes the shares of a table add up to 1', () => {
    const summary = summarizeStops(stops, { ...options, level: 1 });
    expect(summary.byPath.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(1, 12);
    expect(summary.pareto.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(1, 12);
  });

  it('summarizes by reason with duration, quantity, share and colour', () => {
    const summary = summarizeStops(stops, { ...options, level: 1 });
    expect(summary.byReason[0]).toEqual({
      reason: 'Corte de luz',
      path: POWER,
      color: null,
      durationMinutes: 75,
      stopCount: 2,
      share: 75 / 210,
    });
    expect(summary.byReason.find((row) => row.path === BELT)).toEqual({
      reason: 'Rotura de cinta',
      path: BELT,
      color: '#cc0000',
      durationMinutes: 40,
      stopCount: 2,
      share: 40 / 210,
    });
  });

  it('builds the Pareto from pareto stops only, as a share of their own total, sorted descending', () => {
    const summary = summarizeStops(stops, { ...options, level: 1 });
    expect(summary.paretoTotalMinutes).toBe(175);
    expect(summary.pareto.map((row) => [row.reason, row.durationMinutes, row.stopCount, row.share])).toEqual([
      ['Corte de luz', 75, 2, 75 / 175],
      ['Atasco', 60, 3, 60 / 175],
      ['Rotura de cinta', 40, 2, 40 / 175],
    ]);
  });

  it('counts only the pareto-flagged stops of a reason in the Pareto', () => {
    const mixed = [stop(JAM, at(1), 10), stop(JAM, at(2), 20, { pareto: false })];
    const summary = summarizeStops(mixed, { ...options, level: 'all' });
    expect(summary.pareto).toEqual([{ reason: 'Atasco', path: JAM, color: null, durationMinutes: 10, stopCount: 1, share: 1 }]);
    expect(summary.byReason[0]?.durationMinutes).toBe(30);
  });

  it('gives empty tables for no stops, and shares of 0 (not NaN) when every stop is zero-length', () => {
    expect(summarizeStops([], { ...options, level: 1 })).toEqual({
      totalMinutes: 0,
      paretoTotalMinutes: 0,
      byPath: [],
      byReason: [],
      pareto: [],
    });
    const summary = summarizeStops([stop(JAM, at(1), 0)], { ...options, level: 1 });
    expect(summary.byPath).toEqual([{ path: 'No planificadas', durationMinutes: 0, stopCount: 1, share: 0 }]);
    expect(summary.pareto[0]?.share).toBe(0);
  });

  it('counts pre-added groups (stops summed in the database) as the stops they stand for', () => {
    const stops = [stop(BELT, at(1), 10), stop(BELT, at(2), 5), stop(JAM, at(3), 20), stop(BREAK, at(4), 30), stop(null, at(5), 2)];
    const options = { fromMs: day.startMs, toMs: day.endMs, nowMs: now, level: 2 as const };
    const expected = summarizeStops(stops, options);
    const grouped = summarizeStops([stops[2]!, stops[4]!], options, [
      { path: BELT, reason: 'Rotura de cinta', color: '#cc0000', pareto: true, durationMs: 15 * MINUTE_MS, stopCount: 2 },
      { path: BREAK, reason: 'Descanso', color: null, pareto: false, durationMs: 30 * MINUTE_MS, stopCount: 1 },
      { path: JAM, reason: 'Atasco', color: null, pareto: true, durationMs: 0, stopCount: 0 },
    ]);
    expect(grouped.totalMinutes).toBe(expected.totalMinutes);
    expect(grouped.byPath).toEqual(expected.byPath);
    expect(grouped.pareto).toEqual(expected.pareto);
    expect(new Set(grouped.byReason.map((row) => JSON.stringify(row)))).toEqual(
      new Set(expected.byReason.map((row) => JSON.stringify(row))),
    );
  });

  // Its time (target < 150 ms) is measured by the benchmark (npm run bench -- oee-engine), not asserted here.
  it('summarizes a busy line’s year (200,000 stops) counting every stop once', () => {
    const paths = Array.from({ length: 120 }, (_, index) => `Categoría ${index % 6} / Grupo ${index % 20} / Motivo ${index}`);
    const yearStartMs = shiftOf('TM', '2026-01-01', MADRID).startMs;
    const year: SummaryStop[] = Array.from({ length: 200_000 }, (_, index) => ({
      startMs: yearStartMs + index * 157_000,
      endMs: index === 199_999 ? null : yearStartMs + index * 157_000 + 60_000 + (index % 7) * 10_000,
      path: index % 50 === 0 ? null : (paths[index % paths.length] ?? null),
      reason: `Motivo ${index % paths.length}`,
      color: null,
      pareto: index % 3 !== 0,
    }));
    const summary = summarizeStops(year, {
      fromMs: yearStartMs,
      toMs: yearStartMs + 366 * 24 * HOUR_MS,
      nowMs: yearStartMs + 365 * 24 * HOUR_MS,
      level: 2,
    });
    expect(summary.byPath.reduce((sum, row) => sum + row.stopCount, 0)).toBe(200_000);
  });
});
