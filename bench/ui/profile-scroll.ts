import { openBenchProject, startBenchSession } from './bench-session.js';
import { profileFrames } from './frame-profile.js';
import { scrollFrames } from './measure-in-page.js';

/**
 * `npx tsx bench/ui/profile-scroll.ts`: where the wells table's scroll frames go, on the
 * bench:ui fixture (20,000 wells). Scrolls as bench:ui does (180 px a frame for 240 frames)
 * with Chromium's long-animation-frame entries recorded, then prints each frame over 20 ms:
 * its script, style and layout time, the scripts that ran in it, and the /rpc answers that
 * arrived in it. Build the renderer unminified first (`npx vite build --minify false`).
 */
const session = await startBenchSession();
try {
  const { page } = await openBenchProject(session);
  await page.waitForTimeout(5000);
  for (const round of [1, 2]) {
    await page.getByTestId('wells-table').evaluate((box) => (box.scrollTop = 0));
    await page.waitForTimeout(1000);
    process.stdout.write(`\n## round ${round}\n`);
    const frames = await profileFrames(page, () =>
      scrollFrames(page, '[data-testid=wells-table]', 180, 240),
    );
    const sorted = [...frames].sort((a, b) => a - b);
    process.stdout.write(
      `${frames.length} frames, median ${sorted[120]!.toFixed(1)} ms, ` +
        `p95 ${sorted[Math.floor(frames.length * 0.95)]!.toFixed(1)} ms\n`,
    );
  }
} finally {
  await session.close();
}
