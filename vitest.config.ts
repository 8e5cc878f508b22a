import { configDefaults, defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/support/slow-first-sequencer';

const ALL = ['edge/**/*.test.ts', 'sync/**/*.test.ts', 'portal/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'test/**/*.test.ts'];

/**
 * The test files that run in a process each: OPC UA servers (node-opcua keeps process-wide loggers and certificate
 * stores), PostgreSQL (sync and the portal) and the killed child processes of sync, the demo's simulator, the single executable. Every other
 * file leaves nothing behind in its process (its edges, databases and browser pages are closed by its own hooks; the
 * browser itself serves every browser file of a process), so they share their processes (isolate: false). In a
 * process each, starting it and importing the edge cost about as much as many of their tests: the modules' 42 files
 * took 185 s of CPU, 100 s shared; eight browser files 78 s of the test processes' CPU, 63 s shared.
 */
const OWN_PROCESS = [
  'test/acquisition/**/*.test.ts',
  'sync/**/*.test.ts',
  'portal/**/*.test.ts',
  'edge/src/demo/**/*.test.ts',
  'test/package/**/*.test.ts',
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
    // Password hashes at N=2^10 instead of 2^15 (edge/src/config.ts, `passwordHashCost`): the same scrypt, a thirtieth
    // of the CPU; the suite hashes thousands of passwords and at the real cost that was most of its time. The edges
    // the tests start as processes read it from the environment; those in a test's own process from the setup file.
    env: { OEE_TEST_SCRYPT_N: '1024' },
    // OEE_TEST_CPU_LOG=<file>: each file's and test's CPU logged (test/support/cpu-log.ts), printed by cpu-report.mjs.
    setupFiles: ['test/support/password-cost.ts', 'test/support/cpu-log.ts'],
    // The long files first (test/support/slow-first-sequencer.ts), so none of them is left to run alone at the end.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: 'shared', include: ALL, exclude: [...configDefaults.exclude, ...OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: 'own', include: OWN_PROCESS } },
    ],
  },
});
