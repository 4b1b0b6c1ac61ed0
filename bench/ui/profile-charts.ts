import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CDPSession, type Locator, type Page } from 'playwright-core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { openBenchProject, startBenchSession } from './bench-session.js';
import type { PageGlobals } from './page-globals.js';

/**
 * `npx tsx bench/ui/profile-charts.ts`: where the well page's time goes, on the bench:ui
 * fixture (a 20-year daily well). Opens the well once to warm the core's cache, then
 * records a CPU profile and a trace of one click → all four charts at full detail and of
 * one range preset, and prints the JavaScript functions by self time, the renderer's own
 * work by phase (script, style, layout, paint) and each /rpc call's duration. Build the
 * renderer unminified first (`npx vite build --minify false`) for readable names.
 */
const CHART_IDS = ['rates', 'pressures', 'ratios', 'cumulative'];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
}

const maps = new Map<string, TraceMap | null>();

const session = await startBenchSession();
const { fixture, browser, close } = session;
try {
  const { page } = await openBenchProject(session);
  await openWell(page);
  await fullDetail(page);
  await page.waitForTimeout(3000);

  const cdp = await page.context().newCDPSession(page);
  const row = await findWell(page);
  await profile(page, cdp, 'click → four charts at full detail', () => clickWell(row));
  await profile(page, cdp, 'range preset 5Y', () => page.getByTestId('range-5y').click());
  await profile(page, cdp, 'range preset All', () => page.getByTestId('range-all').click());
} finally {
  await close();
}

async function openWell(page: Page): Promise<void> {
  await clickWell(await findWell(page));
}

async function findWell(page: Page): Promise<Locator> {
  await page.evaluate(
    (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
    `#/projects/${fixture.projectId}`,
  );
  await page.getByTestId('wells-search').fill(fixture.longWellName);
  const row = page.getByTestId('well-row').filter({ hasText: fixture.longWellApi });
  await row.waitFor();
  await page.evaluate((search) => {
    const w = globalThis as unknown as PageGlobals;
    w.history.replaceState(null, '', `${search}${w.location.hash}`);
  }, `?from=${fixture.longWellHistory.from}&to=${fixture.longWellHistory.to}`);
  return row;
}

async function clickWell(row: Locator): Promise<void> {
  await row.getByRole('gridcell').first().click();
}

async function fullDetail(page: Page): Promise<number> {
  const started = Date.now();
  await page.waitForFunction(
    (ids) =>
      ids.every(
        (id) =>
          (globalThis as unknown as PageGlobals).document.querySelector(`[data-testid=chart-${id}]`)
            ?.dataset.detail === 'full',
      ),
    CHART_IDS,
    { timeout: 60_000, polling: 'raf' },
  );
  return Date.now() - started;
}

async function profile(
  page: Page,
  cdp: CDPSession,
  label: string,
  act: () => Promise<unknown>,
): Promise<void> {
  await page.evaluate(() => performance.clearResourceTimings());
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await act();
  await fullDetail(page);
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const { profile: cpu } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const rpc = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/rpc'))
      .map((entry) => ({
        name: entry.name.replace(/^.*\/rpc\/?/, ''),
        ms: Math.round(entry.duration * 10) / 10,
        kB: Math.round((entry as unknown as { encodedBodySize: number }).encodedBodySize / 1024),
      })),
  );
  process.stdout.write(`\n## ${label}\n`);
  printSelfTimes(cpu);
  await printSources(cpu);
  const busiest = busiestStretch(cpu);
  process.stdout.write(
    `\n### the longest busy stretch alone (${busiest.ms.toFixed(0)} ms: the task the person waits on)\n`,
  );
  printSelfTimes(busiest.profile);
  await printSources(busiest.profile);
  printPhases(trace.traceEvents);
  process.stdout.write(`rpc: ${JSON.stringify(rpc)}\n`);
  if (process.env.PROFILE_OUT) {
    writeFileSync(
      `${process.env.PROFILE_OUT}-${label.split(' ')[0]}.cpuprofile`,
      JSON.stringify(cpu),
    );
  }
}

async function sourceMap(url: string): Promise<TraceMap | null> {
  if (!url.startsWith('http') || !url.endsWith('.js')) return null;
  if (!maps.has(url)) {
    // The host serves no source maps: read the build's own, beside the bundle.
    const file = join('dist/renderer/assets', url.split('/').pop() ?? '');
    maps.set(
      url,
      existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null,
    );
  }
  return maps.get(url) ?? null;
}

/** Self time by original source file (node_modules grouped by package). */
async function printSources(cpu: CpuProfile): Promise<void> {
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const bySource = new Map<string, number>();
  for (let index = 0; index < cpu.samples.length; index++) {
    const node = byId.get(cpu.samples[index] as number);
    if (!node) continue;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    const map = await sourceMap(url);
    let source = url ? 'browser' : functionName;
    if (map) {
      const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      const file = original.source ?? '?';
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
      source = pkg ? `npm:${pkg[1]}` : file.replace(/^.*renderer\/src\//, 'renderer/');
    }
    bySource.set(source, (bySource.get(source) ?? 0) + (cpu.timeDeltas[index] ?? 0) / 1000);
  }
  process.stdout.write('self time by source:\n');
  for (const [key, ms] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    process.stdout.write(`  ${ms.toFixed(1).padStart(7)} ms  ${key}\n`);
  }
}

/**
 * The profile cut to its longest run of non-idle samples (idle gaps under 3 ms joined):
 * on a click, the synchronous render between the input and the first paint.
 */
function busiestStretch(cpu: CpuProfile): { profile: CpuProfile; ms: number } {
  const idle = new Set(
    cpu.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  let best = { from: 0, to: 0, ms: 0 };
  let from = -1;
  let busy = 0;
  let gap = 0;
  cpu.samples.forEach((id, index) => {
    const delta = (cpu.timeDeltas[index] ?? 0) / 1000;
    if (idle.has(id)) {
      gap += delta;
      if (gap >= 3) from = -1;
      return;
    }
    if (from < 0) {
      from = index;
      busy = 0;
      gap = 0;
    }
    busy += delta + gap;
    gap = 0;
    if (busy > best.ms) best = { from, to: index + 1, ms: busy };
  });
  return {
    ms: best.ms,
    profile: {
      nodes: cpu.nodes,
      samples: cpu.samples.slice(best.from, best.to),
      timeDeltas: cpu.timeDeltas.slice(best.from, best.to),
    },
  };
}

function printSelfTimes(cpu: CpuProfile): void {
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  cpu.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`CPU profile: ${total.toFixed(0)} ms sampled; top self times:\n`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    process.stdout.write(`  ${ms.toFixed(1).padStart(7)} ms  ${key}\n`);
  }
}

function printPhases(events: TraceEvent[]): void {
  const phases = new Map<string, number>();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    if (
      ![
        'FunctionCall',
        'EvaluateScript',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'PrePaint',
        'Layerize',
        'Commit',
        'MajorGC',
        'MinorGC',
        'ParseHTML',
        'HitTest',
      ].includes(event.name)
    )
      continue;
    phases.set(event.name, (phases.get(event.name) ?? 0) + event.dur / 1000);
  }
  process.stdout.write(
    `trace phases (ms): ${[...phases]
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ')}\n`,
  );
}
