// A throwaway PostgreSQL cluster for tests: `initdb` in a temp folder owned by an unprivileged
// user (PostgreSQL refuses to run as root), started on a free loopback port with its Unix
// socket in that folder, one database made, then stopped and deleted on exit.
//
//   node scripts/pg-test-cluster.mjs                 prints the URL, runs until Ctrl-C
//   node scripts/pg-test-cluster.mjs -- <command>    runs <command> with FLOWLINE_TEST_DATABASE_URL
//
// PG_BIN overrides where the server's programs are (default: Debian's newest installed
// /usr/lib/postgresql/<version>/bin, else PATH).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEBIAN_ROOT = '/usr/lib/postgresql';
const USER = 'flowline';
const DATABASE = 'flowline_test';
/** Who runs the cluster when we are root: `nobody` exists on every Debian machine. */
const UNPRIVILEGED = 'nobody';

/** Debian installs each major version side by side; the newest one with initdb is used. */
function debianBin() {
  if (!existsSync(DEBIAN_ROOT)) return '';
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(DEBIAN_ROOT, versions[0], 'bin') : '';
}

function binary(name) {
  const dir = process.env.PG_BIN ?? debianBin();
  return dir ? join(dir, name) : name;
}

/** Runs a PostgreSQL program as the unprivileged user when we are root; throws on failure. */
function run(program, args) {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot
    ? ['runuser', ['-u', UNPRIVILEGED, '--', binary(program), ...args]]
    : [binary(program), args];
  const result = spawnSync(command, argv, { encoding: 'utf8', cwd: tmpdir() });
  if (result.error) throw new Error(`${program}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and returns its URL and a stop() that stops it and deletes its folder.
 * fsync is off: the data is thrown away, and tests should not wait on the disk. `durable`
 * keeps PostgreSQL's own defaults (fsync, synchronous commit) for benchmarks, which compare
 * it with SQLite's synchronous=FULL: every acknowledged write on disk on both sides.
 */
export async function startPgTestCluster({ durable = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'flowline-pg-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds(UNPRIVILEGED);
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped (or never fully started): the folder goes either way.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', USER, '--auth=trust', '--encoding=UTF8', '--no-sync']);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses='127.0.0.1'",
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
    started = true;
    run('createdb', ['-h', dir, '-p', String(port), '-U', USER, DATABASE]);
    return { url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`, dir, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

function userIds(name) {
  const text = spawnSync('id', ['-u', name], { encoding: 'utf8' }).stdout.trim();
  const group = spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim();
  if (!/^\d+$/.test(text) || !/^\d+$/.test(group)) throw new Error(`no user ${name}`);
  return { uid: Number(text), gid: Number(group) };
}

async function main(argv) {
  const separator = argv.indexOf('--');
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  const cluster = await startPgTestCluster();
  const finish = (code) => {
    cluster.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => finish(130));
  process.once('SIGTERM', () => finish(143));
  if (command.length === 0) {
    process.stdout.write(`FLOWLINE_TEST_DATABASE_URL=${cluster.url}\n`);
    process.stderr.write('PostgreSQL test cluster running; Ctrl-C stops and deletes it\n');
    // Nothing else keeps the event loop alive: without this the script would exit here and
    // leave the cluster running, never deleted.
    setInterval(() => undefined, 1 << 30);
    return;
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, FLOWLINE_TEST_DATABASE_URL: cluster.url },
  });
  child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`pg-test-cluster: ${error.message}\n`);
    process.exit(1);
  });
}
