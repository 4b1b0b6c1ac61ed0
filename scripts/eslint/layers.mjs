// @ts-check
/**
 * The layers of docs/architecture.md ("Imports"), by folder: what each may import. One table,
 * read by the `flowline/layers` rule below; a layer may always import itself, and a folder
 * not listed (the repository root's config files) is not a layer.
 */
export const LAYERS = [
  {
    folder: 'shared',
    may: [],
    nodeOnly: true,
    says: 'shared/ is pure TypeScript (no Node, no DOM, no Electron) and imports nothing of ours but itself',
  },
  {
    folder: 'shared-node',
    may: ['shared'],
    says: 'shared-node/ is the Node-only code the server and the core share, on shared/ alone',
  },
  {
    folder: 'server',
    may: ['shared', 'shared-node'],
    says: 'the server imports only shared/ and shared-node/',
  },
  {
    folder: 'electron/core',
    may: ['shared', 'shared-node'],
    noElectron: true,
    says: 'the core imports only shared/ and shared-node/, and knows nothing of how it is hosted',
  },
  {
    folder: 'electron/ipc',
    may: ['shared'],
    noElectron: true,
    says: "the messages between Electron's processes rest on shared/ alone",
  },
  {
    folder: 'electron/preload',
    may: ['electron/ipc', 'shared'],
    says: 'the sandboxed preload holds the bridge and nothing else: electron/ipc/ and shared/',
  },
  {
    folder: 'electron/common',
    may: ['electron/core', 'server', 'shared', 'shared-node'],
    says: 'what both hosts share rests on the core, the server and the shared layers',
  },
  {
    folder: 'electron/core-process',
    may: ['electron/core', 'electron/ipc', 'electron/common', 'shared', 'shared-node'],
    says: "the core's process and its supervisor host the core; they know no window",
  },
  {
    folder: 'electron/main',
    may: [
      'electron/core-process',
      'electron/core',
      'electron/ipc',
      'electron/common',
      'shared',
      'shared-node',
    ],
    says: 'the main process starts the core through its supervisor and talks to the page through electron/ipc/',
  },
  {
    folder: 'electron/web-host',
    may: ['electron/core', 'electron/common', 'server', 'shared', 'shared-node'],
    noElectron: true,
    says: 'the web host runs the core in plain Node, without Electron',
  },
  {
    folder: 'renderer',
    may: ['shared'],
    nodeOnly: true,
    says: 'the renderer is a browser page that imports only shared/ and reaches the core through send()',
  },
  // Free to import any layer: the test scaffolding, the end-to-end tests, benchmarks, scripts.
  { folder: 'electron/testing', may: '*' },
  { folder: 'e2e', may: '*' },
  { folder: 'bench', may: '*' },
  { folder: 'scripts', may: '*' },
];
