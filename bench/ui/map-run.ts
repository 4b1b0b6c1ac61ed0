import { cpus, loadavg } from 'node:os';
import { fmt, median, Report, verdict } from '../core/report.js';
import { startBenchSession } from './bench-session.js';
import { benchmarkMap } from './map-benchmark.js';

/**
 * `npm run bench:map`: the project's Map tab in Chromium through the browser host, on
 * the server benchmark's 20,000-well project: the map drawn (goal < 200 ms) and panned
 * with mouse drags (goal ≥ 30 frames a second), each beside plain circles drawn and
 * dragged on a canvas of the same size in the same page. Prints a table and writes
 * bench/results/map.json. BENCH_QUICK=1 runs fewer repeats.
 */
const REPEATS = process.env.BENCH_QUICK ? 3 : 7;
const DRAW_GOAL_MS = 200;
const PAN_GOAL_FPS = 30;

const loadBefore = loadavg()[0]!;
process.stdout.write(
  `Flowline map benchmark: ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)}\n\n`,
);
const { fixture, host, browser, close } = await startBenchSession();
const report = new Report();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  // tsx keeps function names with a __name helper that page.evaluate's copies lack.
  await page.addInitScript('window.__name = (fn) => fn');
  await page.goto(host.launchUrl);
  // The first open fetches the 20,000 wells into the core's cache; the map reads them there.
  await page.getByTestId('project-link').filter({ hasText: 'Permian benchmark' }).click();
  await page.getByTestId('well-row').first().waitFor({ timeout: 120_000 });
  report.header();

  const map = await benchmarkMap(page, fixture.wellCount, REPEATS);
  report.record('map', map);
  const size = `${Math.round(map.canvas.width)} × ${Math.round(map.canvas.height)} px`;
  report.row({
    benchmark: `Map tab, ${fmt.count(fixture.wellCount)} wells (${size}): click → drawn, median`,
    result: fmt.ms(median(map.drawMs)),
    reference: `plain circles: ${fmt.ms(median(map.plainDrawMs))}`,
    goal: `< ${DRAW_GOAL_MS} ms`,
    verdict: verdict(median(map.drawMs) < DRAW_GOAL_MS),
  });
  report.row({
    benchmark: 'Map panned with mouse drags: animation frames a second',
    result: `${map.panFps.toFixed(1)} fps (${map.panRedrawsPerSecond.toFixed(1)} redraws/s)`,
    reference: `plain circles dragged: ${map.plainPanFps.toFixed(1)} fps`,
    goal: `≥ ${PAN_GOAL_FPS} fps`,
    verdict: verdict(map.panFps >= PAN_GOAL_FPS),
  });
  const file = report.write(
    {
      repeats: REPEATS,
      at: new Date().toISOString(),
      cpus: cpus().length,
      loadAverage: { before: loadBefore, after: loadavg()[0] },
    },
    'map',
  );
  process.stdout.write(`\nLoad average after: ${loadavg()[0]!.toFixed(1)}\nWritten: ${file}\n`);
} finally {
  await close();
}
