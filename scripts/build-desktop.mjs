#!/usr/bin/env node
// Bundles the Electron side of Flowline into dist/electron/ (CommonJS, as Electron's
// sandboxed preload requires): main.cjs, preload.cjs and core-process.cjs, the core's
// utility-process entry. better-sqlite3 (native) and electron stay external. The folder is
// a launchable app: `electron dist/electron` (its package.json names main.cjs).
//
//   node scripts/build-desktop.mjs              bundle main, preload, core
//   node scripts/build-desktop.mjs --renderer   build the renderer (Vite → dist/renderer) first
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

async function main() {
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
