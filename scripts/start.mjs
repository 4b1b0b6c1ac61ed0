#!/usr/bin/env node
// `npm start [-- <args for the app, e.g. --data-dir <dir>>]`: Flowline as a desktop app.
//
//   1. finds the Electron binary (downloading it on a first launch, as electron's own
//      `require('electron')` does);
//   2. builds the renderer (vite build → dist/renderer) and bundles main, preload and the
//      core's utility process (→ dist/electron);
//   3. prepares better-sqlite3 for Electron's ABI in a separate folder (never touching the
//      copy in node_modules, which the Node tests use) and hands its path to the app in
//      FLOWLINE_SQLITE_BINDING;
//   4. launches Electron.
//
// Where Electron cannot run (no binary and no network, a locked-down machine, no display),
// it says so in one line and opens the browser host instead, exactly as
// `npm run web -- --open` does.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRenderer, bundleDesktop } from './build-desktop.mjs';
import {
  browserFallbackCommand,
  displayProblem,
  earlyExitReason,
  obtainElectron,
  prepareElectronSqlite,
  unavailableLine,
} from './electron-launch.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** An Electron that dies within this long after launch "could not start" (→ browser). */
const EARLY_EXIT_MS = 15_000;
const appArgs = process.argv.slice(2);

function say(line) {
  process.stderr.write(`${line}\n`);
}

/** Runs a child with our stdio and our exit code; Ctrl+C and SIGTERM reach it. */
function runForwarding(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    say(`flowline start: could not run ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

function openInBrowser(reason) {
  say(unavailableLine(reason));
  const fallback = browserFallbackCommand(ROOT);
  // The app's own arguments (e.g. --data-dir <dir>) mean the same to the browser host.
  runForwarding(fallback.command, [...fallback.args, ...appArgs], {
    cwd: ROOT,
    shell: fallback.shell ?? false,
  });
}

async function main() {
  const electron = await obtainElectron({
    electronDir: join(ROOT, 'node_modules', 'electron'),
    onSlow: () => say('Downloading Electron (first launch only)…'),
  });
  if (!electron.ok) return openInBrowser(electron.reason);
  const noDisplay = displayProblem();
  if (noDisplay) return openInBrowser(noDisplay);

  if (!buildRenderer(ROOT)) {
    say('flowline start: the renderer build (vite build) failed; see above.');
    process.exit(1);
  }
  await bundleDesktop({ root: ROOT });

  const sqlite = await prepareElectronSqlite({ root: ROOT });
  if (!sqlite.ok) {
    return openInBrowser(`better-sqlite3 could not be built for Electron: ${sqlite.reason}`);
  }

  launchElectron(electron.path, sqlite.binding);
}

function launchElectron(binary, binding) {
  const env = { ...process.env, FLOWLINE_SQLITE_BINDING: binding };
  delete env.ELECTRON_RUN_AS_NODE; // would make Electron a plain Node
  const extra = (process.env.FLOWLINE_ELECTRON_ARGS ?? '').split(/\s+/).filter(Boolean);
  const startedAt = Date.now();
  const child = spawn(binary, [...extra, join(ROOT, 'dist', 'electron'), ...appArgs], {
    cwd: ROOT,
    env,
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  let tail = '';
  let done = false;
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    tail = (tail + chunk).slice(-8192);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    if (done) return;
    done = true;
    openInBrowser(`it could not be run: ${error.message}`);
  });
  child.on('exit', (code, signal) => {
    if (done) return;
    done = true;
    if (code && Date.now() - startedAt < EARLY_EXIT_MS)
      return openInBrowser(earlyExitReason(tail, code));
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((error) => {
  say(`flowline start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
