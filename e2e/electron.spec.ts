import { _electron as electron, expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinaryStatus, prepareElectronSqlite } from '../scripts/electron-launch.mjs';

/**
 * The desktop shell itself, launched as `npm start` does. Electron's binary is fetched on
 * first launch on a normal machine; where it cannot be (no network, as on the build
 * machines) these tests are skipped with that reason.
 */
const ROOT = process.cwd();
const binary = electronBinaryStatus(join(ROOT, 'node_modules', 'electron'));

// The one allowed skip: without Electron's binary there is nothing to launch.
test.skip(
  !binary.installed,
  `No Electron binary on this machine: ${binary.installed ? '' : binary.reason}`,
);

test('the desktop app opens the demo workspace with a sandboxed renderer', async () => {
  // Where Electron runs, everything else is prepared here, as `npm start` does; a failure
  // to prepare is a failure, not a reason to skip.
  test.setTimeout(900_000);
  if (!existsSync(join(ROOT, 'dist', 'electron', 'main.cjs'))) {
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build:desktop'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const sqlite = await prepareElectronSqlite({ root: ROOT });
  expect(sqlite.ok, sqlite.ok ? '' : `No Electron build of better-sqlite3: ${sqlite.reason}`).toBe(
    true,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'flowline-electron-'));
  const app = await electron.launch({
    executablePath: binary.installed ? binary.path : undefined,
    args: [join(ROOT, 'dist', 'electron'), '--data-dir', dataDir],
    env: { ...process.env, FLOWLINE_SQLITE_BINDING: sqlite.ok ? sqlite.binding : '' },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('project-link').first()).toBeVisible({ timeout: 60_000 });
    // The renderer has no Node: require and process are not there.
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
      'undefined',
    );
    expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
      'undefined',
    );
    const bridgeType = await window.evaluate(
      () => typeof (globalThis as { flowline?: { send?: unknown } }).flowline?.send,
    );
    expect(bridgeType).toBe('function');
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
