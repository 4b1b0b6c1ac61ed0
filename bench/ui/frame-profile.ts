import type { Page } from 'playwright-core';
import type { PageGlobals } from './page-globals.js';

/**
 * What the profiles (profile-scroll.ts, profile-typing.ts) record around an action in the
 * page: Chromium's long-animation-frame entries, a CPU profile, and when each /rpc answer
 * arrived; and how they print it.
 */
interface LongFrame {
  startTime: number;
  duration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: {
    invoker: string;
    sourceFunctionName: string;
    duration: number;
    forcedStyleAndLayoutDuration: number;
  }[];
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export async function profileFrames<T>(page: Page, action: () => Promise<T>): Promise<T> {
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
  const result = await action();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  printSelfTimes(profile);
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
  process.stdout.write(`${rpc.length} /rpc answers arrived\n`);
  printLongFrames(long, rpc);
  return result;
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

/** Each frame over 20 ms: script, style and layout time, its scripts, the answers in it. */
function printLongFrames(long: LongFrame[], rpc: Array<{ at: number }>): void {
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
        `    ${s.duration.toFixed(0).padStart(4)} ms  ${s.invoker} ${s.sourceFunctionName}` +
          ` (forced style and layout ${s.forcedStyleAndLayoutDuration.toFixed(0)} ms)\n`,
      );
    }
  }
}
