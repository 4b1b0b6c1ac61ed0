import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserFallbackCommand,
  displayProblem,
  earlyExitReason,
  electronBinaryStatus,
  obtainElectron,
  rebuildEnv,
  summariseFailure,
  unavailableLine,
} from './electron-launch.mjs';

/** What `require('electron')` printed on this build machine (no binary, no network). */
const REAL_FAILURE = `Downloading Electron binary...
TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
    at async downloadArtifact (file:///work/main/node_modules/@electron/get/dist/index.js:154:12)
/work/main/node_modules/electron/index.js:43
      throw new Error(
      ^

Error: Electron failed to install correctly. Please delete \`node_modules/electron\` and run "npx install-electron --no" manually.
    at getElectronPath (/work/main/node_modules/electron/index.js:43:13)
Node.js v20.20.2`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-launch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in node_modules/electron whose index.js does what we tell it. */
function fakeElectronPackage(indexJs: string, extra: Record<string, string> = {}): string {
  const electronDir = join(dir, 'electron');
  mkdirSync(electronDir, { recursive: true });
  writeFileSync(
    join(electronDir, 'package.json'),
    JSON.stringify({ name: 'electron', version: '45.4.1' }),
  );
  writeFileSync(join(electronDir, 'index.js'), indexJs);
  for (const [name, content] of Object.entries(extra)) {
    mkdirSync(join(electronDir, name, '..'), { recursive: true });
    writeFileSync(join(electronDir, name), content);
  }
  return electronDir;
}

describe('electronBinaryStatus (no download)', () => {
  it('finds the binary that path.txt names in dist/', () => {
    const electronDir = fakeElectronPackage('', { 'path.txt': 'electron', 'dist/electron': '' });
    expect(electronBinaryStatus(electronDir, {})).toEqual({
      installed: true,
      path: join(electronDir, 'dist', 'electron'),
    });
  });

  it('reports a package installed without its binary (as on this machine)', () => {
    expect(electronBinaryStatus(fakeElectronPackage(''), {})).toEqual({
      installed: false,
      reason: 'the Electron binary has not been downloaded',
    });
    const noDist = fakeElectronPackage('', { 'path.txt': 'electron' });
    expect(electronBinaryStatus(noDist, {})).toMatchObject({ installed: false });
    expect(electronBinaryStatus(join(dir, 'nothing'), {})).toMatchObject({
      installed: false,
      reason: /not installed/,
    });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const electronDir = fakeElectronPackage('', { 'path.txt': 'electron' });
    mkdirSync(join(dir, 'custom'));
    writeFileSync(join(dir, 'custom', 'electron'), '');
    expect(
      electronBinaryStatus(electronDir, { ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'custom') }),
    ).toEqual({
      installed: true,
      path: join(dir, 'custom', 'electron'),
    });
  });
});

describe('obtainElectron (first launch may download)', () => {
  it('gives up with the download error in a few words, never a stack trace', async () => {
    const electronDir = fakeElectronPackage(
      `process.stdout.write('Downloading Electron binary...\\n');
       console.error(new TypeError('fetch failed').stack);
       throw new Error('Electron failed to install correctly. Please delete node_modules/electron');`,
    );
    const result = await obtainElectron({ electronDir, env: {} });
    expect(result).toEqual({
      ok: false,
      reason: 'the binary is missing and could not be downloaded: fetch failed',
    });
  });

  it('returns the path once the download succeeded', async () => {
    const binary = join(dir, 'electron-binary');
    writeFileSync(binary, '');
    chmodSync(binary, 0o755);
    const electronDir = fakeElectronPackage(`module.exports = ${JSON.stringify(binary)};`);
    expect(await obtainElectron({ electronDir, env: {} })).toEqual({ ok: true, path: binary });
  });

  it('times out a download that hangs, saying it is slow first', async () => {
    const electronDir = fakeElectronPackage('setInterval(() => {}, 1000);');
    const onSlow = vi.fn();
    const result = await obtainElectron({
      electronDir,
      env: {},
      timeoutMs: 600,
      slowAfterMs: 100,
      onSlow,
    });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/took over/) });
    expect(onSlow).toHaveBeenCalledOnce();
  });

  it('does not spawn anything when the binary is there', async () => {
    const electronDir = fakeElectronPackage('throw new Error("must not run")', {
      'path.txt': 'electron',
      'dist/electron': '',
    });
    expect(await obtainElectron({ electronDir, env: {} })).toMatchObject({ ok: true });
  });
});

describe('messages and fallbacks', () => {
  it("summarises Electron's real failure output as the root cause", () => {
    expect(summariseFailure(REAL_FAILURE)).toBe('fetch failed');
    expect(summariseFailure('')).toBe('no details');
  });

  it('prints one clear line', () => {
    const line = unavailableLine('the binary is missing and could not be downloaded: fetch failed');
    expect(line).toBe(
      'Electron is not available on this machine (the binary is missing and could not be downloaded: fetch failed); opening Flowline in your browser instead.',
    );
    expect(line).not.toContain('\n');
  });

  it('knows when Linux has no display, and why an Electron died at once', () => {
    expect(displayProblem('linux', {})).toMatch(/no display/);
    expect(displayProblem('linux', { DISPLAY: ':0' })).toBeNull();
    expect(displayProblem('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBeNull();
    expect(displayProblem('darwin', {})).toBeNull();
    expect(
      earlyExitReason(
        'FATAL:setuid_sandbox_host.cc The SUID sandbox helper binary was found, but is not configured correctly',
        133,
      ),
    ).toMatch(/sandbox helper/);
    expect(earlyExitReason('Missing X server or $DISPLAY', 1)).toMatch(/display/);
    expect(
      earlyExitReason(
        'electron: error while loading shared libraries: libnss3.so: cannot open',
        127,
      ),
    ).toMatch(/libnss3\.so/);
    expect(earlyExitReason('', 3)).toBe('it exited with code 3');
  });

  it('falls back exactly as `npm run web -- --open`, or straight to the web host', () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ scripts: { web: 'tsx electron/web-host/web-host.ts' } }),
    );
    const npmCli = join(dir, 'npm-cli.js');
    writeFileSync(npmCli, '');
    expect(browserFallbackCommand(dir, { npm_execpath: npmCli })).toEqual({
      command: process.execPath,
      args: [npmCli, 'run', 'web', '--', '--open'],
    });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: {} }));
    expect(browserFallbackCommand(dir, {})).toEqual({
      command: process.execPath,
      args: [
        join(dir, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        join(dir, 'electron', 'web-host.ts'),
        '--open',
      ],
    });
  });
});

describe('rebuildEnv', () => {
  it("drops npm's nodedir and target settings so node-gyp uses Electron's headers", () => {
    const env = rebuildEnv({
      npm_config_nodedir: '/usr',
      NPM_CONFIG_TARGET: '20',
      npm_config_cache: '/c',
      PATH: '/bin',
    });
    expect(env).toEqual({ npm_config_cache: '/c', PATH: '/bin' });
  });
});
