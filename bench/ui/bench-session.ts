import { rmSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { startWebHost, type RunningWebHost } from '../../e2e/support/web-host.js';
import { prepareUiFixture, type UiFixture } from './fixture.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What every UI benchmark and profile runs on: the fixture, the browser host, Chromium. */
export interface BenchSession {
  fixture: UiFixture;
  host: RunningWebHost;
  browser: Browser;
  /** Closes Chromium, stops the host and removes the fixture's data folder. */
  close(): Promise<void>;
}

export async function startBenchSession(): Promise<BenchSession> {
  const fixture = prepareUiFixture();
  const host = await startWebHost(fixture.dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  return {
    fixture,
    host,
    browser,
    async close() {
      await browser.close();
      await host.stop();
      rmSync(fixture.dataDir, { recursive: true, force: true });
    },
  };
}
