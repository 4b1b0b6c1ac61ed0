import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The desktop shell itself. Electron's binary is fetched on first launch on a normal
 * machine; where it cannot be (no network, as on the build machines) these are skipped.
 */
function electronBinary(): string | null {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const built = existsSync(join('dist', 'electron', 'main.js'));

test.skip(
  !binary,
  'No Electron binary on this machine (it downloads on first launch; no network here).',
);
test.skip(!built, 'The desktop bundle is not built: run npm run build:desktop.');

test('the desktop app opens the demo workspace', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'flowline-electron-'));
  const app = await electron.launch({
    executablePath: binary as string,
    args: [join('dist', 'electron', 'main.js'), `--user-data-dir=${userData}`],
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
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
