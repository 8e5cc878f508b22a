import { describe, expect, it } from 'vitest';
import { shiftOf } from './calendar';
import {
  clampStopsToRange,
  clippedDurationMs,
  effectiveEndMs,
  findOverlappingStop,
  isMicrostop,
  planSplit,
  REASON,
  REASON_PATH_SEPARATOR,
  reasonPath,
  recognitionFields,
  splitBounds,
  StopReasonError,
  stopDurationMs,
  stopTimeTotals,
  type SplitPlan,
  type StopReasonNode,
} from './stops';
import { HOUR_MS, MINUTE_MS } from './time';

const MADRID = 'Europe/Madrid';
const utc = (iso: string) => Date.parse(iso);

describe('REASON', () => {
  it('names the fixed categories by the reasonIDs of SPEC §3, and the edge’s own downtime as 9', () => {
    expect(REASON).toEqual({
      ROOT: 1,
      SYSTEM: 2,
      MICROSTOP: 3,
      OPC_DISCONNECTED: 4,
      END_OF_LOT: 5,
      ADJUSTMENT: 6,
      PLANNED: 7,
      UNPLANNED: 8,
      EDGE_DOWN: 9,
    });
  });
});

describe('effectiveEndMs and stopDurationMs', () => {
  it('counts an open stop as ending now, and a closed one at its own end', () => {
    expect(effectiveEndMs({ startMs: 1_000, endMs: null }, 5_000)).toBe(5_000);
    expect(effectiveEndMs({ startMs: 1_000, endMs: 3_000 }, 5_000)).toBe(3_000);
    expect(stopDurationMs({ startMs: 1_000, endMs: null }, 5_000)).toBe(4_000);
  });

  it('never gives an open stop a negative duration when the clock is behind its start', () => {
    expect(stopDurationMs({ startMs: 9_000, endMs: null }, 5_000)).toBe(0);
  });
});

describe('clampStopsToRange', () => {
  const shift = shiftOf('TN', '2026-05-12', MADRID);

  it('drops stops outside the range, clips the ones crossing its ends, and keeps the other fields', () => {
    const stops = [
      { stopID: 1, startMs: shift.startMs - 2 * HOUR_MS, endMs: shift.startMs - HOUR_MS, reason: 'before' },
      { stopID: 2, startMs: shift.startMs - 10 * MINUTE_MS, endMs: shift.startMs + 20 * MINUTE_MS, reason: 'crosses start' },
      { stopID: 3, startMs: shift.startMs + HOUR_MS, endMs: shift.startMs + 2 * HOUR_MS, reason: 'inside' },
      { stopID: 4, startMs: shift.endMs - 5 * MINUTE_MS, endMs: shift.endMs + 5 * MINUTE_MS, reason: 'crosses end' },
      { stopID: 5, startMs: shift.endMs, endMs: shift.endMs + HOUR_MS, reason: 'starts at end' },
    ];
    const clamped = clampStopsToRange(stops, shift.startMs, shift.endMs, shift.endMs + 2 * HOUR_MS);
    expect(clamped).toEqual([
      { stopID: 2, startMs: shift.startMs, endMs: shift.startMs + 20 * MINUTE_MS, reason: 'crosses start' },
      { stopID: 3, startMs: shift.startMs + HOUR_MS, endMs: shift.startMs + 2 * HOUR_MS, reason: 'inside' },
      { stopID: 4, startMs: shift.endMs - 5 * MINUTE_MS, endMs: shift.endMs, reason: 'crosses end' },
    ]);
  });

  it('drops a stop that ends exactly when the range starts (touching is not sharing time)', () => {
    expect(
      clampStopsToRange([{ startMs: shift.startMs - HOUR_MS, endMs: shift.startMs }], shift.startMs, shift.endMs, shift.endMs),
    ).toEqual([]);
  });

  it('ends an open stop at now, or at the range end when now is later', () => {
    const open = { startMs: shift.startMs + HOUR_MS, endMs: null };
    expect(clampStopsToRange([open], shift.startMs, shift.endMs, shift.startMs + 90 * MINUTE_MS)[0]?.endMs).toBe(
      shift.startMs + 90 * MINUTE_MS,
    );
    expect(clampStopsToRange([open], shift.startMs, shift.endMs, shift.endMs + HOUR_MS)[0]?.endMs).toBe(shift.endMs);
  });

  it('splits a stop crossing local midnight and the shift change between the shifts, with nothing counted twice', () => {
    const tt = shiftOf('TT', '2026-05-12', MADRID);
    const tn = shiftOf('TN', '2026-05-12', MADRID);
    const tm = shiftOf('TM', '2026-05-13', MADRID);
    const stop = { startMs: tt.endMs - 30 * MINUTE_MS, endMs: tm.startMs + 45 * MINUTE_MS };
    const parts = [tt, tn, tm].map((range) => clippedDurationMs(stop, range.startMs, range.endMs, tm.endMs));
    expect(parts).toEqual([30 * MINUTE_MS, 8 * HOUR_MS, 45 * MINUTE_MS]);
    expect(parts.reduce((sum, part) => sum! + part!, 0)).toBe(stop.endMs - stop.startMs);
  });

  it('gives a stop across the 9-hour fall-back night its full 9 hours in that shift', () => {
    const night = shiftOf('TN', '2026-10-24', MADRID);
    const stop = { startMs: night.startMs - HOUR_MS, endMs: night.endMs + HOUR_MS };
    expect(clippedDurationMs(stop, night.startMs, night.endMs, night.endMs)).toBe(9 * HOUR_MS);
  });

  it('keeps a zero-length stop that starts inside the range and drops one at its end', () => {
    expect(clippedDurationMs({ startMs: shift.startMs, endMs: shift.startMs }, shift.startMs, shift.endMs, shift.endMs)).toBe(0);
    expect(clippedDurationMs({ startMs: shift.endMs, endMs: shift.endMs }, shift.startMs, shift.endMs, shift.endMs)).toBeNull();
  });
});

describe('findOverlappingStop', () => {
  const existing = [
    { stopID: 1, startMs: 10 * MINUTE_MS, endMs: 20 * MINUTE_MS },
    { stopID: 2, startMs: 30 * MINUTE_MS, endMs: 40 * MINUTE_MS },
  ];
  const now = 60 * MINUTE_MS;

  it('detects a stop that overlaps another of the line', () => {
    expect(findOverlappingStop(existing, { startMs: 15 * MINUTE_MS, endMs: 25 * MINUTE_MS }, now)?.stopID).toBe(1);
    expect(findOverlappingStop(existing, { startMs: 25 * MINUTE_MS, endMs: 45 * MINUTE_MS }, now)?.stopID).toBe(2);
    expect(findOverlappingStop(existing, { startMs: 12 * MINUTE_MS, endMs: 13 * MINUTE_MS }, now)?.stopID).toBe(1);
  });

  it('allows stops that only touch at their ends', () => {
    expect(findOverlappingStop(existing, { startMs: 20 * MINUTE_MS, endMs: 30 * MINUTE_MS }, now)).toBeUndefined();
    expect(findOverlappingStop(existing, { startMs: 0, endMs: 10 * MINUTE_MS }, now)).toBeUndefined();
    expect(findOverlappingStop(existing, { startMs: 40 * MINUTE_MS, endMs: null }, now)).toBeUndefined();
  });

  it('does not compare a stored stop with itself when it is being edited', () => {
    expect(findOverlappingStop(existing, { stopID: 1, startMs: 5 * MINUTE_MS, endMs: 25 * MINUTE_MS }, now)).toBeUndefined();
    expect(findOverlappingStop(existing, { stopID: 1, startMs: 5 * MINUTE_MS, endMs: 35 * MINUTE_MS }, now)?.stopID).toBe(2);
  });

  it('counts an open stop as running up to now', () => {
    const withOpen = [...existing, { stopID: 3, startMs: 50 * MINUTE_MS, endMs: null }];
    expect(findOverlappingStop(withOpen, { startMs: 45 * MINUTE_MS, endMs: 55 * MINUTE_MS }, now)?.stopID).toBe(3);
    expect(findOverlappingStop(withOpen, { startMs: 45 * MINUTE_MS, endMs: 50 * MINUTE_MS }, now)).toBeUndefined();
  });

  it('refuses a second open stop on the line, even one starting exactly now', () => {
    const withOpen = [...existing, { stopID: 3, startMs: 50 * MINUTE_MS, endMs: null }];
    expect(findOverlappingStop(withOpen, { startMs: now, endMs: null }, now)?.stopID).toBe(3);
  });
});

describe('isMicrostop', () => {
  it('is a stop strictly shorter than microStopTime seconds; 0 disables microstops', () => {
    expect(isMicrostop(119_999, 120)).toBe(true);
    expect(isMicrostop(120_000, 120)).toBe(false);
    expect(isMicrostop(0, 0)).toBe(false);
  });
});

describe('stopTimeTotals', () => {
  const tm = shiftOf('TM', '2026-05-12', MADRID);
  const tt = shiftOf('TT', '2026-05-12', MADRID);
  const stops = [
    { startMs: tm.startMs + HOUR_MS, endMs: tm.startMs + HOUR_MS + 30 * MINUTE_MS, discountOEE: true },
    { startMs: tm.startMs + 2 * HOUR_MS, endMs: tm.startMs + 2 * HOUR_MS + 30_000, discountOEE: false },
    { startMs: tm.endMs - 20 * MINUTE_MS, endMs: tm.endMs + 10 * MINUTE_MS, discountOEE: false },
    { startMs: tt.startMs + HOUR_MS, endMs: null, discountOEE: false },
  ];
  const now = tt.startMs + HOUR_MS + 15 * MINUTE_MS;

  it('separates discounted time, stop time and failures (not discounted, not microstops)', () => {
    expect(stopTimeTotals(stops, tm.startMs, tm.endMs, now, 60)).toEqual({
      discountedMs: 30 * MINUTE_MS,
      stopMs: 30_000 + 20 * MINUTE_MS,
      failureMs: 20 * MINUTE_MS,
      failureCount: 1,
    });
  });

  it('counts a failure crossing the shift change once, in the shift where it starts, and its time in both', () => {
    const afternoon = stopTimeTotals(stops, tt.startMs, tt.endMs, now, 60);
    expect(afternoon).toEqual({ discountedMs: 0, stopMs: 25 * MINUTE_MS, failureMs: 25 * MINUTE_MS, failureCount: 1 });
    const day = stopTimeTotals(stops, tm.startMs, tt.endMs, now, 60);
    expect(day.failureCount).toBe(2);
    expect(day.failureMs).toBe(45 * MINUTE_MS);
  });

  it('judges a microstop by its whole duration, not by the part inside the range', () => {
    const crossing = [{ startMs: tm.endMs - 30_000, endMs: tm.endMs + 60_000, discountOEE: false }];
    expect(stopTimeTotals(crossing, tm.startMs, tm.endMs, now, 60)).toMatchObject({ failureMs: 30_000, failureCount: 1 });
  });
});

const reasons = new Map<number, StopReasonNode>(
  (
    [
      [1, null, 'Raíz', true, null],
      [2, 1, 'Sistema', true, '#999999'],
      [7, 1, 'Planificadas', true, '#3366cc'],
      [8, 1, 'No planificadas', true, '#cc0000'],
      [20, 8, 'Mecánica', true, null],
      [21, 20, 'Rotura de cinta', false, null],
      [22, 20, 'Atasco', false, '#ff9900'],
      [30, 7, 'Descanso', false, null],
      [40, 99, 'Huérfana', false, null],
      [50, 51, 'Ciclo A', false, null],
      [51, 50, 'Ciclo B', true, null],
    ] as const
  ).map(([reasonID, parentID, reason, isCategory, color]) => [
    reasonID,
    { reasonID, parentID, reason, isCategory, color, pareto: reasonID !== 30, discountOEE: reasonID === 30 },
  ]),
);

describe('reasonPath', () => {
  it("joins the names from the category under the root down to the reason with ' / ', leaving out the technical root", () => {
    expect(REASON_PATH_SEPARATOR).toBe(' / ');
    expect(reasonPath(21, reasons)).toBe('No planificadas / Mecánica / Rotura de cinta');
    expect(reasonPath(REASON.UNPLANNED, reasons)).toBe('No planificadas');
    expect(reasonPath(REASON.ROOT, reasons)).toBe('');
  });

  it('fails with a code on a missing ancestor or a cycle instead of looping', () => {
    expect(() => reasonPath(40, reasons)).toThrow(expect.objectContaining({ code: 'reasonNotFound' }));
    expect(() => reasonPath(50, reasons)).toThrow(expect.objectContaining({ code: 'reasonTreeCycle' }));
  });
});

describe('recognitionFields', () => {
  it('gives the reason, its top category as root, the path and the flags', () => {
    expect(recognitionFields(22, reasons)).toEqual({
      reasonID: 22,
      reason: 'Atasco',
      rootID: 8,
      root: 'No planificadas',
      path: 'No planificadas / Mecánica / Atasco',
      color: '#ff9900',
      pareto: true,
      discountOEE: false,
    });
  });

  it('takes the colour of the nearest ancestor when the reason has none', () => {
    expect(recognitionFields(21, reasons).color).toBe('#cc0000');
    expect(recognitionFields(30, reasons)).toMatchObject({ color: '#3366cc', discountOEE: true, pareto: false, rootID: REASON.PLANNED });
  });

  it('refuses a category or an unknown reason with a closed error code', () => {
    expect(() => recognitionFields(20, reasons)).toThrow(StopReasonError);
    expect(() => recognitionFields(20, reasons)).toThrow(expect.objectContaining({ code: 'reasonIsCategory' }));
    expect(() => recognitionFields(REASON.ROOT, reasons)).toThrow(expect.objectContaining({ code: 'reasonIsCategory' }));
    expect(() => recognitionFields(404, reasons)).toThrow(expect.objectContaining({ code: 'reasonNotFound' }));
  });
});

describe('planSplit', () => {
  // A closed stop 10:00:37 → 10:45:20 and its minute-truncated start 10:00:00.
  const start = utc('2026-05-12T08:00:37Z');
  const end = utc('2026-05-12T08:45:20Z');
  const truncated = utc('2026-05-12T08:00:00Z');
  const closed = { startMs: start, endMs: end };
  const now = utc('2026-05-12T09:00:00Z');
  const at = (minutes: number) => truncated + minutes * MINUTE_MS;
  const ranges = (plan: SplitPlan) => (plan.ok ? plan.pieces.map((piece) => [piece.startMs, piece.endMs]) : plan.code);

  it('cuts 3 contiguous pieces when both start and end move inside; the middle is the new selected stop', () => {
    const plan = planSplit({ stop: closed, newStartMs: at(10), newEndMs: at(20), nowMs: now });
    expect(plan).toEqual({
      ok: true,
      pieces: [
        { startMs: start, endMs: at(10), selected: false, keepsStopId: true },
        { startMs: at(10), endMs: at(20), selected: true, keepsStopId: false },
        { startMs: at(20), endMs: end, selected: false, keepsStopId: false },
      ],
    });
  });

  it('cuts 2 pieces on a new start only: the head keeps the stopID, the selected tail is new', () => {
    const plan = planSplit({ stop: closed, newStartMs: at(30), nowMs: now });
    expect(plan).toEqual({
      ok: true,
      pieces: [
        { startMs: start, endMs: at(30), selected: false, keepsStopId: true },
        { startMs: at(30), endMs: end, selected: true, keepsStopId: false },
      ],
    });
  });

  it('cuts 2 pieces on a new end only: the selected head is new, the tail keeps the stopID', () => {
    const plan = planSplit({ stop: closed, newEndMs: at(15), nowMs: now });
    expect(plan).toEqual({
      ok: true,
      pieces: [
        { startMs: start, endMs: at(15), selected: true, keepsStopId: false },
        { startMs: at(15), endMs: end, selected: false, keepsStopId: true },
      ],
    });
  });

  it('accepts a new start exactly at the truncated minute, which does not cut the head', () => {
    expect(ranges(planSplit({ stop: closed, newStartMs: truncated, newEndMs: at(15), nowMs: now }))).toEqual([
      [start, at(15)],
      [at(15), end],
    ]);
  });

  it('refuses a new start before the truncated minute', () => {
    expect(planSplit({ stop: closed, newStartMs: truncated - 1, newEndMs: at(15), nowMs: now })).toEqual({
      ok: false,
      code: 'invalidStart',
    });
  });

  it('accepts a new end exactly at the stop end, which does not cut the tail', () => {
    expect(ranges(planSplit({ stop: closed, newStartMs: at(20), newEndMs: end, nowMs: now }))).toEqual([
      [start, at(20)],
      [at(20), end],
    ]);
  });

  it('refuses a new end after the stop end', () => {
    expect(planSplit({ stop: closed, newStartMs: at(20), newEndMs: end + 1, nowMs: now })).toEqual({ ok: false, code: 'invalidEnd' });
  });

  it('refuses a new start after the new end, and an empty selection (new end equal to new start)', () => {
    expect(planSplit({ stop: closed, newStartMs: at(20), newEndMs: at(10), nowMs: now })).toEqual({ ok: false, code: 'invalidStart' });
    expect(planSplit({ stop: closed, newStartMs: at(20), newEndMs: at(20), nowMs: now })).toEqual({ ok: false, code: 'invalidEnd' });
    expect(planSplit({ stop: closed, newEndMs: start, nowMs: now })).toEqual({ ok: false, code: 'invalidEnd' });
    expect(planSplit({ stop: closed, newStartMs: end, nowMs: now })).toEqual({ ok: false, code: 'invalidStart' });
  });

  it('refuses a split that cuts nothing', () => {
    expect(planSplit({ stop: closed, nowMs: now })).toEqual({ ok: false, code: 'nothingToSplit' });
    expect(planSplit({ stop: closed, newStartMs: truncated, newEndMs: end, nowMs: now })).toEqual({ ok: false, code: 'nothingToSplit' });
  });

  it("refuses any change to an open stop's end", () => {
    const open = { startMs: start, endMs: null };
    expect(planSplit({ stop: open, newStartMs: at(10), newEndMs: at(20), nowMs: now })).toEqual({ ok: false, code: 'openStopEnd' });
  });

  it('splits an open stop at a new start up to now, the selected part staying open', () => {
    const open = { startMs: start, endMs: null };
    expect(planSplit({ stop: open, newStartMs: at(50), nowMs: now })).toEqual({
      ok: true,
      pieces: [
        { startMs: start, endMs: at(50), selected: false, keepsStopId: true },
        { startMs: at(50), endMs: null, selected: true, keepsStopId: false },
      ],
    });
    expect(planSplit({ stop: open, newStartMs: now + 1, nowMs: now })).toEqual({ ok: false, code: 'invalidStart' });
  });

  it('limits the cuts to start + declaring minutes when the stop has a maintenance call', () => {
    const maintenance = { declaringMinutes: 12 };
    expect(splitBounds(closed, now, maintenance)).toEqual({ minStartMs: truncated, maxMs: start + 12 * MINUTE_MS });
    expect(ranges(planSplit({ stop: closed, newStartMs: at(5), newEndMs: start + 12 * MINUTE_MS, nowMs: now, maintenance }))).toEqual([
      [start, at(5)],
      [at(5), start + 12 * MINUTE_MS],
      [start + 12 * MINUTE_MS, end],
    ]);
    expect(planSplit({ stop: closed, newEndMs: start + 12 * MINUTE_MS + 1, nowMs: now, maintenance })).toEqual({
      ok: false,
      code: 'invalidEnd',
    });
    expect(planSplit({ stop: closed, newStartMs: at(13), nowMs: now, maintenance })).toEqual({ ok: false, code: 'invalidStart' });
  });

  it('keeps the stop end as the limit when the declaring time reaches past it', () => {
    expect(splitBounds(closed, now, { declaringMinutes: 600 }).maxMs).toBe(end);
  });

  it('covers the original stop exactly with contiguous pieces, one keeping the stopID and one selected', () => {
    for (const [newStartMs, newEndMs] of [
      [at(1), at(2)],
      [at(44), null],
      [null, at(1)],
      [truncated, at(44)],
      [at(3), end],
    ] as const) {
      const plan = planSplit({ stop: closed, newStartMs, newEndMs, nowMs: now });
      if (!plan.ok) throw new Error(`unexpected ${plan.code}`);
      expect(plan.pieces[0]?.startMs).toBe(start);
      expect(plan.pieces.at(-1)?.endMs).toBe(end);
      for (let index = 1; index < plan.pieces.length; index += 1) expect(plan.pieces[index]?.startMs).toBe(plan.pieces[index - 1]?.endMs);
      expect(plan.pieces.filter((piece) => piece.keepsStopId)).toHaveLength(1);
      expect(plan.pieces.filter((piece) => piece.selected)).toHaveLength(1);
      expect(plan.pieces.every((piece) => piece.endMs === null || piece.endMs > piece.startMs)).toBe(true);
    }
  });

  it('refuses a stop that ends before it starts', () => {
    expect(planSplit({ stop: { startMs: end, endMs: start }, newStartMs: at(10), nowMs: now })).toEqual({ ok: false, code: 'invalidStop' });
  });
});
