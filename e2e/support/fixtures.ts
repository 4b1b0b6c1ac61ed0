import { test as base } from '@playwright/test';
import { freshDataDir, startWebHost, type RunningWebHost } from './web-host.js';

/**
 * `host`: a browser host started for the test on a fresh copy of the demo data folder,
 * stopped and removed after it (whether the test passed or not).
 */
export const test = base.extend<{ host: RunningWebHost }>({
  // Playwright reads a fixture's dependencies from this destructuring; it has none.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const data = freshDataDir();
    const host = await startWebHost(data.dir);
    try {
      await use(host);
    } finally {
      await host.stop();
      data.remove();
    }
  },
});

export { expect } from '@playwright/test';
