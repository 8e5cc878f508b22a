import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The pure domain: rules of the plant, no I/O (docs/architecture.md). */
const DOMAIN = [
  { regex: '^(node:)?(fs|net|http|https|child_process|worker_threads|dgram|tls)(/.*)?$', message: 'domain/ does no I/O.' },
  { regex: '^(express|kysely|better-sqlite3|node-opcua|pino|pg)(/.*)?$', message: 'domain/ imports nothing with I/O.' },
  { regex: '^\\.\\./(db|http|modules|acquisition|jobs)(/.*)?$', message: 'domain/ is imported by the other layers, never the reverse.' },
];

/**
 * The app imports only types from the edge. Two exceptions, pure modules with no I/O: the grammar of a Modbus or MQTT
 * tag's value, so the configuration form builds and checks the text with the very parser the API checks it with and
 * the acquisition reads it with; and the roles, so the app shows its links and buttons by the very constants the
 * server enforces.
 */
const UI = [
  {
    regex: '^(\\.\\./)+edge/(?!src/domain/(source-addresses|roles)$)',
    message: 'ui/ imports only types from edge/ (use `import type`).',
    allowTypeImports: true,
  },
  { regex: '^(\\.\\./)+portal/', message: 'ui/ imports only types from portal/ (use `import type`).', allowTypeImports: true },
];

/** The replication knows nothing of the portal that reads its copy (docs/architecture.md); tests may cross. */
const SYNC = [{ regex: '^(\\.\\./)+portal(/.*)?$', message: 'sync/ does not import the portal.' }];

/** A shipped migration is frozen and self-contained: what it runs on a fresh database never follows live code. */
const MIGRATION = [
  { regex: '^(?!kysely(/.*)?$)', message: 'A migration imports only kysely: inline what it needs (CONTRIBUTING.md "Migrations").' },
];

/** Test support lives with the tests (test/): production files never import vitest, a browser driver or a test helper. */
const TEST_SUPPORT = [
  {
    regex: '^(vitest|@vitest/.*|@testing-library/.*|playwright(-core)?)$',
    message: 'Production code does not import test tools; test support lives under test/.',
  },
  { regex: '^(\\.\\./)+test/', message: 'Production code does not import test support (test/).' },
];

/**
 * A module's repository is its own: another module, the jobs and the HTTP layer import what they need of it from that
 * module's entry (index.ts), the engine's (modules/engine/index.ts) included. Tests may cross.
 */
const MODULE_REPOSITORIES = [
  {
    regex: '^\\.\\./(?!\\.)[^/]+/(.+/)?[^/]+\\.repository$',
    message: "A module does not import another module's repository: import what it needs from that module's index.ts.",
  },
];

/**
 * The acquisition is reached only through its entry, acquisition/index.ts (the plant simulator, acquisition/simulator/,
 * is a program of its own that the demo runs). Tests may cross.
 */
const ACQUISITION_ENTRY = [
  {
    regex: '^(\\.{1,2}/)+acquisition/(?!index$|simulator/)',
    message: 'acquisition/ is reached only through its entry: import from acquisition/index.ts.',
  },
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'test/artifacts/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read JSON answers of any shape; typing every response body would add noise, not safety.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Each boundary below is one no-restricted-imports setting per kind of file (a later setting of the rule replaces an
  // earlier one for the files both match, so every block lists all the patterns its files keep).
  { files: ['edge/src/domain/**/*.ts'], ignores: TESTS, rules: restrictImports([...DOMAIN, ...TEST_SUPPORT]) },
  { files: ['edge/src/domain/**/*.test.ts'], rules: restrictImports(DOMAIN) },
  {
    files: ['edge/**/*.ts', 'portal/**/*.ts'],
    ignores: [...TESTS, 'edge/src/domain/**'],
    rules: restrictImports([...ACQUISITION_ENTRY, ...TEST_SUPPORT]),
  },
  { files: ['edge/src/acquisition/**/*.ts'], ignores: TESTS, rules: restrictImports(TEST_SUPPORT) },
  {
    files: ['edge/src/modules/**/*.ts', 'edge/src/jobs/**/*.ts', 'edge/src/http/**/*.ts'],
    ignores: TESTS,
    rules: restrictImports([...MODULE_REPOSITORIES, ...ACQUISITION_ENTRY, ...TEST_SUPPORT]),
  },
  { files: ['sync/**/*.ts'], ignores: TESTS, rules: restrictImports([...SYNC, ...TEST_SUPPORT]) },
  {
    files: ['edge/src/db/migrations/*.ts', 'sync/central/migrations/*.ts'],
    ignores: [...TESTS, '**/index.ts'],
    rules: restrictImports(MIGRATION),
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrictImports([...UI, ...TEST_SUPPORT]) },
  },
  { files: ['ui/**/*.test.{ts,tsx}'], rules: restrictImports(UI) },
);
