import { describe, expect, it } from 'vitest';
import { runningTime, scoreboardOptions } from './scoreboard-options';

const options = (query: string) => scoreboardOptions(new URLSearchParams(query));

describe('/tablero options', () => {
  it('default to the terminal’s line, 15 s a line, the dark theme and the stored language', () => {
    expect(options('')).toEqual({ request: {}, intervalMs: 15_000, theme: 'dark', language: null });
  });
  it('take a line, or a sector with its interval kept between 5 s and 10 min, the light theme and a language', () => {
    expect(options('line=3&theme=light&lang=en')).toEqual({ request: { lineID: 3 }, intervalMs: 15_000, theme: 'light', language: 'en' });
    expect(options('sector=2&interval=20').request).toEqual({ sectorID: 2 });
    expect(options('sector=2&interval=20').intervalMs).toBe(20_000);
    expect(options('sector=2&interval=1').intervalMs).toBe(5_000);
    expect(options('sector=2&interval=99999').intervalMs).toBe(600_000);
  });
  it('ignore what is not a positive whole number or a known value; a line wins over a sector', () => {
    expect(options('line=x&sector=-1&interval=abc&theme=pink&lang=fr')).toEqual({
      request: {},
      intervalMs: 15_000,
      theme: 'dark',
      language: null,
    });
    expect(options('line=1&sector=2').request).toEqual({ lineID: 1 });
  });
});

describe('a running time', () => {
  it('reads as a clock: m:ss, then h:mm:ss, then days', () => {
    expect(runningTime(0)).toBe('0:00');
    expect(runningTime(65_000)).toBe('1:05');
    expect(runningTime(3_600_000 + 2 * 60_000 + 3_000)).toBe('1:02:03');
    expect(runningTime(2 * 86_400_000 + 5 * 3_600_000 + 7 * 60_000)).toBe('2d 05:07');
    expect(runningTime(-5)).toBe('0:00');
  });
});
