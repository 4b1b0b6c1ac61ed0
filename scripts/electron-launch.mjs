// What `npm start` needs to decide and prepare, kept apart from scripts/start.mjs so it is
// unit-tested (scripts/electron-launch.test.ts): is an Electron binary here (or can it be
// fetched), the Electron-ABI copy of better-sqlite3, and the browser fallback's command.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long fetching the Electron binary on first launch may take before we give up. */
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 180_000;

/**
 * Where the Electron binary is, without triggering a download: node_modules/electron/path.txt
 * names it inside node_modules/electron/dist (ELECTRON_OVERRIDE_DIST_PATH replaces the dist).
 */
export function electronBinaryStatus(electronDir, env = process.env) {
  if (!existsSync(join(electronDir, 'package.json'))) {
    return { installed: false, reason: 'the electron package is not installed' };
  }
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const binary = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
    return existsSync(binary)
      ? { installed: true, path: binary }
      : {
          installed: false,
          reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${relative || 'electron'}`,
        };
  }
  if (!relative) return { installed: false, reason: 'the Electron binary has not been downloaded' };
  const binary = join(electronDir, 'dist', relative);
  return existsSync(binary)
    ? { installed: true, path: binary }
    : { installed: false, reason: 'the Electron binary has not been downloaded' };
}

/** The gist of a failed child's output: its first "SomethingError: message" line. */
export function summariseFailure(output) {
  const lines = String(output)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // Prefer the root cause (the download's error) over the wrapper's advice.
  for (const line of lines) {
    const match = /^(?:\w*Error|error):\s*(.+)$/.exec(line);
    if (match && !/failed to install correctly/i.test(match[1])) return match[1].slice(0, 160);
  }
  const last = lines.find((line) => !line.startsWith('at ')) ?? '';
  return last.slice(0, 160) || 'no details';
}

/**
 * The Electron binary's path, downloading it first when missing (what `require('electron')`
 * does on first launch), in a child process with a timeout: never a stack trace here.
 */
export function obtainElectron({
  electronDir,
  env = process.env,
  timeoutMs = DEFAULT_DOWNLOAD_TIMEOUT_MS,
  onSlow = () => {},
  slowAfterMs = 3000,
}) {
  const status = electronBinaryStatus(electronDir, env);
  if (status.installed) return Promise.resolve({ ok: true, path: status.path });
  if (!existsSync(join(electronDir, 'package.json')))
    return Promise.resolve({ ok: false, reason: status.reason });
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-e', `process.stdout.write('\\n@@' + require(${JSON.stringify(electronDir)}))`],
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    let output = '';
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(slow);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({
        ok: false,
        reason: `the binary is missing and downloading it took over ${Math.round(timeoutMs / 1000)} s`,
      });
    }, timeoutMs);
    const slow = setTimeout(onSlow, slowAfterMs);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => finish({ ok: false, reason: error.message }));
    child.on('close', (code) => {
      const path = /@@(.+)$/s.exec(output)?.[1]?.trim();
      if (code === 0 && path && existsSync(path)) finish({ ok: true, path });
      else
        finish({
          ok: false,
          reason: `the binary is missing and could not be downloaded: ${summariseFailure(output)}`,
        });
    });
  });
}

/** Without a display server, no Electron window can open (Linux). */
export function displayProblem(platform = process.platform, env = process.env) {
  if (platform !== 'linux') return null;
  return env.DISPLAY || env.WAYLAND_DISPLAY
    ? null
    : 'no display server: DISPLAY and WAYLAND_DISPLAY are unset';
}

/** Recognises why a freshly started Electron died at once, from the tail of its stderr. */
export function earlyExitReason(stderrTail, code) {
  if (/SUID sandbox helper binary/i.test(stderrTail)) {
    return 'its Linux sandbox helper is not set up (chown root + chmod 4755 node_modules/electron/dist/chrome-sandbox, or FLOWLINE_ELECTRON_ARGS=--no-sandbox for development only)';
  }
  if (/Missing X server|cannot open display|Failed to connect to the bus/i.test(stderrTail)) {
    return 'it could not open a display';
  }
  if (/error while loading shared libraries: (\S+)/.test(stderrTail)) {
    return `a system library is missing (${/error while loading shared libraries: ([^:\s]+)/.exec(stderrTail)[1]})`;
  }
  return `it exited with code ${code}`;
}

export function unavailableLine(reason) {
  return `Electron is not available on this machine (${reason}); opening Flowline in your browser instead.`;
}

/**
 * The browser host, exactly as `npm run web -- --open`: through npm when the script exists
 * (and npm is known), otherwise tsx on electron/web-host/web-host.ts directly.
 */
export function browserFallbackCommand(root, env = process.env) {
  let scripts;
  try {
    scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  } catch {
    scripts = {};
  }
  if (scripts.web && env.npm_execpath && existsSync(env.npm_execpath)) {
    return { command: process.execPath, args: [env.npm_execpath, 'run', 'web', '--', '--open'] };
  }
  if (scripts.web) {
    return process.platform === 'win32'
      ? { command: 'npm.cmd', args: ['run', 'web', '--', '--open'], shell: true }
      : { command: 'npm', args: ['run', 'web', '--', '--open'] };
  }
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return {
    command: process.execPath,
    args: [tsx, join(root, 'electron', 'web-host.ts'), '--open'],
  };
}

function versionOf(packageDir) {
  return JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
}

/**
 * better-sqlite3 built for Electron's ABI, in a folder of its own (node_modules' copy stays
 * Node's, for the tests): node_modules/.cache/flowline-electron-sqlite/<electron>-<sqlite>/.
 * Made once with @electron/rebuild (a prebuilt download, else a source build against
 * Electron's headers); both need the network the first time.
 */
export function electronSqlitePaths(root) {
  const electronVersion = versionOf(join(root, 'node_modules', 'electron'));
  const sqliteVersion = versionOf(join(root, 'node_modules', 'better-sqlite3'));
  const dir = join(
    root,
    'node_modules',
    '.cache',
    'flowline-electron-sqlite',
    `electron-${electronVersion}-better-sqlite3-${sqliteVersion}-${process.platform}-${process.arch}`,
  );
  const moduleDir = join(dir, 'node_modules', 'better-sqlite3');
  return {
    electronVersion,
    dir,
    moduleDir,
    binding: join(moduleDir, 'build', 'Release', 'better_sqlite3.node'),
    stamp: join(dir, 'built-for-electron.json'),
    log: join(dir, 'rebuild.log'),
  };
}

/**
 * The environment for @electron/rebuild: without npm's `nodedir` (machines that build
 * better-sqlite3 from source for Node set it), which would make node-gyp compile against
 * Node's headers while labelling the result as Electron's.
 */
export function rebuildEnv(env = process.env) {
  const clean = { ...env };
  for (const key of Object.keys(clean)) {
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(key)) delete clean[key];
  }
  return clean;
}

const NETWORK_TROUBLE =
  /network connectivity|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|fetch failed|getaddrinfo/i;

export function prepareElectronSqlite({ root, timeoutMs = 600_000 }) {
  const paths = electronSqlitePaths(root);
  if (existsSync(paths.binding) && existsSync(paths.stamp)) {
    return Promise.resolve({ ok: true, binding: paths.binding, cached: true });
  }
  rmSync(paths.dir, { recursive: true, force: true });
  mkdirSync(paths.dir, { recursive: true });
  cpSync(join(root, 'node_modules', 'better-sqlite3'), paths.moduleDir, {
    recursive: true,
    // Node's build stays behind; only the sources and the package travel.
    filter: (source) => !/[\\/]better-sqlite3[\\/]build([\\/]|$)/.test(source),
  });
  writeFileSync(
    join(paths.dir, 'package.json'),
    JSON.stringify(
      { name: 'flowline-electron-sqlite', private: true, dependencies: { 'better-sqlite3': '*' } },
      null,
      2,
    ),
  );
  const cli = join(root, 'node_modules', '@electron', 'rebuild', 'lib', 'cli.js');
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        '--version',
        paths.electronVersion,
        '--module-dir',
        paths.dir,
        '--only',
        'better-sqlite3',
        '--force',
      ],
      { cwd: paths.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const fail = (reason) => {
      writeFileSync(paths.log, output);
      resolve({ ok: false, reason: `${reason}; log: ${paths.log}` });
    };
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error.message);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && existsSync(paths.binding)) {
        writeFileSync(paths.log, output);
        writeFileSync(
          paths.stamp,
          JSON.stringify({ electron: paths.electronVersion, at: new Date().toISOString() }),
        );
        resolve({ ok: true, binding: paths.binding, cached: false });
      } else {
        fail(
          code === null
            ? 'the rebuild was stopped'
            : NETWORK_TROUBLE.test(output)
              ? "no network to fetch a prebuilt binary or Electron's headers"
              : summariseFailure(output),
        );
      }
    });
  });
}
