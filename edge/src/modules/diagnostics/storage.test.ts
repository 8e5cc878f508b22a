import { describe, expect, it } from 'vitest';
import { storageWarnings } from './storage';

const GiB = 1024 ** 3;

describe('storage warnings', () => {
  it('warns below 10 % free or below 1 GiB free, whichever comes first, and calls a disk with under 1 MiB full', () => {
    expect(storageWarnings({ freeBytes: 50 * GiB, totalBytes: 100 * GiB })).toEqual([]);
    expect(storageWarnings({ freeBytes: 9 * GiB, totalBytes: 100 * GiB })).toEqual(['lowDiskSpace']);
    expect(storageWarnings({ freeBytes: 0.9 * GiB, totalBytes: 4 * GiB })).toEqual(['lowDiskSpace']);
    expect(storageWarnings({ freeBytes: 2 * GiB, totalBytes: 4 * GiB })).toEqual([]);
    expect(storageWarnings({ freeBytes: 1000, totalBytes: 100 * GiB })).toEqual(['diskFull']);
  });
});
