import { openBenchProject, startBenchSession } from './bench-session.js';
import { scrollFrames } from './measure-in-page.js';
import type { PageGlobals } from './page-globals.js';

/**
 * `npx tsx bench/ui/profile-scroll.ts`: where the wells table's scroll frames go, on the
 * bench:ui fixture (20,000 wells). Scrolls as bench:ui does (180 px a frame for 240 frames)
 * with Chromium's long-animation-frame entries recorded, then prints each frame over 20 ms:
 * its script, style and layout time, the scripts that ran in it, and the /rpc answers that
 * arrived in it. Build the renderer unminified first (`npx vite build --minify false`).
 */
interface LongFrame {
  startTime: number;
  duration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: { invoker: string; sourceFunctionName: string; duration: number }[];
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The 20 functions with the most self time, idle left out. */
function printSelfTimes(cpu: CpuProfile): void {
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  cpu.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[index] ?? 0) / 1000);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    process.stdout.write(`  ${ms.toFixed(1).padStart(7)} ms  ${key}\n`);
  }
}

const session = await startBenchSession();
const { close } = session;
try {
  const { page } = await openBenchProject(session);
  await page.waitForTimeout(5000);
  for (const round of [1, 2]) {
    await page.getByTestId('wells-table').evaluate((box) => (box.scrollTop = 0));
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      const w = globalThis as unknown as PageGlobals & { __frames: LongFrame[] };
      w.__frames = [];
      performance.clearResourceTimings();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__frames.push(entry.toJSON() as LongFrame);
      }).observe({ type: 'long-animation-frame' as 'mark' });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const frames = await scrollFrames(page, '[data-testid=wells-table]', 180, 240);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    printSelfTimes(profile);
    const sorted = [...frames].sort((a, b) => a - b);
    const { long, rpc } = await page.evaluate(() => ({
      long: (globalThis as unknown as { __frames: LongFrame[] }).__frames,
      rpc: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/rpc'))
        .map((entry) => ({
          at: (entry as unknown as { responseEnd: number }).responseEnd,
          ms: entry.duration,
        })),
    }));
    process.stdout.write(
      `\n## round ${round}: ${frames.length} frames, median ${sorted[120]!.toFixed(1)} ms, ` +
        `p95 ${sorted[Math.floor(frames.length * 0.95)]!.toFixed(1)} ms, ${rpc.length} /rpc answers\n`,
    );
    for (const frame of long.filter((entry) => entry.duration > 20)) {
      const end = frame.startTime + frame.duration;
      const scripts = (frame.scripts ?? []).filter(Boolean);
      const script = scripts.reduce((sum, s) => sum + s.duration, 0);
      const layout = end - frame.styleAndLayoutStart;
      const arrived = rpc.filter((r) => r.at >= frame.startTime - 5 && r.at <= end);
      process.stdout.write(
        `frame ${frame.duration.toFixed(0)} ms: scripts ${script.toFixed(0)} ms, render ` +
          `${(end - frame.renderStart).toFixed(0)} ms (style and layout ${layout.toFixed(0)} ms)` +
          `${arrived.length ? `, ${arrived.length} /rpc answer(s) arrived` : ''}\n`,
      );
      for (const s of scripts.filter((entry) => entry.duration >= 2)) {
        process.stdout.write(
          `    ${s.duration.toFixed(0).padStart(4)} ms  ${s.invoker} ${s.sourceFunctionName}\n`,
        );
      }
    }
  }
} finally {
  await close();
}
