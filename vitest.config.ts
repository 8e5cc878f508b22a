import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['edge/**/*.test.ts', 'sync/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    // Hang guards, never a measure: four files at a time on two cores make a slow test slower still.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The suite mostly waits (browsers, servers, polling pages), so files run four at a time: vitest's default on a
    // 2-core machine (cores - 1) would run one file at a time, and three left the CPU idle half of a CI run.
    maxWorkers: 4,
    // Password hashes at N=2^10 instead of 2^15 (edge/src/modules/auth/password.ts): the same scrypt, a thirtieth of
    // the CPU; the suite hashes thousands of passwords and at the real cost that was most of its time.
    env: { OEE_TEST_SCRYPT_N: '1024' },
  },
});
