import { PRODUCTION_FIELDS, type ProductionRecordInput } from '#shared/api/index.js';
import { ApiClient } from '#shared/client/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { startCore } from '#core/testing/core-harness.js';
import { startDemoServer } from '#core/testing/demo-server.js';
import { runColumnsBenchmark } from './columns-benchmark.js';
import { config } from './config.js';
import { fmt, median, verdict, type Report } from './report.js';

/**
 * One well's 20 years (7,300 days, all nine fields) through production-get,
 * as the chart asks for it (columns in the project's units), once the range
 * is cached. Cold: a range never read before, so the core's read memo misses
 * and the days come from the packed years (cache migration 10), made into dates and
 * nullable numbers. Warm: the same range again (every
 * cache-changed makes react-query re-read). Imperial hands cached columns over;
 * metric converts every value. Goal: under 10 ms.
 */

const FROM = '2005-01-01';
const GOAL_MS = 10;
const WARMUP = 5;

type Figures = Record<'dailyCold' | 'dailyWarm' | 'monthlyCold' | 'monthlyWarm', number>;

export async function runReadBenchmark(report: Report): Promise<void> {
  const days = config.read.days;
  const to = addDays(FROM, days - 1);
  const demo = await startDemoServer({ wellCounts: [0] });
  try {
    const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
    const records = syntheticYears(days);
    const wells: Record<'imperial' | 'metric', { projectId: string; wellId: string }> = {
      imperial: { projectId: '', wellId: '' },
      metric: { projectId: '', wellId: '' },
    };
    for (const unitSystem of ['imperial', 'metric'] as const) {
      const project = await api.createProject({ name: `Read ${unitSystem}`, unitSystem });
      const well = await api.createWell(project.id, { name: 'Twenty Years 1H' });
      await api.upsertProductionChunked(project.id, well.id, records);
      wells[unitSystem] = { projectId: project.id, wellId: well.id };
    }
    const harness = await startCore(demo);
    try {
      const all: Record<string, Figures> = {};
      for (const system of ['imperial', 'metric'] as const) {
        const get = harness.core.handlers['production-get'];
        const base = { ...wells[system], from: FROM };
        // Fills the cache (one request); not measured.
        const first = await get({ ...base, to, aggregation: 'daily' });
        if (first.data.dates.length !== days) throw new Error('the fixture is not 20 years');
        const time = async (aggregation: 'daily' | 'monthly', cold: boolean) => {
          const times: number[] = [];
          for (let i = 0; i < WARMUP + config.read.repeats; i++) {
            // A range never read before misses the memo (monthly ranges apart from daily ones).
            const end = cold ? addDays(to, -1 - i - (aggregation === 'monthly' ? 400 : 0)) : to;
            const started = performance.now();
            const read = await get({ ...base, to: end, aggregation });
            times.push(performance.now() - started);
            if (read.source !== 'cache') throw new Error('a timed read went to the server');
          }
          return median(times.slice(WARMUP));
        };
        const figures: Figures = {
          dailyCold: await time('daily', true),
          dailyWarm: await time('daily', false),
          monthlyCold: await time('monthly', true),
          monthlyWarm: await time('monthly', false),
        };
        all[system] = figures;
        const label = `production-get 7,300 days × 9 fields, ${system}`;
        for (const [kind, ms] of [
          ['daily, cold (packed years)', figures.dailyCold],
          ['daily, warm (memo)', figures.dailyWarm],
        ] as const) {
          report.row({
            benchmark: `${label}: ${kind}`,
            result: `${fmt.ms(ms)} median`,
            reference: `monthly: ${fmt.ms(kind.includes('cold') ? figures.monthlyCold : figures.monthlyWarm)}`,
            goal: `< ${GOAL_MS} ms`,
            verdict: verdict(ms < GOAL_MS),
          });
        }
      }
      report.record('read', { days, repeats: config.read.repeats, medianMs: all });
      // The charts' read as typed columns, before and after (columns-benchmark.ts).
      await runColumnsBenchmark(report, harness, { ...wells.imperial, from: FROM, to });
    } finally {
      await harness.close();
    }
  } finally {
    await demo.close();
  }
}

/** Smooth, deterministic values in every field (the 7,300-day fixture of the old speed test). */
function syntheticYears(days: number): ProductionRecordInput[] {
  const records: ProductionRecordInput[] = [];
  for (let day = 0; day < days; day++) {
    const record: ProductionRecordInput = { date: addDays(FROM, day) };
    PRODUCTION_FIELDS.forEach((field, f) => {
      const scale = f === 6 ? 24 : f === 8 ? 50 : 500; // runtime ≤ 24 h, watercut ≤ 100 %
      record[field] = Math.round(scale * (0.5 + 0.5 * Math.sin(day / 97 + f)) * 100) / 100;
    });
    records.push(record);
  }
  return records;
}
