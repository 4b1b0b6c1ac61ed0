import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { bundleWebHost } from '#scripts/build-desktop.mjs';
import { startWebHost } from '../../e2e/support/web-host.js';
import type { PageGlobals } from './page-globals.js';

export interface StartupFigures {
  /** Each warm launch: the host started → its address printed (core started, cache open). */
  hostReadyMs: number[];
  /** Each warm launch: the host started → the demo project's wells table painted. */
  tablePaintedMs: number[];
}

/**
 * From launching the browser host (bundled, as `npm run web` runs it) to the wells table
 * painted, on the embedded demo with a warm cache: what a person waits for each morning. A first launch on an empty data folder
 * seeds the demo and opens its first project (the cache is then warm); each measured launch
 * starts the host on that folder again, opens the address it prints in Chromium (already
 * running, as a person's browser is) and goes to that project, timed from the spawn to the
 * first frame painted with its rows.
 */
export async function benchmarkStartup(browser: Browser, repeats: number): Promise<StartupFigures> {
  const bundle = await bundleWebHost({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'flowline-bench-startup-'));
  const figures: StartupFigures = { hostReadyMs: [], tablePaintedMs: [] };
  try {
    let projectPath: string | undefined;
    for (let launch = 0; launch <= repeats; launch++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      await page.addInitScript('window.__name = (fn) => fn');
      const started = Date.now();
      const host = await startWebHost(dataDir, { bundle });
      const hostReadyMs = Date.now() - started;
      try {
        await page.goto(host.launchUrl);
        const origin = new URL(host.launchUrl).origin;
        if (projectPath === undefined) {
          // The first launch: the demo is seeded, and its first project opened (cache warmed).
          const link = page.getByTestId('project-link').first();
          projectPath = new URL((await link.getAttribute('href')) ?? '', origin).hash;
          await page.goto(`${origin}/${projectPath}`);
          await page.getByTestId('well-row').first().waitFor({ timeout: 60_000 });
          continue;
        }
        await page.goto(`${origin}/${projectPath}`);
        const paintedAt = await rowsPaintedAt(page);
        figures.hostReadyMs.push(hostReadyMs);
        figures.tablePaintedMs.push(paintedAt - started);
      } finally {
        await context.close();
        await host.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/**
 * The wall-clock time (ms since the epoch, as Date.now) at which the first frame showing
 * wells rows had painted: its animation-frame callback sees the rows, and a message posted
 * from it runs once that frame's rendering is done.
 */
async function rowsPaintedAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const w = globalThis as unknown as PageGlobals;
        const deadline = performance.now() + 60_000;
        const onFrame = () => {
          if (w.document.querySelectorAll('[data-testid=well-row]').length > 0) {
            const channel = new MessageChannel();
            const port = channel.port1 as unknown as { onmessage: () => void };
            port.onmessage = () => resolve(performance.timeOrigin + performance.now());
            channel.port2.postMessage(null);
          } else if (performance.now() > deadline) reject(new Error('no wells rows in 60 s'));
          else w.requestAnimationFrame(onFrame);
        };
        w.requestAnimationFrame(onFrame);
      }),
  );
}
