import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ensureOwnerOnlyDir, OWNER_ONLY_FILE } from '#core/cache/owner-only.js';

/**
 * One process owns a data folder: the cache, the secrets file and the demo
 * server's database are written by one host at a time (a second desktop app,
 * or the browser host beside it, would rewrite the demo connection and the
 * tokens under the first). The owner is named in `flowline.lock`:
 * `{ pid, host, startedAt, hostname }`.
 *
 * - Taking it is atomic: the file is written whole under a private name, then
 *   hard-linked to `flowline.lock`, which fails if the name exists (like
 *   open with `wx`, but no one ever sees a half-written lock).
 * - A lock whose process is gone (on this machine) is stale: it is renamed
 *   away, checked to be the very lock judged stale, and the take-over retried,
 *   so two processes finding the same stale lock cannot both win.
 * - An owner that still looks alive may be on its way out: killed a moment
 *   ago (a zombie until its parent reaps it, or not yet scheduled to die) or
 *   stopping and about to release. So it is given a few seconds (polled,
 *   WAIT_FOR_EXIT_MS) to go before the folder is refused; a restart right
 *   after a kill then starts instead of exiting 3.
 * - It is released (deleted if still ours) on exit, however the process exits
 *   short of being killed; a killed owner leaves a stale lock, taken over next time.
 */

export const LOCK_FILE_NAME = 'flowline.lock';
export type HostKind = 'desktop' | 'browser';
/** Exit code of a host refused because another process has the data folder. */
export const DATA_FOLDER_IN_USE_EXIT_CODE = 3;

export interface LockOwner {
  pid: number;
  host: HostKind;
  startedAt: string;
  hostname: string;
}

export interface DataFolderLock {
  file: string;
  owner: LockOwner;
  /**
   * Set when the folder could not be locked because the disk is full (not even
   * the lock's few bytes fit): the host runs unlocked, and should say so.
   */
  warning: string | null;
  /** Deletes the lock if it is still ours; idempotent. */
  release(): void;
}

export type LockResult =
  { ok: true; lock: DataFolderLock } | { ok: false; owner: LockOwner | null; message: string };

export interface LockOptions {
  now?: () => Date;
  /** Whether a process of this machine is running; tests may pass their own. */
  isAlive?: (pid: number) => boolean;
  pid?: number;
  /**
   * How long an owner that looks alive is given to exit before the folder is refused
   * (default WAIT_FOR_EXIT_MS), checked every POLL_MS.
   */
  waitForExitMs?: number;
}

const HOST_LABEL: Record<HostKind, string> = { desktop: 'desktop app', browser: 'browser host' };
const ATTEMPTS = 5;
export const WAIT_FOR_EXIT_MS = 3_000;
const POLL_MS = 50;

/**
 * Whether a process of this machine is running. A zombie (dead, its exit status not yet
 * collected by its parent) still answers signal 0, so on Linux its state is read from
 * /proc as well; elsewhere a zombie counts as alive until it is reaped (the wait covers it).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
  } catch (error) {
    // EPERM: it exists, and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return true; // no /proc (not Linux), or not readable: signal 0 has answered
  }
  // `pid (command) state …`: the command may hold spaces and parentheses, so the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X' && state !== 'x';
}

/** Blocks this thread for `ms`: taking the lock happens once, at start, before anything runs. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether the process `pid` is gone, given up to `waitMs` (polled) to exit. */
function goneWithin(pid: number, waitMs: number, isAlive: (pid: number) => boolean): boolean {
  for (let waited = 0; isAlive(pid); waited += POLL_MS) {
    if (waited >= waitMs) return false;
    sleepSync(POLL_MS);
  }
  return true;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (
      Number.isSafeInteger(value.pid) &&
      (value.host === 'desktop' || value.host === 'browser') &&
      typeof value.startedAt === 'string' &&
      typeof value.hostname === 'string'
    ) {
      return value as LockOwner;
    }
  } catch {
    // not JSON: handled below as an unreadable lock
  }
  return null;
}

function readLock(file: string): { text: string } | null {
  try {
    return { text: readFileSync(file, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function inUseMessage(dataDir: string, owner: LockOwner | null): string {
  const who = owner
    ? `Flowline (${HOST_LABEL[owner.host]}, pid ${owner.pid}${owner.hostname === hostname() ? '' : ` on ${owner.hostname}`}, since ${owner.startedAt})`
    : `another program (its lock file ${join(dataDir, LOCK_FILE_NAME)} cannot be read)`;
  return `The data folder ${dataDir} is in use by ${who}. Close it first, or start with --data-dir <other>.`;
}

/**
 * Takes the data folder for this process, or says who has it. A lock that
 * cannot be read (not ours, or damaged) is not taken over: it may be live.
 */
export function acquireDataFolderLock(
  dataDir: string,
  host: HostKind,
  options: LockOptions = {},
): LockResult {
  const isAlive = options.isAlive ?? isProcessAlive;
  const owner: LockOwner = {
    pid: options.pid ?? process.pid,
    host,
    startedAt: (options.now ?? (() => new Date()))().toISOString(),
    hostname: hostname(),
  };
  ensureOwnerOnlyDir(dataDir);
  const file = join(dataDir, LOCK_FILE_NAME);
  const mine = `${file}.${owner.pid}.${randomUUID()}`;
  try {
    writeFileSync(mine, `${JSON.stringify(owner)}\n`, { mode: OWNER_ONLY_FILE, flush: true });
  } catch (error) {
    rmSync(mine, { force: true });
    if (!isDiskFull(error)) throw error;
    // Reading still works: a live owner is still refused; otherwise this host runs unlocked.
    const found = readLock(file);
    const holder = found && parseOwner(found.text);
    if (found && !(holder && holder.hostname === owner.hostname && !isAlive(holder.pid))) {
      return { ok: false, owner: holder ?? null, message: inUseMessage(dataDir, holder ?? null) };
    }
    return { ok: true, lock: unlocked(file, owner, dataDir) };
  }
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        linkSync(mine, file);
        return { ok: true, lock: heldLock(file, owner) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readLock(file);
      if (!found) continue; // released meanwhile: try again
      const holder = parseOwner(found.text);
      const stale =
        holder !== null &&
        holder.hostname === owner.hostname &&
        goneWithin(holder.pid, options.waitForExitMs ?? WAIT_FOR_EXIT_MS, isAlive);
      if (!stale) return { ok: false, owner: holder, message: inUseMessage(dataDir, holder) };
      removeIfStill(file, found.text);
    }
    // Others kept taking it over at the same moment: whoever has it now owns it.
    const holder = parseOwner(readLock(file)?.text ?? '');
    return { ok: false, owner: holder, message: inUseMessage(dataDir, holder) };
  } finally {
    rmSync(mine, { force: true });
  }
}

/**
 * Removes the stale lock only if the file is still exactly the one judged
 * stale: it is first renamed to a private name (atomic), then compared; a
 * fresh lock another process put there in between is put back.
 */
function removeIfStill(file: string, judged: string): void {
  const moved = `${file}.stale-${randomUUID()}`;
  try {
    renameSync(file, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else removed it
    throw error;
  }
  if (readFileSync(moved, 'utf8') !== judged) {
    try {
      linkSync(moved, file); // a live lock, back where it was (unless yet another took its place)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  rmSync(moved, { force: true });
}

function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

function unlocked(file: string, owner: LockOwner, dataDir: string): DataFolderLock {
  return {
    file,
    owner,
    warning: `The disk is full, so the data folder ${dataDir} could not be locked for this Flowline: do not start another one on it until space is freed.`,
    release: () => undefined,
  };
}

function heldLock(file: string, owner: LockOwner): DataFolderLock {
  const ownText = `${JSON.stringify(owner)}\n`;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own: after a take-over of our (wrongly judged) lock, it is not ours to delete.
    if (readLock(file)?.text === ownText) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, owner, warning: null, release };
}
