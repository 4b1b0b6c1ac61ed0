#!/usr/bin/env node
// `npm run rebuild:electron-sqlite`: (re)builds better-sqlite3 for Electron's ABI into
// node_modules/.cache/flowline-electron-sqlite/… (npm start does this on demand; this forces
// it). node_modules/better-sqlite3 — Node's build, for the tests — is never touched.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronSqlitePaths, prepareElectronSqlite } from './electron-launch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(electronSqlitePaths(root).dir, { recursive: true, force: true });
const result = await prepareElectronSqlite({ root });
if (result.ok) {
  process.stdout.write(`better-sqlite3 for Electron: ${result.binding}\n`);
} else {
  process.stderr.write(
    `better-sqlite3 could not be built for Electron (it needs the network the first time): ${result.reason}\n`,
  );
  process.exit(1);
}
