import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['edge/**/*.test.ts', 'sync/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The suite mostly waits (browsers, servers, polling pages), so files run three at a time: vitest's default on a
    // 2-core machine (cores - 1) would run one file at a time and leave the CPU idle most of the run.
    maxWorkers: 3,
  },
});
