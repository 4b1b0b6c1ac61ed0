import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedSummary } from '#server/demo/seed.js';

/** Starts server-child.ts in its own Node process and reads the line it prints. */

const HERE = dirname(fileURLToPath(import.meta.url));

export interface ChildServer {
  baseUrl: string;
  token: string;
  /** What seeding wrote and took; null when the file was already seeded. */
  seed: SeedSummary | null;
  stop(): Promise<void>;
}

export function startChildServer(
  options: {
    dbFile: string;
    wellCounts: number[];
    today: string;
    rateLimit: boolean;
    historyDays?: number;
    manyWells?: number;
  },
  timeoutMs = 300_000,
): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(HERE, 'server-child.ts'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      void stop();
      fail(new Error('the benchmark server did not start in time'));
    }, timeoutMs);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      const info = JSON.parse(out.slice(0, newline)) as Omit<ChildServer, 'stop'>;
      ready({ ...info, stop });
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`the benchmark server exited early (code ${child.exitCode})`));
    });
  });
}
