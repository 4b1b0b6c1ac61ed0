// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

/**
 * The import arrows of docs/architecture.md ("Imports"), enforced:
 *   shared   ← everyone (and imports nothing of ours but itself, nor anything Node-only)
 *   server   ← shared
 *   electron/core ← shared (plain Node, but not Electron: it knows nothing of its hosts)
 *   electron/main|preload|web-host|… ← electron/core, shared, server
 *   renderer ← shared (a browser page: nothing Node-only either)
 *   e2e, bench ← anything
 */
const CITE = '(docs/architecture.md, "Imports")';

/** Node's built-ins by their bare names; `node:*` below covers the prefixed spellings. */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

/** Packages that need Node or a native binary, so cannot run in shared/ or the browser page. */
const NODE_ONLY_PACKAGES = ['electron', 'better-sqlite3', 'fastify', 'csv-parse'];

/**
 * One complete `no-restricted-imports` setting for a layer. ESLint keeps only the last
 * setting of a rule among the blocks that match a file, so each layer's block lists every
 * restriction of that layer rather than adding to another block's.
 *
 * @param {string} layer how the messages name the importing layer, e.g. 'shared/'
 * @param {string} rule the layer's arrow in words, quoted in every message
 * @param {{ folders?: string[], nodeOnly?: boolean, electron?: boolean, regexes?: { regex: string, what: string }[] }} limits
 *   folders: our top-level folders it may not import; nodeOnly: Node built-ins and the
 *   Node-only packages; electron: the `electron` package alone; regexes: other sources
 */
const boundary = (
  layer,
  rule,
  { folders = [], nodeOnly = false, electron = false, regexes = [] },
) => {
  const why = (what) => `${layer} may not import ${what}: ${rule} ${CITE}.`;
  const packages = nodeOnly ? NODE_ONLY_PACKAGES : electron ? ['electron'] : [];
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          ...(nodeOnly ? NODE_BUILTINS : []).map((name) => ({
            name,
            message: why(`the Node built-in '${name}'`),
          })),
          ...packages.map((name) => ({ name, message: why(`'${name}'`) })),
        ],
        patterns: [
          ...folders.map((folder) => ({
            group: [`**/${folder}/**`, `**/${folder}`],
            message: why(`from ${folder}/`),
          })),
          ...(nodeOnly ? [{ group: ['node:*'], message: why('Node built-ins') }] : []),
          ...packages.map((name) => ({ group: [`${name}/**`], message: why(`'${name}'`) })),
          ...regexes.map(({ regex, what }) => ({ regex, message: why(what) })),
        ],
      },
    ],
  };
};

/**
 * React's rules of hooks and the compiler's checks (eslint-plugin-react-hooks, its recommended
 * set), every one an error: a missed effect dependency or a state update during render is a
 * bug the tests may not show, so it fails the lint rather than warning.
 */
const reactHooksRules = Object.fromEntries(
  Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error']),
);

/**
 * electron/core/ may not reach its hosts (everything in electron/ outside core/). A relative
 * import reaches them by climbing exactly out of core/ and not back in (`../main.js` from
 * electron/core/x.ts, `../../main.js` one folder deeper), or by climbing to the repository
 * root and down electron/ outside core/. How many `../` leave core/ depends on how deep the
 * importing file sits, so there is one block per depth: 0 to 4 folders below core/ (the deepest
 * file today is 3 below; scripts/import-boundaries.test.ts fails if a file goes deeper than 4).
 */
const coreBlocks = [0, 1, 2, 3, 4].map((depth) => {
  const out = depth + 1;
  return {
    files: [`electron/core/${'*/'.repeat(depth)}*.ts`],
    rules: boundary(
      'electron/core/',
      'the core imports only shared/ and knows nothing of how it is hosted',
      {
        folders: ['server', 'renderer', 'e2e', 'bench'],
        electron: true,
        regexes: [
          {
            regex: `^(?:\\.\\./){${out}}(?!core(?:/|$)|\\.\\.(?:/|$))|^(?:\\.\\./){${out + 1},}electron/(?!core(?:/|$))`,
            what: 'the hosts (electron/ outside electron/core/)',
          },
        ],
      },
    ),
  };
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
  {
    files: ['shared/**'],
    rules: boundary(
      'shared/',
      'shared/ is pure TypeScript (no Node, no DOM, no Electron) and imports nothing of ours but itself',
      {
        folders: ['server', 'electron', 'renderer', 'e2e', 'bench'],
        nodeOnly: true,
      },
    ),
  },
  {
    files: ['server/**'],
    rules: boundary('server/', 'the server imports only shared/', {
      folders: ['electron', 'renderer', 'e2e', 'bench'],
    }),
  },
  ...coreBlocks,
  {
    files: ['electron/*.ts'],
    rules: boundary('the hosts', 'the hosts import only electron/core/, shared/ and server/', {
      folders: ['renderer', 'e2e', 'bench'],
    }),
  },
  {
    files: ['renderer/**'],
    rules: boundary(
      'renderer/',
      'the renderer is a browser page that imports only shared/ and reaches the core through send()',
      { folders: ['server', 'electron', 'e2e', 'bench'], nodeOnly: true },
    ),
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
    files: ['electron/**/*.ts', 'server/**/*.ts', 'shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Tests and their helpers run the real server on loopback (docs/architecture.md: "prefer real
    // implementations to mocks"), so, like e2e/ and bench/, they may import anything.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
