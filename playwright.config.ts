import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * End-to-end tests. `browser`: Chromium (Debian's /usr/bin/chromium where present,
 * Playwright's own elsewhere) against a web host with a fresh data folder per test.
 * `electron`: the packaged shell through _electron.launch, skipped where no Electron
 * binary exists (see e2e/electron.spec.ts).
 */
const debianChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    viewport: { width: 1400, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser',
      testIgnore: /electron\.spec\.ts/,
      use: {
        browserName: 'chromium',
        launchOptions: {
          ...(existsSync(debianChromium) ? { executablePath: debianChromium } : {}),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
