import { describe, expect, it } from 'vitest';
import { waterfallSteps } from './waterfall-steps';

describe('waterfallSteps', () => {
  it('stands the calendar and the productive time from 0 and floats each loss down from the level before it', () => {
    const steps = waterfallSteps({
      calendarMinutes: 480,
      bars: [
        { key: 'unstaffed', minutes: 60, share: 60 / 480 },
        { key: 'planned', minutes: 0, share: 0 },
        { key: 'breakdown', minutes: 100, share: 100 / 480 },
        { key: 'speed', minutes: -20, share: -20 / 480 },
        { key: 'startupRejects', minutes: 15, share: 15 / 480 },
        { key: 'productionRejects', minutes: 5, share: 5 / 480 },
        { key: 'fullyProductive', minutes: 320, share: 320 / 480 },
      ],
    });
    expect(steps.map((step) => [step.key, step.from, step.to])).toEqual([
      ['calendar', 0, 480],
      ['unstaffed', 420, 480],
      ['breakdown', 320, 420],
      ['speed', 340, 320],
      // The quality loss as its two bars, one below the other.
      ['startupRejects', 325, 340],
      ['productionRejects', 320, 325],
      ['fullyProductive', 0, 320],
    ]);
  });
});
