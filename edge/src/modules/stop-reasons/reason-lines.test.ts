import { describe, expect, it } from 'vitest';
import { isEnabledOnLine, linesAfterVisibilityChange } from './reason-lines';

const lines = [1, 2, 3];

describe('stop reason visibility per line', () => {
  it('an empty list means every line', () => {
    expect(isEnabledOnLine([], 7)).toBe(true);
    expect(isEnabledOnLine([1, 2], 3)).toBe(false);
  });

  it('hiding on one line of "every line" lists the other lines', () => {
    expect(linesAfterVisibilityChange([], lines, 2, false)).toEqual([1, 3]);
  });

  it('showing on the last hidden line goes back to every line ([])', () => {
    expect(linesAfterVisibilityChange([1, 3], lines, 2, true)).toEqual([]);
  });

  it('hiding on the only line left gives [0], hidden everywhere, never [] (which would mean every line)', () => {
    const hidden = linesAfterVisibilityChange([2], lines, 2, false);
    expect(hidden).toEqual([0]);
    expect(lines.some((line) => isEnabledOnLine(hidden, line))).toBe(false);
    expect(linesAfterVisibilityChange(hidden, lines, 3, true)).toEqual([3]);
  });

  it('showing or hiding twice changes nothing more', () => {
    expect(linesAfterVisibilityChange([], lines, 1, true)).toEqual([]);
    expect(linesAfterVisibilityChange([1], lines, 2, false)).toEqual([1]);
  });
});
