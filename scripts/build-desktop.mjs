#!/usr/bin/env node
// Bundles the Electron side of Flowline into dist/electron/ (CommonJS, as Electron's
// sandboxed preload requires): main.cjs, preload.cjs and core-process.cjs, the core's
// utility-process entry. better-sqlite3 (native) and electron stay external. The folder is
// a launchable app: `electron dist/electron` (its package.json names main.cjs).
//
//   node scripts/build-desktop.mjs              bundle main, preload, core
//   node scripts/build-desktop.mjs --renderer   build the renderer (Vite → dist/renderer) first
//   node scripts/build-desktop.mjs --web-host   bundle the browser host (dist/web-host) alone
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'dist', 'electron');
/** Electron 45: Chromium 140, Node 22. */
const NODE_TARGET = 'node22';
const CHROME_TARGET = 'chrome140';

export function buildRenderer(root = ROOT) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}

export async function bundleDesktop({ root = ROOT, outDir = OUT_DIR, quiet = false } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'cjs',
    outdir: outDir,
    outExtension: { '.js': '.cjs' },
    sourcemap: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    external: ['electron', 'better-sqlite3'],
  };
  await Promise.all([
    build({
      ...common,
      platform: 'node',
      target: NODE_TARGET,
      entryPoints: {
        main: 'electron/main/main.ts',
        'core-process': 'electron/core-process/core-process.ts',
      },
    }),
    // The sandboxed preload may require only 'electron' (and a few polyfills): one file.
    build({
      ...common,
      platform: 'browser',
      target: CHROME_TARGET,
      entryPoints: { preload: 'electron/preload/preload.ts' },
    }),
  ]);
  const icon = join(root, 'build', 'icon.png');
  if (existsSync(icon)) copyFileSync(icon, join(outDir, 'icon.png'));
  // Makes dist/electron an app folder of its own (`electron dist/electron`): Electron takes
  // the app's name and version from it in development. Packaged builds use the root one.
  const { version, description } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(
    join(outDir, 'package.json'),
    `${JSON.stringify({ name: 'flowline', productName: 'Flowline', version, description, private: true, main: 'main.cjs' }, null, 2)}\n`,
  );
  return outDir;
}

export const WEB_HOST_DIR = join(ROOT, 'dist', 'web-host');

/**
 * Bundles the browser host (electron/web-host/web-host.ts: the core, the embedded demo
 * server and the page's server) into one ES module, dist/web-host/web-host.mjs, which
 * `npm run web` runs. Node then starts it in about 0.4 s, where loading the same sources
 * through tsx's loader took 1.7 s of module resolution and compilation on every launch.
 * It sits two folders below the root as its source does, so its paths (dist/renderer) hold.
 */
export async function bundleWebHost({ root = ROOT, outDir = WEB_HOST_DIR, quiet = false } = {}) {
  await build({
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    entryPoints: { 'web-host': 'electron/web-host/web-host.ts' },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    // Native or optional: loaded from node_modules at run time, as the source does.
    external: ['better-sqlite3', 'pg-native', 'electron'],
    // Bundled CommonJS packages call require(): an ES module has none of its own.
    banner: {
      js: "import { createRequire as flowlineRequire } from 'node:module'; const require = flowlineRequire(import.meta.url);",
    },
  });
  return join(outDir, 'web-host.mjs');
}

async function main() {
  if (process.argv.includes('--web-host')) {
    const file = await bundleWebHost();
    if (!process.argv.includes('--quiet'))
      process.stdout.write(`Bundled the browser host to ${file}\n`);
    return;
  }
  const withRenderer = process.argv.includes('--renderer');
  if (withRenderer && !buildRenderer()) {
    process.stderr.write('build-desktop: the renderer build (vite build) failed.\n');
    process.exit(1);
  }
  const outDir = await bundleDesktop();
  process.stdout.write(`Bundled main, preload and core to ${outDir}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    process.stderr.write(`build-desktop: ${error.message}\n`);
    process.exit(1);
  });
}
