import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from './config.js';
import type { Fixture } from './fixture-data.js';

/** Starts fixture-server.ts in its own Node process and reads the line it prints. */

const HERE = dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = resolve(HERE, '../results');

export interface BenchServer {
  url: string;
  fixture: Fixture;
  ceilingBytes: { daily: number; monthly: number };
  setupMs: number;
  stop(): Promise<void>;
}

/** Which server child to start: fixture-server.ts (SQLite) unless told otherwise. */
export interface BenchServerOptions {
  script?: 'fixture-server.ts' | 'pg-fixture-server.ts';
  env?: Record<string, string>;
}

export function startBenchServer(
  timeoutMs = 120_000,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const profile = config.cpuProfile
    ? ['--cpu-prof', '--cpu-prof-dir', join(RESULTS_DIR, 'profiles')]
    : [];
  if (config.cpuProfile) mkdirSync(join(RESULTS_DIR, 'profiles'), { recursive: true });
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(HERE, options.script ?? 'fixture-server.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ...options.env },
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error('fixture server did not start in time')),
      timeoutMs,
    );
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      const info = JSON.parse(out.slice(0, newline)) as Omit<BenchServer, 'stop'>;
      ready({ ...info, stop: () => stopChild(child, exited) });
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`fixture server exited early (code ${child.exitCode})`));
    });
  });
}

/** SIGTERM lets the child close the app and delete its temp dir (and write its CPU profile). */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}
