import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataFolderLock,
  DATA_FOLDER_IN_USE_EXIT_CODE,
  isProcessAlive,
  LOCK_FILE_NAME,
} from './data-folder-lock.js';

/**
 * One host per data folder, with real processes: the browser host started
 * twice on one folder (the second says who has it and exits), a lock left by
 * a killed host taken over, and many processes racing for one stale lock.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOCK_CHILD = fileURLToPath(new URL('../testing/lock-child.ts', import.meta.url));

let dataDir: string;
let rendererDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'flowline-lock-'));
  // The web host refuses to start without a built renderer; any index.html will do here.
  rendererDir = mkdtempSync(join(tmpdir(), 'flowline-lock-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Flowline</title>');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
});

interface Host {
  child: ChildProcess;
  /** Resolves with the launch URL once it serves, or the exit code and stderr if it stops first. */
  outcome: Promise<{ url: string } | { code: number | null; stderr: string }>;
  exited: Promise<number | null>;
}

function startWebHost(): Host {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'electron/web-host/web-host.ts',
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--demo-offline',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FLOWLINE_RENDERER_DIR: rendererDir },
    },
  );
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const outcome = new Promise<{ url: string } | { code: number | null; stderr: string }>(
    (resolve) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const match = /^Open Flowline: (\S+)/.exec(line);
        if (match) resolve({ url: match[1]! });
      });
      void exited.then((code) => resolve({ code, stderr }));
    },
  );
  return { child, outcome, exited };
}

/** A process holding the folder's lock (testing/lock-child.ts), once it has it. */
async function lockHolder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', LOCK_CHILD, dataDir], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const said = await new Promise<{ ok: boolean }>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line))),
  );
  expect(said.ok).toBe(true);
  return child;
}

/** A pid that was a process a moment ago and is none now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const lockFile = () => join(dataDir, LOCK_FILE_NAME);
const lockOwner = () =>
  JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number; host: string };

describe('the data folder lock', () => {
  it('refuses a second host on the same folder, naming the first, and frees the folder when the first stops', async () => {
    const first = startWebHost();
    expect(await first.outcome).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) });
    expect(lockOwner()).toMatchObject({ pid: first.child.pid, host: 'browser' });
    expect(statSync(lockFile()).mode & 0o777).toBe(0o600);

    const second = startWebHost();
    const refused = await second.outcome;
    expect(refused).toEqual({ code: DATA_FOLDER_IN_USE_EXIT_CODE, stderr: expect.any(String) });
    expect((refused as { stderr: string }).stderr).toMatch(
      new RegExp(
        `^flowline web: The data folder ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by Flowline \\(browser host, pid ${first.child.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]+\\)\\. Close it first, or start with --data-dir <other>\\.\\n$`,
      ),
    );
    // The refused host wrote nothing: no cache, no secrets beside the first's.
    expect(lockOwner().pid).toBe(first.child.pid);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
    const third = startWebHost();
    expect(await third.outcome).toEqual({ url: expect.any(String) });
    third.child.kill('SIGTERM');
    await third.exited;
  });

  it('takes over a lock left by a host that is gone', async () => {
    const pid = await deadPid();
    writeFileSync(
      lockFile(),
      JSON.stringify({
        pid,
        host: 'desktop',
        startedAt: '2026-01-01T00:00:00.000Z',
        hostname: hostname(),
      }),
    );
    const host = startWebHost();
    expect(await host.outcome).toEqual({ url: expect.any(String) });
    expect(lockOwner()).toMatchObject({ pid: host.child.pid, host: 'browser' });
    host.child.kill('SIGTERM');
    await host.exited;
  });

  it('does not take over a lock it cannot read: it may be live', async () => {
    writeFileSync(lockFile(), 'not a lock of ours');
    const host = startWebHost();
    const refused = (await host.outcome) as { code: number; stderr: string };
    expect(refused.code).toBe(DATA_FOLDER_IN_USE_EXIT_CODE);
    expect(refused.stderr).toContain(`its lock file ${lockFile()} cannot be read`);
  });

  it('lets exactly one of many processes racing for a stale lock have the folder', async () => {
    writeFileSync(
      lockFile(),
      JSON.stringify({
        pid: await deadPid(),
        host: 'browser',
        startedAt: 'x',
        hostname: hostname(),
      }),
    );
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', LOCK_CHILD, dataDir], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      children.push(child);
      const said = new Promise<{ ok: boolean; message: string | null }>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line))),
      );
      return { child, said };
    });
    const results = await Promise.all(racers.map((racer) => racer.said));
    const winners = racers.filter((_, index) => results[index]!.ok);
    expect(winners).toHaveLength(1);
    expect(lockOwner().pid).toBe(winners[0]!.child.pid);
    for (const result of results.filter((r) => !r.ok)) {
      expect(result.message).toContain(`pid ${winners[0]!.child.pid}`);
    }
    for (const racer of racers) racer.child.stdin!.end();
    await Promise.all(
      racers.map((racer) => new Promise((resolve) => racer.child.once('exit', resolve))),
    );
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over at once from a host killed a moment ago, while its pid is still exiting', async () => {
    const killed = await lockHolder();
    expect(lockOwner().pid).toBe(killed.pid);
    killed.kill('SIGKILL');
    // At once, in this same turn: the killed child is not reaped yet (this process is its
    // parent and collects it only when the event loop runs), so its pid still answers.
    const result = acquireDataFolderLock(dataDir, 'browser');
    try {
      expect(result).toMatchObject({ ok: true, lock: { owner: { pid: process.pid } } });
      expect(lockOwner().pid).toBe(process.pid);
    } finally {
      if (result.ok) result.lock.release();
    }
    expect(existsSync(lockFile())).toBe(false);
  });

  it('waits for an owner on its way out, and takes the folder once it is gone', () => {
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid: 4242, host: 'browser', startedAt: 'x', hostname: hostname() }),
    );
    let asked = 0;
    // Alive the first three times it is asked, then gone: a host finishing its exit.
    const result = acquireDataFolderLock(dataDir, 'desktop', { isAlive: () => ++asked <= 3 });
    try {
      expect(result.ok).toBe(true);
      expect(asked).toBe(4);
      expect(lockOwner()).toMatchObject({ pid: process.pid, host: 'desktop' });
    } finally {
      if (result.ok) result.lock.release();
    }
  });

  it('still refuses a live owner after waiting for it, naming it', async () => {
    const live = await lockHolder();
    let asked = 0;
    const result = acquireDataFolderLock(dataDir, 'browser', {
      waitForExitMs: 200,
      isAlive: (pid) => {
        asked++;
        return isProcessAlive(pid);
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.owner).toMatchObject({ pid: live.pid, host: 'browser' });
    expect(result.message).toContain(`pid ${live.pid}`);
    expect(asked).toBeGreaterThan(1); // it polled, rather than refusing at first sight
    expect(lockOwner().pid).toBe(live.pid);
  });

  it('starts a host right after the previous one on the folder was killed', async () => {
    const first = startWebHost();
    expect(await first.outcome).toEqual({ url: expect.any(String) });
    first.child.kill('SIGKILL');
    const second = startWebHost();
    expect(await first.exited).toBe(null);
    expect(await second.outcome).toEqual({ url: expect.any(String) });
    expect(lockOwner().pid).toBe(second.child.pid);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
