import { describe, expect, it } from 'vitest';
import { manualLineKnownUntilMs } from './manual-lines';

describe('how far a line without a beacon is known', () => {
  it('up to the end of its latest stop, up to now while one is open, from its first data when it has none', () => {
    expect(manualLineKnownUntilMs({ endMs: 500 }, 100, 1_000)).toBe(500);
    expect(manualLineKnownUntilMs({ endMs: null }, 100, 1_000)).toBe(1_000);
    expect(manualLineKnownUntilMs(null, 100, 1_000)).toBe(100);
    expect(manualLineKnownUntilMs(null, null, 1_000)).toBeNull();
    // Never beyond now.
    expect(manualLineKnownUntilMs({ endMs: 2_000 }, 100, 1_000)).toBe(1_000);
  });
});
