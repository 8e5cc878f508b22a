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
        // Two exceptions, pure modules with no I/O: the grammar of a Modbus or MQTT tag's value, so the configuration form
        // builds and checks the text with the very parser the API checks it with and the acquisition reads it with; and
        // the roles, so the app shows its links and buttons by the very constants the server enforces.
        {
          patterns: [
            { regex: '^(\\.\\./)+edge/(?!src/domain/(source-addresses|roles)$)', message: 'ui/ imports only types from edge/ (use `import type`).', allowTypeImports: true },
          ],
        },
      ],
    },
  },
);
