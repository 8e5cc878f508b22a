import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version';

describe('isNewerVersion', () => {
  it('compares dotted versions numerically', () => {
    expect(isNewerVersion('1.3.3', '1.3.2')).toBe(true);
    expect(isNewerVersion('1.10.0', '1.9.9')).toBe(true);
    expect(isNewerVersion('1.3.2', '1.3.2')).toBe(false);
    expect(isNewerVersion('1.3.1', '1.3.2')).toBe(false);
    expect(isNewerVersion('2', '1.9')).toBe(true);
  });
});
