import type { Page } from 'playwright-core';
import { fmt, median, Report } from '../core/report.js';
import { benchmarkReference } from './canvas-reference.js';
import { benchmarkCharts } from './chart-benchmark.js';
import { startBenchSession } from './bench-session.js';
import { percentile } from './measure-in-page.js';
import { benchmarkScreening } from './screening-benchmark.js';
import { benchmarkStartup } from './startup-benchmark.js';
import { benchmarkTable } from './table-benchmark.js';
import { CONDITION_WORDS, conditionsFromArgs, inCondition } from '../busy-process.js';

/**
 * `npm run bench:ui`: the review screens in Chromium through the browser host, on the
 * server benchmark's 20,000-well project. Prints a table and writes bench/results/ui.json.
 * BENCH_QUICK=1 runs fewer repeats. Everything runs twice, idle and beside a CPU-bound process
 * (../busy-process.ts); `-- --idle` or `-- --busy` runs one condition.
 */
/** The UI goals are judged PASS or FAIL (the other benches' verdict says MISS). */
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const REPEATS = process.env.BENCH_QUICK ? 3 : 7;
/** BENCH_ONLY=table,screening,charts,startup runs only the named parts (all of them by default). */
const PARTS = ['table', 'screening', 'charts', 'startup'] as const;
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const unknown = only?.filter((part) => !PARTS.some((known) => known === part)) ?? [];
if (unknown.length > 0) {
  throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
}
const runs = (part: (typeof PARTS)[number]) => !only || only.includes(part);
type Session = Awaited<ReturnType<typeof startBenchSession>>;
// Each condition's session and report, for the row functions below.
let fixture: Session['fixture'];
let report: Report;
// Every goal is judged twice: idle, then beside a CPU-bound process the run starts itself
// (`-- --idle` or `-- --busy` runs one).
for (const condition of conditionsFromArgs(process.argv.slice(2))) {
  await inCondition(condition, async () => {
    const session = await startBenchSession();
    fixture = session.fixture;
    report = new Report();
    try {
      const page = await session.browser.newPage({
        viewport: { width: 1600, height: 1000 },
        bypassCSP: true,
      });
      await page.addInitScript('window.__name = (fn) => fn');
      await page.goto(session.host.launchUrl);
      await page.getByTestId('project-link').first().waitFor();
      const origin = new URL(session.host.launchUrl).origin;
      process.stdout.write(`\nFlowline UI benchmarks, ${CONDITION_WORDS[condition]}\n\n`);
      report.header();

      if (runs('table')) await tableRows(page);
      if (runs('screening')) await screeningRows(page);
      if (runs('charts')) await chartRows(page, origin);
      if (runs('startup')) await startupRows(session.browser);
      const name = condition === 'idle' ? 'ui' : 'ui-busy';
      const file = report.write(
        { repeats: REPEATS, condition, at: new Date().toISOString() },
        name,
      );
      process.stdout.write(`\nWritten: ${file}\n`);
    } finally {
      await session.close();
    }
  });
}

async function tableRows(page: Page): Promise<void> {
  const table = await benchmarkTable(page, 'Permian benchmark', fixture.wellCount, REPEATS);
  report.record('table', table);
  report.row({
    benchmark: `Wells table, ${fmt.count(fixture.wellCount)} wells: first open (fetch from the server)`,
    result: fmt.ms(table.firstOpenMs),
    goal: '< 1 s',
    verdict: verdict(table.firstOpenMs < 1000),
  });
  report.row({
    benchmark: 'Wells table open from the cache (click → rows painted), median',
    result: fmt.ms(median(table.mountMs)),
    reference: `max ${fmt.ms(Math.max(...table.mountMs))}`,
    goal: '< 500 ms',
    verdict: verdict(Math.max(...table.mountMs) < 500),
  });
  const keyP95 = percentile(table.keystrokeMs, 95);
  report.row({
    benchmark: 'Search "ranch" typed without pauses: each key → rows painted, median',
    result: fmt.ms(median(table.keystrokeMs)),
    reference: `max ${fmt.ms(Math.max(...table.keystrokeMs))}`,
    goal: '≤ 16 ms',
    verdict: verdict(median(table.keystrokeMs) <= 16),
  });
  report.row({
    benchmark: '… each key → rows painted, p95 (the first burst included)',
    result: fmt.ms(keyP95),
    goal: '≤ 50 ms',
    verdict: verdict(keyP95 <= 50),
  });
  report.row({
    benchmark: '… the first burst alone (no search of it answered before): each key, median',
    result: fmt.ms(median(table.firstBurstKeyMs)),
    reference: `max ${fmt.ms(Math.max(...table.firstBurstKeyMs))}`,
  });
  report.row({
    benchmark: '… the whole burst: first key → last result painted, median',
    result: fmt.ms(median(table.burstMs)),
  });
  report.row({
    benchmark: 'Scroll, 180 px a frame for 240 frames: frame time p95',
    result: fmt.ms(table.scrollP95),
    reference: `median ${fmt.ms(median(table.scrollFrameMs))}`,
    goal: '≤ 17 ms',
    verdict: verdict(table.scrollP95 <= 17),
  });
}

async function startupRows(browser: Session['browser']): Promise<void> {
  const startup = await benchmarkStartup(browser, REPEATS);
  report.record('startup', startup);
  const painted = median(startup.tablePaintedMs);
  report.row({
    benchmark: 'Host launched → wells table painted (demo, warm cache), median',
    result: fmt.ms(painted),
    reference: `host ready ${fmt.ms(median(startup.hostReadyMs))}, max ${fmt.ms(Math.max(...startup.tablePaintedMs))}`,
    goal: '< 1.5 s',
    verdict: verdict(painted < 1500),
  });
}

async function screeningRows(page: Page): Promise<void> {
  const screening = await benchmarkScreening(page, 'Permian benchmark', fixture.wellCount, REPEATS);
  report.record('screening', screening);
  report.row({
    benchmark: 'Wells table mount with the screening columns (30-day change, sparkline), median',
    result: fmt.ms(median(screening.withColumnsMs)),
    reference: `without them ${fmt.ms(median(screening.withoutColumnsMs))}`,
    goal: '< 200 ms',
    verdict: verdict(median(screening.withColumnsMs) < 200),
  });
}

async function chartRows(page: Page, origin: string): Promise<void> {
  const charts = await benchmarkCharts(
    page,
    origin,
    {
      projectId: fixture.projectId,
      wellName: fixture.longWellName,
      wellApi: fixture.longWellApi,
      history: fixture.longWellHistory,
    },
    REPEATS,
  );
  report.record('charts', charts);
  const reference = await benchmarkReference(
    page,
    fixture.longWellRates,
    charts.plot,
    fixture.longWellHistory,
    REPEATS,
  );
  report.record('canvasReference', reference);
  const compare = (ours: number, theirs: number) => ({
    reference: `uPlot ${fmt.ms(theirs)}, ratio ×${(ours / theirs).toFixed(1)}`,
    ratio: ours / theirs,
  });
  // [benchmark, ours, uPlot's, goal in ms, the most times uPlot's]. The click's goals are the
  // tighter ones of the speed work (four charts within 1.5× one); the others must not regress.
  const rows: Array<[string, number[], number[], number, number]> = [
    [
      `Well, ${fmt.count(fixture.longWellDays)} days: click → all 4 charts at full detail`,
      charts.openMs,
      reference.openMs,
      100,
      1.5,
    ],
    [
      'Range preset (5Y, All) → all 4 charts at full detail',
      charts.rangeMs,
      reference.rangeMs,
      50,
      3,
    ],
    [
      `Hover: mouse move → readout in ${charts.readouts} charts (DOM)`,
      charts.hoverMs,
      reference.hoverMs,
      16,
      3,
    ],
  ];
  for (const [benchmark, ours, theirs, goal, times] of rows) {
    const { reference: against, ratio } = compare(median(ours), median(theirs));
    report.row({
      benchmark: `${benchmark}, median`,
      result: `${fmt.ms(median(ours))} (p95 ${fmt.ms(percentile(ours, 95))})`,
      reference: against,
      goal: `< ${goal} ms`,
      verdict: verdict(median(ours) < goal),
    });
    report.row({
      benchmark: '… ours / canvas reference (uPlot: same rates, same size)',
      result: `×${ratio.toFixed(1)}`,
      reference: `uPlot p95 ${fmt.ms(percentile(theirs, 95))}`,
      goal: `≤ ${times}×`,
      verdict: verdict(ratio <= times),
    });
  }
  report.row({
    benchmark: 'Points drawn in the oil line (All, full detail)',
    result: fmt.count(charts.drawnPoints),
    reference: `plot ${Math.round(charts.plot.width)} × ${Math.round(charts.plot.height)} px`,
  });
}
