import { ApiClient } from '#shared/client/index.js';
import {
  exponentialNominal,
  fitDecline,
  rateAt,
  type DeclineModelKind,
  type DeclinePoint,
} from '#shared/decline/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { startCore } from '#core/testing/core-harness.js';
import { startDemoServer } from '#core/testing/demo-server.js';
import { fmt, median, type Report } from '../core/report.js';
import { config } from './config.js';

/**
 * One fit of 20 years of daily rates (7,300 points: a modified hyperbolic with
 * 8 % multiplicative noise, a few shut-in days and spikes), per model, timed
 * on fitDecline itself. The goal is judged on the median CPU time of the
 * process: this box's two cores are shared, and wall time then counts other
 * processes' turns (the wall time is printed beside it). Baseline in the same run: reading the
 * same series from the core's cache (production-get, oil only, daily), and the
 * whole decline-fit-run handler (read, fit, forecast, save) for the default model.
 */

const FROM = '2005-01-01';
const WARMUP = 3;
const MODELS: DeclineModelKind[] = ['exponential', 'hyperbolic', 'harmonic', 'modified-hyperbolic'];

export async function runFitBenchmark(report: Report): Promise<void> {
  const { days, repeats, goalMs } = config.fit;
  const series = syntheticSeries(days);
  const demo = await startDemoServer({ wellCounts: [0] });
  try {
    const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
    const project = await api.createProject({ name: 'Decline bench', unitSystem: 'imperial' });
    const well = await api.createWell(project.id, { name: 'Twenty Years 1H' });
    await api.upsertProductionChunked(
      project.id,
      well.id,
      series.map((point) => ({ date: addDays(FROM, point.t), oil_rate: point.rate })),
    );
    const harness = await startCore(demo);
    try {
      const { handlers } = harness.core;
      const target = { projectId: project.id, wellId: well.id };
      await handlers['wells-list']({ projectId: project.id, refresh: 'await' });
      const to = addDays(FROM, days - 1);
      await handlers['production-get']({ ...target, from: FROM, to, aggregation: 'daily' });
      // The baseline: the same series read back from the cache (a range the memo has not seen).
      const read = await timed(repeats, async (i) => {
        const read = await handlers['production-get']({
          ...target,
          from: FROM,
          to: addDays(to, -1 - i),
          aggregation: 'daily',
          fields: ['oil_rate'],
        });
        if (read.source !== 'cache') throw new Error('a timed read went to the server');
      });
      report.record('readSeries', read);
      const baseline = `reading the series from the cache: CPU ${fmt.ms(read.cpu)}, wall ${fmt.ms(read.wall)}`;
      for (const model of MODELS) {
        let di = 0;
        const fit = await timed(repeats, () => {
          di = fitDecline(series, { model }).model?.di ?? NaN;
          return Promise.resolve();
        });
        report.record(`fit.${model}`, { ...fit, di });
        report.row({
          benchmark: `One fit, 20 years daily (${days.toLocaleString('en-US')} points), ${model}`,
          result: `CPU ${fmt.ms(fit.cpu)}, wall ${fmt.ms(fit.wall)}`,
          reference: baseline,
          goal: `< ${goalMs} ms CPU`,
          verdict: fit.cpu < goalMs ? 'PASS' : 'FAIL',
        });
      }
      const run = await timed(Math.min(repeats, 7), async () => {
        await handlers['decline-fit-run']({ ...target, stream: 'oil', frequency: 'daily' });
      });
      report.record('fitRunHandler', run);
      report.row({
        benchmark: 'decline-fit-run (read, fit, forecast, save), modified hyperbolic',
        result: `CPU ${fmt.ms(run.cpu)}, wall ${fmt.ms(run.wall)}`,
        reference: baseline,
      });
    } finally {
      await harness.close();
    }
  } finally {
    await demo.close();
  }
}

/** Median wall and CPU milliseconds of `repeats` runs, after a few unmeasured ones. */
async function timed(
  repeats: number,
  run: (i: number) => Promise<void>,
): Promise<{ wall: number; cpu: number }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < WARMUP + repeats; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await run(i);
    const spent = process.cpuUsage(cpuBefore);
    if (i < WARMUP) continue;
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** Deterministic: a fixed seed. */
function syntheticSeries(days: number): DeclinePoint[] {
  let seed = 20261124;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const curve = {
    kind: 'modified-hyperbolic' as const,
    qi: 900,
    di: 1.5,
    b: 1.2,
    dMin: exponentialNominal(0.06),
  };
  return Array.from({ length: days }, (_, t) => {
    const u = random();
    const noise = Math.exp(0.08 * (random() + random() + random() - 1.5) * 2);
    const rate = u < 0.01 ? 0 : u > 0.998 ? rateAt(curve, t) * 3 : rateAt(curve, t) * noise;
    return { t, rate: Math.round(rate * 100) / 100 };
  });
}
