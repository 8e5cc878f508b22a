import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that leave nothing behind in their process share their processes (isolate: false): the domain and the
 * app's functions, and the files whose edges, databases and browser pages are closed by their own hooks (API, engine,
 * HTTP, jobs, notifications, browser tests; the browser itself serves every browser file of a process). In a process
 * each, starting it and importing the edge cost about as much as many of their tests: the modules' 42 files took 185 s
 * of CPU, 100 s shared; eight browser files 78 s of the test processes' CPU, 63 s shared. A process each for the rest:
 * OPC UA servers (node-opcua keeps process-wide loggers and certificate stores), PostgreSQL and the killed child
 * processes of sync, the demo's simulator, the single executable.
 */
const SHARED = [
  'edge/src/domain/**/*.test.ts',
  'ui/**/*.test.{ts,tsx}',
  'edge/src/modules/**/*.test.ts',
  'edge/src/http/**/*.test.ts',
  'edge/src/db/**/*.test.ts',
  'edge/src/jobs/**/*.test.ts',
  'test/api/**/*.test.ts',
  'test/notifications/**/*.test.ts',
  'edge/src/*.test.ts',
  'edge/src/acquisition/**/*.test.ts',
  'edge/src/executable/**/*.test.ts',
  'sync/retry.test.ts',
  'test/docs/**/*.test.ts',
  'test/e2e/**/*.test.ts',
];

export default defineConfig({
  test: {
    // Hang guards, never a measure: four files at a time on two cores make a slow test slower still.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four files at a time keep both cores busy through a CI run (idle under 1 % of it, vmstat): many files wait on
    // browsers, servers and polling pages, and vitest's default on a 2-core machine (cores - 1) runs one at a time.
    maxWorkers: 4,
    // Password hashes at N=2^10 instead of 2^15 (edge/src/modules/auth/password.ts): the same scrypt, a thirtieth of
    // the CPU; the suite hashes thousands of passwords and at the real cost that was most of its time.
    env: { OEE_TEST_SCRYPT_N: '1024' },
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      {
        extends: true,
        test: {
          name: 'own',
          include: ['edge/**/*.test.ts', 'sync/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SHARED],
        },
      },
    ],
  },
});
