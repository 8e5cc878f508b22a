import { describe, expect, it } from 'vitest';
import { DEFAULT_LINE_MODEL, seededRandom, SimulatedLine } from './line-model';

const MINUTE = 60_000;
const model = (speedPerMinute: number, seed = 1) => ({ ...DEFAULT_LINE_MODEL, speedPerMinute, random: seededRandom(seed) });

describe('a simulated line', () => {
  it('counts at 85–100 % of its nominal speed while running, about 2 % of it discarded', () => {
    const line = new SimulatedLine(model(100), 0, { firstChangeInMs: 10 * MINUTE });
    line.advance(5 * MINUTE);
    expect(line.units).toBeGreaterThanOrEqual(425);
    expect(line.units).toBeLessThanOrEqual(500);
    expect(line.discards).toBeGreaterThanOrEqual(8);
    expect(line.discards).toBeLessThanOrEqual(10);
  });

  it('does not count while stopped, and its counters never decrease', () => {
    const line = new SimulatedLine(model(100), 0, { units: 1_000 });
    line.hold(false, 0);
    line.advance(5 * MINUTE);
    expect(line.units).toBe(1_000);
    let previous = line.units;
    line.resume(5 * MINUTE);
    for (let t = 5 * MINUTE; t < 120 * MINUTE; t += 7_000) {
      line.advance(t);
      expect(line.units).toBeGreaterThanOrEqual(previous);
      previous = line.units;
    }
  });

  it('over a shift, alternates running spells with microstops, stops and now and then a long stop', () => {
    const line = new SimulatedLine(model(60, 42), 0);
    const stops: { kind: string; ms: number }[] = [];
    let stoppedSince: number | null = null;
    let kind = '';
    for (let t = 0; t <= 8 * 60 * MINUTE; t += 1_000) {
      line.advance(t);
      if (!line.running && stoppedSince === null) {
        stoppedSince = t;
        kind = line.stopKind ?? '';
      } else if (line.running && stoppedSince !== null) {
        stops.push({ kind, ms: t - stoppedSince });
        stoppedSince = null;
      }
    }
    const kinds = new Set(stops.map((stop) => stop.kind));
    expect(stops.length).toBeGreaterThan(20);
    expect(kinds).toEqual(new Set(['microstop', 'stop', 'longStop']));
    for (const stop of stops.filter((s) => s.kind === 'microstop')) expect(stop.ms).toBeLessThanOrEqual(51_000);
    for (const stop of stops.filter((s) => s.kind === 'longStop')) expect(stop.ms).toBeGreaterThanOrEqual(10 * MINUTE);
  });

  it('held by a test, it stays in that state until resumed', () => {
    const line = new SimulatedLine(model(60), 0, { firstChangeInMs: 1_000 });
    line.hold(true, 0);
    line.advance(60 * MINUTE);
    expect(line.running).toBe(true);
    line.produce(5, 1);
    expect(line.snapshot()).toMatchObject({ running: true, automatic: false });
  });

  it('is replayable from its seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
