// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The import arrows of docs/architecture.md, enforced:
 *   shared   ← everyone (and imports nothing of ours but itself)
 *   server   ← shared
 *   electron/core ← shared
 *   electron/main|preload|web-host ← electron/core, shared, server
 *   renderer ← shared
 *   e2e, bench ← anything
 */
const forbid = (...folders) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((folder) => ({
        group: [`**/${folder}/**`, `**/${folder}`],
        message: `This folder may not import from ${folder}/ (see docs/architecture.md, "Imports").`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      'coverage/',
      'bench/results/',
      '.flowline/',
      'test-results/',
      'playwright-report/',
      '.electron-native/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['shared/**'], rules: forbid('server', 'electron', 'renderer', 'e2e', 'bench') },
  { files: ['server/**'], rules: forbid('electron', 'renderer', 'e2e', 'bench') },
  { files: ['electron/core/**'], rules: forbid('server', 'renderer', 'e2e', 'bench') },
  { files: ['electron/*.ts'], rules: forbid('renderer', 'e2e', 'bench') },
  { files: ['renderer/**'], rules: forbid('server', 'electron', 'e2e', 'bench') },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    // Pure TypeScript: no Node built-ins in shared/ either.
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['server', 'electron', 'renderer', 'e2e', 'bench'].map((folder) => ({
              group: [`**/${folder}/**`, `**/${folder}`],
              message: `shared/ may not import from ${folder}/ (see docs/architecture.md, "Imports").`,
            })),
            {
              group: ['node:*', 'electron', 'fs', 'path', 'crypto'],
              message: 'shared/ is pure TypeScript: no Node or Electron imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their helpers run the real server on loopback (docs/architecture.md: "prefer real
    // implementations to mocks"), so, like e2e/ and bench/, they may import anything.
    files: ['**/*.test.ts', '**/testing/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
