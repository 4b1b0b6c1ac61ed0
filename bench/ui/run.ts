import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startWebHost } from '../../e2e/support/web-host.js';
import { fmt, median, Report, verdict } from '../core/report.js';
import { benchmarkCharts, type ChartFigures } from './chart-benchmark.js';
import { prepareUiFixture } from './fixture.js';
import { percentile } from './measure-in-page.js';
import { benchmarkScreening } from './screening-benchmark.js';
import { benchmarkTable } from './table-benchmark.js';

/**
 * `npm run bench:ui`: the review screens in Chromium through the browser host, on the
 * server benchmark's 20,000-well project. Prints a table and writes bench/results/ui.json.
 * BENCH_QUICK=1 runs fewer repeats.
 */
const REPEATS = process.env.BENCH_QUICK ? 3 : 7;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const fixture = prepareUiFixture();
const host = await startWebHost(fixture.dataDir);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const report = new Report();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  // tsx keeps function names with a __name helper that page.evaluate's copies lack.
  await page.addInitScript('window.__name = (fn) => fn');
  await page.goto(host.launchUrl);
  await page.getByTestId('project-link').first().waitFor();
  const origin = new URL(host.launchUrl).origin;
  report.header();

  const table = await benchmarkTable(page, 'Permian benchmark', fixture.wellCount, REPEATS);
  report.record('table', table);
  report.row({
    benchmark: `Wells table, ${fmt.count(fixture.wellCount)} wells: first open (fetch from the server)`,
    result: fmt.ms(table.firstOpenMs),
  });
  report.row({
    benchmark: 'Wells table mount (click → rows painted), median',
    result: fmt.ms(median(table.mountMs)),
    reference: `max ${fmt.ms(Math.max(...table.mountMs))}`,
    goal: '< 200 ms',
    verdict: verdict(median(table.mountMs) < 200),
  });
  report.row({
    benchmark: 'Search keystroke → updated rows painted, median',
    result: fmt.ms(median(table.keystrokeMs)),
    reference: `p95 ${fmt.ms(percentile(table.keystrokeMs, 95))}`,
    goal: '< 50 ms',
    verdict: verdict(median(table.keystrokeMs) < 50),
  });
  report.row({
    benchmark: 'Scroll, 180 px a frame for 240 frames: frame time p95',
    result: fmt.ms(table.scrollP95),
    reference: `median ${fmt.ms(median(table.scrollFrameMs))}`,
    goal: '≤ 17 ms',
    verdict: verdict(table.scrollP95 <= 17),
  });

  const screening = await benchmarkScreening(page, 'Permian benchmark', fixture.wellCount, REPEATS);
  report.record('screening', screening);
  report.row({
    benchmark: 'Wells table mount with the screening columns (30-day change, sparkline), median',
    result: fmt.ms(median(screening.withColumnsMs)),
    reference: `without them ${fmt.ms(median(screening.withoutColumnsMs))}`,
    goal: '< 200 ms',
    verdict: verdict(median(screening.withColumnsMs) < 200),
  });

  // Warm the cache with the 20-year well once (the first read comes from the server).
  const warm = await benchmarkCharts(
    page,
    origin,
    fixture.projectId,
    fixture.longWellId,
    'reduced',
    1,
    fixture.longWellHistory,
  );
  report.record('chartWarmUp', warm);
  const charts: Record<string, ChartFigures> = {};
  for (const mode of ['reduced', 'full'] as const) {
    charts[mode] = await benchmarkCharts(
      page,
      origin,
      fixture.projectId,
      fixture.longWellId,
      mode,
      REPEATS,
      fixture.longWellHistory,
    );
  }
  report.record('charts', charts);
  const reduced = charts.reduced as ChartFigures;
  const full = charts.full as ChartFigures;
  report.row({
    benchmark: `Well page, ${fmt.count(fixture.longWellDays)} days: route → rates chart first painted, median`,
    result: fmt.ms(median(reduced.navigationMs)),
    reference: `full series ${fmt.ms(median(full.navigationMs))} (×${(median(full.navigationMs) / median(reduced.navigationMs)).toFixed(1)})`,
    goal: '< 150 ms',
    verdict: verdict(median(reduced.navigationMs) < 150),
  });
  report.row({
    benchmark: '… → all four charts at full detail (drawn coarse first, then refined), median',
    result: fmt.ms(median(reduced.navigationAllMs)),
    reference: `full series ${fmt.ms(median(full.navigationAllMs))}`,
  });
  report.row({
    benchmark: 'Range preset (5Y ↔ All) → charts repainted, median',
    result: fmt.ms(median(reduced.rangeChangeMs)),
    reference: `full series ${fmt.ms(median(full.rangeChangeMs))}`,
    goal: '< 50 ms',
    verdict: verdict(median(reduced.rangeChangeMs) < 50),
  });
  report.row({
    benchmark: '… → all four charts at full detail again, median',
    result: fmt.ms(median(reduced.rangeSettledMs)),
    reference: `full series ${fmt.ms(median(full.rangeSettledMs))}`,
  });
  report.row({
    benchmark: 'Points drawn in the oil line (All)',
    result: fmt.count(reduced.drawnPoints),
    reference: `full series ${fmt.count(full.drawnPoints)}`,
  });
  const file = report.write({ repeats: REPEATS, at: new Date().toISOString() }, 'ui');
  process.stdout.write(`\nWritten: ${file}\n`);
} finally {
  await browser.close();
  await host.stop();
  rmSync(fixture.dataDir, { recursive: true, force: true });
}
