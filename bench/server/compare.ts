import type { LoadResult } from './load.js';
import { fmt, type Report } from './report.js';

/**
 * The headline figures of both engines side by side, from what each run recorded, with the
 * goals PostgreSQL is held to: reads of one well at least half of SQLite's throughput, and
 * more acknowledged writes a second than SQLite when many clients write at once.
 */

interface Figure {
  name: string;
  /** A value where higher is better, and how to print it. */
  value(report: Report): number | undefined;
  print(value: number): string;
  /** PostgreSQL ÷ SQLite must reach this; undefined: reported only. */
  goal?: number;
}

const rps = (key: string) => (report: Report) =>
  (report.result(key) as { api?: LoadResult } | undefined)?.api?.rps;

const FIGURES: Figure[] = [
  {
    name: '1. GET one well, 365 days (cached)',
    value: rps('dailyYear'),
    print: fmt.rps,
    goal: 0.5,
  },
  {
    name: '1b. the same, every request read',
    value: rps('dailyYearUncached'),
    print: fmt.rps,
    goal: 0.5,
  },
  { name: '2. GET monthly of 20 years', value: rps('monthly20y'), print: fmt.rps },
  {
    name: '3. POST 10,000 records (rec/s)',
    value: (r) =>
      (r.result('post10k') as { apiRecordsPerSecond?: number } | undefined)?.apiRecordsPerSecond,
    print: fmt.count,
  },
  {
    name: '4. GET wells, 1,000, search=ranch',
    value: (r) => (r.result('wells_name') as { rps?: number } | undefined)?.rps,
    print: fmt.rps,
  },
  {
    name: '5. Soak, 50 clients (req/s)',
    value: (r) => (r.result('soak') as { rps?: number } | undefined)?.rps,
    print: fmt.rps,
  },
  {
    name: '6. 50 clients writing (writes/s)',
    value: (r) =>
      (r.result('concurrentWrites') as { writesPerSecond?: number } | undefined)?.writesPerSecond,
    print: fmt.rps,
    goal: 1,
  },
];

export function printComparison(sqlite: Report, postgres: Report): Record<string, unknown> {
  const rows: Record<string, unknown> = {};
  process.stdout.write(
    `\nPostgreSQL beside SQLite (same machine, same run)\n| ${'Benchmark'.padEnd(36)} | ${'SQLite'.padEnd(14)} | ${'PostgreSQL'.padEnd(14)} | PG ÷ SQLite | Goal   | Result |\n`,
  );
  for (const figure of FIGURES) {
    const a = figure.value(sqlite);
    const b = figure.value(postgres);
    if (a === undefined || b === undefined) continue;
    const ratio = b / a;
    const verdict = figure.goal === undefined ? '' : ratio >= figure.goal ? 'PASS' : 'MISS';
    const goal = figure.goal === undefined ? '' : figure.goal === 1 ? '> 1' : `≥ ${figure.goal}`;
    process.stdout.write(
      `| ${figure.name.padEnd(36)} | ${figure.print(a).padEnd(14)} | ${figure.print(b).padEnd(14)} | ${ratio.toFixed(2).padEnd(11)} | ${goal.padEnd(6)} | ${verdict.padEnd(6)} |\n`,
    );
    rows[figure.name] = { sqlite: a, postgres: b, ratio, goal: figure.goal, verdict };
  }
  return rows;
}
