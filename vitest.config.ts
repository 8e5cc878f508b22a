import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['edge/**/*.test.ts', 'sync/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
