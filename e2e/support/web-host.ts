import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEMO_DB_FILE } from '../../electron/common/embedded-demo.js';
import { ROOT, TEMPLATE_DB } from './paths.js';

export interface RunningWebHost {
  launchUrl: string;
  dataDir: string;
  /** The embedded demo server's API (`…/api/v1`); null when started with --demo-offline. */
  demoApiUrl: string | null;
  stop(): Promise<void>;
}

/** A fresh data folder holding a copy of the seeded demo database. */
export function freshDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'flowline-e2e-'));
  copyFileSync(TEMPLATE_DB, join(dir, DEMO_DB_FILE));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the browser host as a user would (`npm run web`), reading the URL it prints. */
export async function startWebHost(
  dataDir: string,
  options: {
    port?: number;
    args?: string[];
    /** Run this bundle (scripts/build-desktop.mjs --web-host) instead of the sources. */
    bundle?: string;
  } = {},
): Promise<RunningWebHost> {
  const args = [
    '--data-dir',
    dataDir,
    '--port',
    String(options.port ?? 0),
    ...(options.args ?? []),
  ];
  const child = spawn(
    process.execPath,
    options.bundle
      ? ['--enable-source-maps', options.bundle, ...args]
      : ['--import', 'tsx', 'electron/web-host/web-host.ts', ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // A test that fails before stopping its host must not leave it running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const offline = options.args?.includes('--demo-offline') ?? false;
  const printed = await new Promise<{ launchUrl: string; demoApiUrl: string | null }>(
    (resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error(`web host did not start:\n${stderr}`)),
        45_000,
      );
      child.stdout?.on('data', (chunk) => {
        stdout += chunk;
        const launch = /Open Flowline: (\S+)/.exec(stdout);
        const api = /Demo API: (\S+)/.exec(stdout);
        if (launch && (api || offline)) {
          clearTimeout(timer);
          resolve({ launchUrl: launch[1] as string, demoApiUrl: api?.[1] ?? null });
        }
      });
      child.on('exit', (code) => reject(new Error(`web host exited with ${code}:\n${stderr}`)));
    },
  );
  return { ...printed, dataDir, stop: () => stop(child) };
}

/** A port free right now, so two launches in one test share an origin (and its localStorage). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}
