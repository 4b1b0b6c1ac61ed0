import { rmSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/**
 * A page signed in to the session's host with the fixture's 20,000-well project open, its first
 * rows painted (the first open fetches every well into the core's cache, hence the long wait).
 */
export async function openBenchProject(
  session: BenchSession,
): Promise<{ page: Page; origin: string }> {
  const page = await session.browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript('window.__name = (fn) => fn');
  await page.goto(session.host.launchUrl);
  await page.getByTestId('project-link').first().waitFor();
  const origin = new URL(session.host.launchUrl).origin;
  await page.goto(`${origin}/#/projects/${session.fixture.projectId}`);
  await page.getByTestId('well-row').first().waitFor({ timeout: 120_000 });
  return { page, origin };
}
