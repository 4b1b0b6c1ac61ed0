import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './server-process.js';

/**
 * Prints one table row per benchmark as soon as it finishes (a long run shows
 * progress) and collects the raw numbers for bench/results/server.json.
 */

export interface Row {
  benchmark: string;
  api: string;
  reference: string;
  ratio: string;
  goal: string;
  verdict: string;
}

const COLUMNS: Array<[keyof Row, string, number]> = [
  ['benchmark', 'Benchmark', 46],
  ['api', 'API', 48],
  ['reference', 'Ceiling / raw', 38],
  ['ratio', 'Ratio', 6],
  ['goal', 'Goal', 7],
  ['verdict', 'Result', 6],
];

function line(cells: Record<keyof Row, string>): string {
  return `| ${COLUMNS.map(([key, , width]) => cells[key].padEnd(width)).join(' | ')} |`;
}

export class Report {
  private readonly results: Record<string, unknown> = {};

  header(): void {
    const titles = Object.fromEntries(COLUMNS.map(([key, title]) => [key, title])) as Record<
      keyof Row,
      string
    >;
    const rule = Object.fromEntries(
      COLUMNS.map(([key, , width]) => [key, '-'.repeat(width)]),
    ) as Record<keyof Row, string>;
    process.stdout.write(`${line(titles)}\n${line(rule)}\n`);
  }

  row(cells: Partial<Row> & { benchmark: string }): void {
    const full: Row = { api: '', reference: '', ratio: '', goal: '', verdict: '', ...cells };
    process.stdout.write(`${line(full)}\n`);
  }

  /** A ratio row with the goal and PASS/MISS beside it. */
  ratioRow(
    benchmark: string,
    api: string,
    reference: string,
    ratio: number,
    goal: number,
  ): boolean {
    const pass = ratio >= goal;
    this.row({
      benchmark,
      api,
      reference,
      ratio: ratio.toFixed(2),
      goal: `≥ ${goal}`,
      verdict: pass ? 'PASS' : 'MISS',
    });
    return pass;
  }

  record(key: string, value: unknown): void {
    this.results[key] = value;
  }

  /** What `record` kept under `key` (the engines' comparison reads it). */
  result(key: string): unknown {
    return this.results[key];
  }

  write(meta: Record<string, unknown>, name = 'server.json'): string {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, name);
    writeFileSync(file, `${JSON.stringify({ ...meta, results: this.results }, null, 2)}\n`);
    return file;
  }
}

export const fmt = {
  rps: (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`,
  ms: (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`,
  count: (value: number) => Math.round(value).toLocaleString('en-US'),
};
