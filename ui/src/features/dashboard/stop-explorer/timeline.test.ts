import { describe, expect, it } from 'vitest';
import { RUNNING_COLOR, UNRECOGNIZED_COLOR, type Stop } from '../../../components/stops/stop';
import { buildTimeline, tickMinutes, timelineTicks } from './timeline';

const H = 3_600_000;
const START = Date.parse('2026-03-01T06:00:00.000-03:00');
const END = START + 8 * H;
const at = (hours: number) => new Date(START + hours * H).toISOString();
const stop = (id: number, from: number, to: number | null, recognized = false, color: string | null = null): Stop => ({
  stopID: id,
  order: 'O-1',
  op: 'O',
  lineID: 1,
  split: false,
  reason: null,
  reasonID: null,
  root: null,
  path: null,
  startDate: at(from),
  endDate: to === null ? null : at(to),
  duration: 0,
  recognized,
  observation: null,
  declaringTime: null,
  waitingTime: null,
  maintenanceTime: null,
  color,
});

describe('stop explorer bar (SPEC.md sections 4 and 9)', () => {
  it('alternates running time and stops, in the reason colour or red while unrecognized, up to now', () => {
    const { segments, overflow } = buildTimeline([stop(1, 1, 2), stop(2, 3, 3.5, true, '#4a90d9')], START, END, START + 4 * H);
    expect(overflow).toBe(false);
    expect(segments.map((s) => [s.kind, s.left, s.width, s.color])).toEqual([
      ['running', 0, 1 / 8, RUNNING_COLOR],
      ['stop', 1 / 8, 1 / 8, UNRECOGNIZED_COLOR],
      ['running', 2 / 8, 1 / 8, RUNNING_COLOR],
      ['stop', 3 / 8, 0.5 / 8, '#4a90d9'],
      ['running', 3.5 / 8, 0.5 / 8, RUNNING_COLOR],
    ]);
  });

  it('clamps stops to the shift and ends an open stop now', () => {
    const { segments } = buildTimeline([stop(1, -2, 1), stop(2, 7, null)], START, END, START + 7.5 * H);
    expect(segments.filter((s) => s.kind === 'stop').map((s) => [s.left, s.width])).toEqual([
      [0, 1 / 8],
      [7 / 8, 0.5 / 8],
    ]);
    const afterTheShift = buildTimeline([stop(3, 7, null)], START, END, START + 30 * H).segments.at(-1)!;
    expect(afterTheShift.left + afterTheShift.width).toBe(1);
  });

  it('draws nothing when the stops add up to more than the shift', () => {
    expect(buildTimeline([stop(1, 0, 5), stop(2, 2, 7)], START, END, END)).toEqual({ segments: [], overflow: true });
  });

  it('puts ticks every 15, 30 or 60 minutes depending on the width, on the plant clock', () => {
    expect(tickMinutes(2000, 8 * H)).toBe(15);
    expect(tickMinutes(1000, 8 * H)).toBe(30);
    expect(tickMinutes(600, 8 * H)).toBe(60);
    const ticks = timelineTicks(START, END, 600, -180);
    expect(ticks).toHaveLength(9);
    expect(ticks[0]).toEqual({ left: 0, label: '06:00' });
    expect(ticks.at(-1)).toEqual({ left: 1, label: '14:00' });
    expect(timelineTicks(START + 10 * 60_000, END, 1000, -180)[0]!.label).toBe('06:30');
  });
});
