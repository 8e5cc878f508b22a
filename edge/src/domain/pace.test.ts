import { describe, expect, it } from 'vitest';
import { currentPace, paceToGoal, shiftGoal } from './pace';
import { MINUTE_MS } from './time';

const HOUR = 60 * MINUTE_MS;

describe('pace to a goal', () => {
  it('is the units left over the minutes left', () => {
    expect(paceToGoal(400, 1000, 0, 2 * HOUR)).toEqual({ remaining: 600, neededPerMinute: 5 });
  });
  it('is 0 once the goal is reached or passed, whatever the time left', () => {
    expect(paceToGoal(1000, 1000, 0, HOUR)).toEqual({ remaining: 0, neededPerMinute: 0 });
    expect(paceToGoal(1200, 1000, 2 * HOUR, HOUR)).toEqual({ remaining: 0, neededPerMinute: 0 });
  });
  it('is null when units are left and no time is', () => {
    expect(paceToGoal(10, 1000, HOUR, HOUR)).toEqual({ remaining: 990, neededPerMinute: null });
    expect(paceToGoal(10, 1000, 2 * HOUR, HOUR)).toEqual({ remaining: 990, neededPerMinute: null });
  });
});

describe('current pace', () => {
  it('is the units made over the minutes passed, null before a moment has passed', () => {
    expect(currentPace(300, 0, HOUR)).toBe(5);
    expect(currentPace(300, HOUR, HOUR)).toBeNull();
  });
});

describe("a shift's goal", () => {
  it("is the day's goal shared by length: a third for 8 of 24 hours, 9/25 on the day a DST change adds an hour", () => {
    expect(shiftGoal(24_000, { startMs: 0, endMs: 8 * HOUR }, { startMs: 0, endMs: 24 * HOUR })).toBe(8_000);
    expect(shiftGoal(25_000, { startMs: 0, endMs: 9 * HOUR }, { startMs: 0, endMs: 25 * HOUR })).toBe(9_000);
    expect(shiftGoal(25_000, { startMs: 0, endMs: 8 * HOUR }, { startMs: 0, endMs: 0 })).toBe(0);
  });
});
