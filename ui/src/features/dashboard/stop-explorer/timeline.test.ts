import { describe, expect, it } from 'vitest';
import { NO_DATA_COLOR, RUNNING_COLOR, UNRECOGNIZED_COLOR, type Stop } from '../../../components/stops/stop';
import { buildTimeline, tickMinutes, timelineTicks, type TimelineSegment } from './timeline';

const H = 3_600_000;
const START = Date.parse('2026-03-01T06:00:00.000-03:00');
const END = START + 8 * H;
const at = (hours: number) => new Date(START + hours * H).toISOString();
/** The line known since before the shift: no time of it lacks data. */
const KNOWN = START - 24 * H;
const stop = (
  id: number,
  from: number,
  to: number | null,
  recognized = false,
  color: string | null = null,
  reasonID: number | null = null,
): Stop => ({
  stopID: id,
  order: 'O-1',
  op: 'O',
  lineID: 1,
  split: false,
  reason: null,
  reasonID,
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
  reproceso: 0,
  equipmentName: null,
  rootID: null,
  maintenanceReason: null,
  pareto: false,
  discountOEE: false,
  updatedBy: null,
  updateDate: null,
  manual: false,
});

/** What a segment looks like: kind, position, width, colour and whether it is drawn as no data. */
const shape = (segments: readonly TimelineSegment[]) => segments.map((s) => [s.kind, s.left, s.width, s.color, s.noData]);

describe('stop explorer bar (SPEC.md sections 4 and 9)', () => {
  it('alternates running time and stops, in the reason colour or red while unrecognized, up to now', () => {
    const { segments, overflow } = buildTimeline([stop(1, 1, 2), stop(2, 3, 3.5, true, '#4a90d9')], START, END, START + 4 * H, KNOWN);
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
    const { segments } = buildTimeline([stop(1, -2, 1), stop(2, 7, null)], START, END, START + 7.5 * H, KNOWN);
    expect(segments.filter((s) => s.kind === 'stop').map((s) => [s.left, s.width])).toEqual([
      [0, 1 / 8],
      [7 / 8, 0.5 / 8],
    ]);
    const afterTheShift = buildTimeline([stop(3, 7, null)], START, END, START + 30 * H, KNOWN).segments.at(-1)!;
    expect(afterTheShift.left + afterTheShift.width).toBe(1);
  });

  it('draws nothing when the stops add up to more than the shift', () => {
    expect(buildTimeline([stop(1, 0, 5), stop(2, 2, 7)], START, END, END, KNOWN)).toEqual({ segments: [], overflow: true });
  });

  it('draws a shift wholly before the line’s first data as no data, with nothing running', () => {
    expect(shape(buildTimeline([], START, END, END + 30 * H, END + 2 * H).segments)).toEqual([['noData', 0, 1, NO_DATA_COLOR, true]]);
    // A line never seen: no data up to now, nothing after.
    expect(shape(buildTimeline([], START, END, START + 2 * H, null).segments)).toEqual([['noData', 0, 2 / 8, NO_DATA_COLOR, true]]);
  });

  it('starts running time at the first data in the middle of the shift, between and after its stops', () => {
    const { segments } = buildTimeline([stop(1, 3, 3.5, true, '#4a90d9')], START, END, START + 5 * H, START + 2 * H);
    expect(shape(segments)).toEqual([
      ['noData', 0, 2 / 8, NO_DATA_COLOR, true],
      ['running', 2 / 8, 1 / 8, RUNNING_COLOR, false],
      ['stop', 3 / 8, 0.5 / 8, '#4a90d9', false],
      ['running', 3.5 / 8, 1.5 / 8, RUNNING_COLOR, false],
    ]);
  });

  it('on a line without a beacon, draws the time after the end of its last stop entered by hand as no data, never running', () => {
    // Line 5 of the demo: known from its first manual stop (07:00–08:00), a second one 09:00–09:30, now 12:00.
    const manual = [stop(1, 1, 2), stop(2, 3, 3.5)];
    expect(shape(buildTimeline(manual, START, END, START + 6 * H, START + 1 * H, START + 3.5 * H).segments)).toEqual([
      ['noData', 0, 1 / 8, NO_DATA_COLOR, true],
      ['stop', 1 / 8, 1 / 8, UNRECOGNIZED_COLOR, false],
      ['running', 2 / 8, 1 / 8, RUNNING_COLOR, false],
      ['stop', 3 / 8, 0.5 / 8, UNRECOGNIZED_COLOR, false],
      ['noData', 3.5 / 8, 2.5 / 8, NO_DATA_COLOR, true],
    ]);
    // A stop still open: the line is known stopped up to now, nothing after it is drawn.
    const open = buildTimeline([stop(1, 1, 2), stop(2, 3, null)], START, END, START + 6 * H, START + 1 * H, START + 6 * H).segments;
    expect(open.filter((segment) => segment.kind !== 'stop').map((segment) => [segment.kind, segment.left, segment.width])).toEqual([
      ['noData', 0, 1 / 8],
      ['running', 2 / 8, 1 / 8],
    ]);
    // Known up to before the shift: the whole shift up to now is no data.
    expect(shape(buildTimeline([], START, END, START + 2 * H, START - 3 * H, START - 2 * H).segments)).toEqual([
      ['noData', 0, 2 / 8, NO_DATA_COLOR, true],
    ]);
  });

  it('draws the edge’s own downtime (reason 9) as no data, still a stop one can open; an OPC outage (reason 4) keeps its colour', () => {
    const down = stop(1, 1, 2, true, '#123456', 9);
    const outage = stop(2, 3, 4, true, '#607d8b', 4);
    const { segments } = buildTimeline([down, outage], START, END, START + 5 * H, KNOWN);
    expect(segments.map((s) => [s.kind, s.left, s.width, s.color, s.noData, s.stop?.stopID ?? null])).toEqual([
      ['running', 0, 1 / 8, RUNNING_COLOR, false, null],
      ['stop', 1 / 8, 1 / 8, NO_DATA_COLOR, true, 1],
      ['running', 2 / 8, 1 / 8, RUNNING_COLOR, false, null],
      ['stop', 3 / 8, 1 / 8, '#607d8b', false, 2],
      ['running', 4 / 8, 1 / 8, RUNNING_COLOR, false, null],
    ]);
    // Its time counts as stopped time for the overflow rule like any stop's.
    expect(buildTimeline([stop(1, 0, 5, true, null, 9), stop(2, 2, 7)], START, END, END, KNOWN).overflow).toBe(true);
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
