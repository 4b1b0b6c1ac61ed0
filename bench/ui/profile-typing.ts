import { openBenchProject, startBenchSession } from './bench-session.js';
import { profileFrames } from './frame-profile.js';
import type { PageGlobals } from './page-globals.js';

/**
 * `npx tsx bench/ui/profile-typing.ts`: where a search typed in the wells table goes, on the
 * bench:ui fixture (20,000 wells). Types "ranch" as bench:ui does (each key once the page
 * has taken the last) with the long-animation-frame entries and a CPU profile recorded, and
 * prints them as profile-scroll.ts does. Build the renderer unminified first
 * (`npx vite build --minify false`).
 */
interface EventTiming {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

const session = await startBenchSession();
try {
  const { page } = await openBenchProject(session);
  const search = page.getByTestId('wells-search');
  // Typed as soon as the table has painted, as bench:ui's first burst is; then once more.
  for (const round of [1, 2, 3]) {
    await search.fill('');
    await search.focus();
    await page.waitForTimeout(1000);
    process.stdout.write(`\n## round ${round}\n`);
    await page.evaluate(() => {
      const w = globalThis as unknown as { __events: object[] };
      w.__events = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__events.push(entry.toJSON() as object);
      }).observe({ type: 'event', durationThreshold: 16 } as never);
    });
    await profileFrames(page, async () => {
      await page.keyboard.type('ranch');
      await page.waitForFunction(
        () =>
          (globalThis as unknown as PageGlobals).document
            .querySelector('[data-testid=wells-table]')
            ?.getAttribute('data-search') === 'ranch',
      );
    });
    // Each key's input delay (waiting for the main thread), its handlers, and the rest of
    // its duration (to the next paint), from Chromium's event timing (16 ms and longer).
    await page.waitForTimeout(200);
    const events = await page.evaluate(
      () => (globalThis as unknown as { __events: EventTiming[] }).__events,
    );
    for (const e of events.filter((entry) => entry.name === 'keydown')) {
      const delay = e.processingStart - e.startTime;
      const handlers = e.processingEnd - e.processingStart;
      process.stdout.write(
        `keydown ${e.duration} ms: input delay ${delay.toFixed(1)}, handlers ${handlers.toFixed(1)}, ` +
          `to paint ${(e.duration - delay - handlers).toFixed(1)}\n`,
      );
    }
  }
} finally {
  await session.close();
}
