/**
 * Test support for the process tests: runs the real CLI (`server/cli.ts` under tsx)
 * as child processes, parses the address a server prints, and tracks every child
 * so a test's afterEach can kill whatever is still running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '#shared/dates/iso-day.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = ['--import', 'tsx', 'server/cli.ts'];
const LISTENING = /Flowline API listening on (https?:\/\/\S+?)\/api\/v1\b/;

const live = new Set<ChildProcess>();

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliResult extends Exit {
  stdout: string;
  stderr: string;
}

function spawnCli(args: readonly string[]): ChildProcess {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      done({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => done({ code, signal }));
  });
}

/**
 * Runs one CLI command to completion (e.g. `token create …`); a command still
 * running after `timeoutMs` is SIGKILLed (its result then has signal SIGKILL).
 */
export async function runCli(args: readonly string[], timeoutMs = 20_000): Promise<CliResult> {
  const child = spawnCli(args);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const exit = await exitOf(child);
  clearTimeout(timer);
  await closed;
  return { ...exit, stdout, stderr };
}

/** `token create` on `db`; returns the token (the last stdout line). */
export async function createTokenCli(
  db: string,
  user: string,
  extra: readonly string[] = [],
): Promise<string> {
  const result = await runCli(['token', 'create', '--db', db, '--user', user, ...extra]);
  if (result.code !== 0) throw new Error(`token create failed (${result.code}): ${result.stderr}`);
  const token = lastLine(result.stdout);
  if (!token.startsWith('flw_'))
    throw new Error(`token create printed no token: ${JSON.stringify(result.stdout)}`);
  return token;
}

export function lastLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines[lines.length - 1] ?? '';
}

export interface ServerProcess {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41379 */
  origin: string;
  /** origin + /api/v1 */
  api: string;
  port: number;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited and its output is fully read. */
  exited: Promise<Exit>;
  signal(signal: NodeJS.Signals): void;
}

/** Starts `serve …` and resolves once it prints its address; rejects if it exits first. */
export function startServe(args: readonly string[], timeoutMs = 20_000): Promise<ServerProcess> {
  const child = spawnCli(['serve', ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const exited = Promise.all([exitOf(child), closed]).then(([exit]) => exit);

  return new Promise<ServerProcess>((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server did not start within ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    let started = false;
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = started ? null : LISTENING.exec(stderr);
      if (!match) return;
      started = true;
      clearTimeout(timer);
      const origin = match[1] as string;
      ready({
        child,
        origin,
        api: `${origin}/api/v1`,
        port: Number(new URL(origin).port),
        stdout: () => stdout,
        stderr: () => stderr,
        exited,
        signal: (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        },
      });
    });
    void exited.then((exit) => {
      if (started) return;
      clearTimeout(timer);
      fail(
        new Error(
          `server exited (${exit.code ?? exit.signal}) before listening; stderr:\n${stderr}`,
        ),
      );
    });
  });
}

/** SIGKILLs every child still running and waits for them; call from afterEach. */
export async function killAllChildren(): Promise<void> {
  const children = [...live];
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exitOf));
}

/** A fresh temporary directory, removed by the returned cleanup. */
export function tempDir(prefix = 'flowline-process-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** fetch against the API with a bearer token and an optional JSON body. */
export async function api(
  server: Pick<ServerProcess, 'api'>,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.api}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, json, headers: response.headers };
}

/** Creates a project and a well in it; returns their ids. */
export async function projectAndWell(
  server: ServerProcess,
  token: string,
  wellName = 'Well 1',
): Promise<{ projectId: string; wellId: string }> {
  const project = await api(server, token, 'POST', '/projects', { name: 'Process test project' });
  if (project.status !== 201)
    throw new Error(`project create: ${project.status} ${JSON.stringify(project.json)}`);
  const projectId = (project.json as { id: string }).id;
  const wellId = await createWell(server, token, projectId, wellName);
  return { projectId, wellId };
}

export async function createWell(
  server: ServerProcess,
  token: string,
  projectId: string,
  name: string,
): Promise<string> {
  const well = await api(server, token, 'POST', `/projects/${projectId}/wells`, { name });
  if (well.status !== 201)
    throw new Error(`well create: ${well.status} ${JSON.stringify(well.json)}`);
  return (well.json as { id: string }).id;
}

/** `count` daily records on consecutive dates from `start`, every field set. */
export function dailyRecords(
  count: number,
  start = '1990-01-01',
): Array<Record<string, number | string>> {
  return Array.from({ length: count }, (_, i) => ({
    date: addDays(start, i),
    oil_rate: 100 + (i % 50),
    water_rate: 20 + (i % 7),
    gas_rate: 300 + (i % 30),
    bhp: 1500,
    thp: 200,
    choke_size: 32,
    runtime: 24,
    gor: 3000,
    watercut: 16.5,
  }));
}
