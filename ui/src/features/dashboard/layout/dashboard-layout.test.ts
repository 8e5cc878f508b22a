import { describe, expect, it } from 'vitest';
import { COLS, DEFAULT_VISIBLE, layoutsFor, readSaved } from './dashboard-layout';

describe('dashboard layout (SPEC.md sections 2 and 9)', () => {
  it('shows every tile but acceptance by default (utilization, throughput and current stop on)', () => {
    expect(DEFAULT_VISIBLE).toContain('utilization');
    expect(DEFAULT_VISIBLE).toContain('throughput');
    expect(DEFAULT_VISIBLE).toContain('currentStop');
    expect(DEFAULT_VISIBLE).not.toContain('acceptance');
  });

  it('flows the tiles left to right on each breakpoint, within its 12/12/6/6/2 columns', () => {
    const layouts = layoutsFor(['oee', 'utilization', 'throughput', 'currentStop', 'progress']);
    expect(layouts.lg.map(({ i, x, y, w }) => [i, x, y, w])).toEqual([
      ['oee', 0, 0, 3],
      ['utilization', 3, 0, 3],
      ['throughput', 6, 0, 3],
      ['currentStop', 9, 0, 3],
      ['progress', 0, 5, 6],
    ]);
    for (const name of ['lg', 'md', 'sm', 'xs', 'xxs'] as const) {
      expect(layouts[name].every((place) => place.x + place.w <= COLS[name])).toBe(true);
    }
    // On a phone gauges take half the row and wider tiles the whole row.
    expect(layouts.xs.map((place) => place.w)).toEqual([3, 3, 3, 3, 6]);
    expect(layouts.xxs.map((place) => place.w)).toEqual([1, 1, 1, 1, 2]);
  });

  it('keeps where the user left a tile and puts a newly shown tile below the others', () => {
    const saved = { lg: [{ i: 'oee', x: 6, y: 2, w: 4, h: 6 }] };
    const layouts = layoutsFor(['oee', 'acceptance'], saved);
    expect(layouts.lg).toEqual([
      { i: 'oee', x: 6, y: 2, w: 4, h: 6, minH: 4 },
      { i: 'acceptance', x: 0, y: 8, w: 3, h: 5, minH: 4 },
    ]);
  });

  it('drops hidden or unknown tiles and reads anything unreadable as the defaults', () => {
    expect(
      layoutsFor(['oee'], {
        lg: [
          { i: 'gone', x: 0, y: 0, w: 1, h: 1 },
          { i: 'speed', x: 0, y: 0, w: 1, h: 1 },
        ],
      }).lg.map((p) => p.i),
    ).toEqual(['oee']);
    expect(readSaved(null)).toEqual({ visible: DEFAULT_VISIBLE, layouts: {} });
    expect(
      readSaved({
        visible: ['oee', 'nope'],
        layouts: {
          lg: [
            { i: 'oee', x: -1, y: 0, w: 1, h: 1 },
            { i: 'oee', x: 0, y: 0, w: 2, h: 3 },
          ],
        },
      }),
    ).toEqual({
      visible: ['oee'],
      layouts: { lg: [{ i: 'oee', x: 0, y: 0, w: 2, h: 3 }] },
    });
  });
});
