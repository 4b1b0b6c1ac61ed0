import { type Page } from 'playwright-core';
import { startBenchSession } from './bench-session.js';
import { markNextInput, untilPainted } from './measure-in-page.js';

/**
 * `npx tsx bench/ui/profile-map.ts`: where the Map tab's draw goes, on the bench:map
 * fixture (20,000 wells). Opens the Map tab once (the core caches the wells, the atlas
 * loads), then records a CPU profile of Wells tab → Map tab and prints the JavaScript
 * functions by self time and the time spent inside each canvas call (wrapped in the page:
 * a CPU profile counts a canvas call's own work in its caller's self time). Build the
 * renderer unminified first (`npx vite build --minify false`) for readable names.
 */
const REPEATS = 3;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Wraps the 2D context's drawing calls to add up the time spent inside each. */
const TIME_CANVAS_CALLS = `(() => {
  const times = (window.__canvasTimes = {});
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ['fill', 'stroke', 'arc', 'moveTo', 'drawImage', 'fillRect', 'clearRect', 'beginPath']) {
    const original = proto[name];
    proto[name] = function (...args) {
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const entry = (times[name] ??= { ms: 0, calls: 0 });
        entry.ms += performance.now() - start;
        entry.calls++;
      }
    };
  }
})()`;

const { fixture, host, browser, close } = await startBenchSession();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript('window.__name = (fn) => fn');
  await page.goto(host.launchUrl);
  await page.getByTestId('project-link').filter({ hasText: 'Permian benchmark' }).click();
  await page.getByTestId('well-row').first().waitFor({ timeout: 120_000 });
  await openMap(page);
  // MAP_SCREENSHOT=file.png keeps a picture of the map, to compare a change by eye.
  if (process.env.MAP_SCREENSHOT) {
    const canvas = page.getByTestId('map-canvas');
    await canvas.screenshot({ path: process.env.MAP_SCREENSHOT });
    // And after a drag and a zoom step, which draw through the pan cache and a new scale.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 600, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 450, box.y + 200, { steps: 10 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(500);
    await canvas.screenshot({ path: process.env.MAP_SCREENSHOT.replace(/\.png$/, '-moved.png') });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  for (let i = 0; i < REPEATS; i++) {
    await page.getByTestId('tab-wells').click();
    await page.getByTestId('well-row').first().waitFor();
    await page.evaluate(TIME_CANVAS_CALLS);
    await cdp.send('Profiler.start');
    const ms = await openMap(page);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const canvas = await page.evaluate('window.__canvasTimes');
    process.stdout.write(`\n## Wells tab → Map tab: ${ms.toFixed(0)} ms\n`);
    printSelfTimes(profile);
    process.stdout.write('canvas calls:\n');
    for (const [name, entry] of Object.entries(
      canvas as Record<string, { ms: number; calls: number }>,
    )) {
      process.stdout.write(`  ${entry.ms.toFixed(1).padStart(7)} ms  ${name} × ${entry.calls}\n`);
    }
  }
} finally {
  await close();
}

async function openMap(page: Page): Promise<number> {
  const drawn = `document.querySelector('[data-testid=map-canvas]')?.dataset.drawn === '${fixture.wellCount}'`;
  await markNextInput(page, 'click', drawn);
  await page.getByTestId('tab-map').click();
  return untilPainted(page, drawn, 'mark', 60_000);
}

function printSelfTimes(cpu: CpuProfile): void {
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  cpu.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (cpu.timeDeltas[index] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`CPU profile: ${total.toFixed(0)} ms sampled; top self times:\n`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18)) {
    process.stdout.write(`  ${ms.toFixed(1).padStart(7)} ms  ${key}\n`);
  }
}
