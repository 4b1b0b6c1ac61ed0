import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Prints one table row per measurement as soon as it is known (a long run
 * shows progress) and collects the raw numbers for bench/results/core.json.
 */

export const RESULTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../results');

export interface Row {
  benchmark: string;
  result: string;
  reference: string;
  goal: string;
  verdict: string;
}

const COLUMNS: Array<[keyof Row, string, number]> = [
  ['benchmark', 'Benchmark', 70],
  ['result', 'Result', 28],
  ['reference', 'Reference / bound', 46],
  ['goal', 'Goal', 10],
  ['verdict', 'Verdict', 7],
];

function line(cells: Record<keyof Row, string>): string {
  return `| ${COLUMNS.map(([key, , width]) => cells[key].padEnd(width)).join(' | ')} |`;
}

export class Report {
  private readonly results: Record<string, unknown> = {};
  readonly rows: Row[] = [];

  header(): void {
    const titles = Object.fromEntries(COLUMNS.map(([key, title]) => [key, title]));
    const rule = Object.fromEntries(COLUMNS.map(([key, , width]) => [key, '-'.repeat(width)]));
    process.stdout.write(
      `${line(titles as Record<keyof Row, string>)}\n${line(rule as Record<keyof Row, string>)}\n`,
    );
  }

  row(cells: Partial<Row> & { benchmark: string }): void {
    const full: Row = { result: '', reference: '', goal: '', verdict: '', ...cells };
    this.rows.push(full);
    process.stdout.write(`${line(full)}\n`);
  }

  record(key: string, value: unknown): void {
    this.results[key] = value;
  }

  /** Writes bench/results/<name>.json. */
  write(meta: Record<string, unknown>, name = 'core'): string {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, `${name}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ ...meta, table: this.rows, results: this.results }, null, 2)}\n`,
    );
    return file;
  }
}

export const fmt = {
  ms: (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`,
  s: (ms: number) => `${(ms / 1000).toFixed(1)} s`,
  count: (value: number) => Math.round(value).toLocaleString('en-US'),
  rate: (value: number) => `${Math.round(value).toLocaleString('en-US')} rows/s`,
};

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * `repeats` timed runs of `run` after one unmeasured run (it warms the JIT and the caches):
 * the median wall and CPU time, and the first run's wall time beside them.
 */
export async function timeRuns(
  repeats: number,
  run: () => unknown,
): Promise<{ wall: number; cpu: number; first: number }> {
  const walls: number[] = [];
  const cpu: number[] = [];
  let first = 0;
  for (let i = 0; i <= repeats; i++) {
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    await run();
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpuBefore);
    if (i === 0) {
      first = wall;
      continue;
    }
    walls.push(wall);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpu), first };
}
