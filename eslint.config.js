import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    // The pure domain: rules of the plant, no I/O (ARCHITECTURE.md, STYLE.md principle 4 and 11).
    files: ['edge/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(node:)?(fs|net|http|https|child_process|worker_threads|dgram|tls)(/.*)?$', message: 'domain/ does no I/O.' },
            { regex: '^(express|kysely|better-sqlite3|node-opcua|pino|pg)(/.*)?$', message: 'domain/ imports nothing with I/O.' },
            { regex: '^\\.\\./(db|http|modules|acquisition|jobs)(/.*)?$', message: 'domain/ is imported by the other layers, never the reverse.' },
          ],
        },
      ],
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        // One exception: the grammar of a Modbus or MQTT tag's value (pure, no I/O), so the configuration form builds and
        // checks the text with the very parser the API checks it with and the acquisition reads it with.
        {
          patterns: [
            { regex: '^(\\.\\./)+edge/(?!src/domain/source-addresses$)', message: 'ui/ imports only types from edge/ (use `import type`).', allowTypeImports: true },
            { regex: '^(\\.\\./)+portal/', message: 'ui/ imports only types from portal/ (use `import type`).', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The replication knows nothing of the portal that reads its copy (docs/architecture.md); tests may cross.
    files: ['sync/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+portal(/.*)?$', message: 'sync/ does not import the portal.' }] }],
    },
  },
  {
    // A shipped migration is frozen and self-contained: what it runs on a fresh database never follows live code.
    files: ['edge/src/db/migrations/*.ts', 'sync/central/migrations/*.ts'],
    ignores: ['**/*.test.ts', '**/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!kysely(/.*)?$)', message: 'A migration imports only kysely: inline what it needs (CONTRIBUTING.md "Migrations").' }] },
      ],
    },
  },
);
