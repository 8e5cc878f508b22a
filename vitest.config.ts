import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Pure tests: the domain (no I/O, eslint.config.js) and the app's functions, none with a server, a file or a global
 * it leaves changed. They share their processes (isolate: false): a process of their own each cost more than the test.
 */
const PURE = ['edge/src/domain/**/*.test.ts', 'ui/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
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
    projects: [
      { extends: true, test: { name: 'pure', include: PURE, isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['edge/**/*.test.ts', 'sync/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PURE],
        },
      },
    ],
  },
});
