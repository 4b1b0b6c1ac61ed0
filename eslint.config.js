// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { layersPlugin } from './scripts/eslint/layers-rule.mjs';

/**
 * React's rules of hooks and the compiler's checks (eslint-plugin-react-hooks, its recommended
 * set), every one an error: a missed effect dependency or a state update during render is a
 * bug the tests may not show, so it fails the lint rather than warning.
 */
const reactHooksRules = Object.fromEntries(
  Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error']),
);

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
  {
    // The import arrows of docs/architecture.md ("Imports"), one table by folder name:
    // scripts/eslint/layers.mjs. Tests and testing/ helpers are free (they run the real server).
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { flowline: layersPlugin },
    rules: { 'flowline/layers': 'error' },
  },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooksRules,
  },
  {
    // A promise nobody awaits loses its rejection (an unhandled rejection ends the core's
    // process) and its ordering; a promise where a void callback is expected is the same
    // thing in disguise. These rules need types, so they read each file's tsconfig.json.
    files: [
      'electron/**/*.ts',
      'server/**/*.ts',
      'shared/**/*.ts',
      'shared-node/**/*.ts',
      'renderer/src/**/*.{ts,tsx}',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
