import { describe, expect, it } from 'vitest';
import { badTagsFirst, durationSeries, formatBytes, isViewList, newestFirst, orderedViews, tagValueText } from './diagnostics-views';

describe('the chosen views', () => {
  it('accept only known views, each once', () => {
    expect(isViewList(['opcServers', 'tagUpdates'])).toBe(true);
    expect(isViewList([])).toBe(true);
    expect(isViewList(['opcServers', 'opcServers'])).toBe(false);
    expect(isViewList(['logs'])).toBe(false);
    expect(isViewList('opcServers')).toBe(false);
  });

  it('are shown in the page order', () => {
    expect(orderedViews(['counterEvents', 'opcServers', 'tagUpdates'])).toEqual(['tagUpdates', 'opcServers', 'counterEvents']);
  });
});

describe('durationSeries', () => {
  it('labels each entry with its plant time and averages the durations, rounded to the millisecond', () => {
    const series = durationSeries([
      { dateTime: '2026-03-01T06:00:01.250-03:00', duration: 10 },
      { dateTime: '2026-03-01T06:00:02.000-03:00', duration: 11 },
      { dateTime: '2026-03-01T06:00:03.000-03:00', duration: 12.5 },
    ]);
    expect(series).toEqual({ labels: ['06:00:01', '06:00:02', '06:00:03'], durations: [10, 11, 12.5], average: 11 });
  });

  it('has no average without entries', () => {
    expect(durationSeries([])).toEqual({ labels: [], durations: [], average: null });
  });
});

describe('lists', () => {
  it('newest first reverses the oldest-first answer without changing it', () => {
    const entries = [1, 2, 3];
    expect(newestFirst(entries)).toEqual([3, 2, 1]);
    expect(entries).toEqual([1, 2, 3]);
  });

  it('puts bad tags first, then by name', () => {
    const tags = [
      { tagName: 'B', goodQuality: true },
      { tagName: 'C', goodQuality: false },
      { tagName: 'A', goodQuality: true },
      { tagName: 'D', goodQuality: false },
    ];
    expect(badTagsFirst(tags).map((tag) => tag.tagName)).toEqual(['C', 'D', 'A', 'B']);
  });

  it('writes a missing value as a dash', () => {
    expect([tagValueText(null), tagValueText(false), tagValueText(0), tagValueText('x')]).toEqual(['-', 'false', '0', 'x']);
    expect([tagValueText(1234.5678, 'en'), tagValueText(1234.5678, 'es'), tagValueText(0.1, 'es')]).toEqual([
      '1,234.5678',
      '1.234,5678',
      '0,1',
    ]);
  });
});

describe('disk sizes', () => {
  it('read in GiB from 1 GiB up (one decimal), in whole MiB below', () => {
    expect(formatBytes(250 * 1024 ** 3, 'en')).toBe('250.0 GiB');
    expect(formatBytes(1.55 * 1024 ** 3, 'en')).toBe('1.6 GiB');
    expect(formatBytes(1.55 * 1024 ** 3, 'es')).toBe('1,6 GiB');
    expect(formatBytes(900 * 1024 ** 2 + 300_000, 'en')).toBe('900 MiB');
    expect(formatBytes(0, 'en')).toBe('0 MiB');
  });
});
