import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GrantedFile, HandlerReply } from '#shared/desktop/index.js';
import { bundleDesktop, ROOT } from '#scripts/build-desktop.mjs';
import { DESKTOP_CSP } from './csp.js';
import { createFakeElectron } from '#electron/testing/fake-electron.js';
import type { DesktopBridge } from '#electron/preload/preload-bridge.js';

/**
 * The three bundles as the app runs them — dist/electron/main.cjs, preload.cjs and
 * core-process.cjs — wired through a stand-in Electron (testing/fake-electron.ts), because no
 * Electron binary can be downloaded here. What Electron itself does (draw windows, enforce
 * the sandbox) is for the Playwright `electron` project on machines that have it.
 */

type ModuleLoader = { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
const loader = Module as unknown as ModuleLoader;
const originalLoad = loader._load;
let electronModule: unknown;

let base: string;
let outDir: string;
let appData: string;
let fake: ReturnType<typeof createFakeElectron>;
let bridge: DesktopBridge;
/** What main logged at warn level while starting. */
const warnings: string[] = [];

beforeAll(async () => {
  // Inside the repository, so the bundles resolve node_modules like the real app; dist/ may
  // not exist yet on a fresh clone.
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  base = mkdtempSync(join(ROOT, 'dist', '.test-electron-'));
  outDir = join(base, 'electron');
  mkdirSync(join(base, 'renderer'), { recursive: true });
  writeFileSync(join(base, 'renderer', 'index.html'), '<!doctype html><title>Flowline</title>');
  appData = mkdtempSync(join(tmpdir(), 'flowline-smoke-'));
  await bundleDesktop({ outDir, quiet: true });

  fake = createFakeElectron(appData);
  loader._load = function (request, parent, isMain) {
    if (request === 'electron') return electronModule;
    return originalLoad.call(this, request, parent, isMain);
  };
  const load = createRequire(import.meta.url);
  electronModule = fake.main;
  const warn = vi
    .spyOn(console, 'warn')
    .mockImplementation((message: string) => void warnings.push(message));
  load(join(outDir, 'main.cjs'));
  await vi.waitFor(() => expect(fake.recorded.windows).toHaveLength(1), { timeout: 10_000 });
  warn.mockRestore();

  // The window "loads": its preload runs with the renderer's Electron.
  const page = fake.renderer(fake.recorded.windows[0]!);
  electronModule = page.module;
  load(join(outDir, 'preload.cjs'));
  bridge = page.exposed.flowline as DesktopBridge;
}, 60_000);

afterAll(() => {
  loader._load = originalLoad;
  rmSync(base, { recursive: true, force: true });
  rmSync(appData, { recursive: true, force: true });
});

/** An import preview into the demo's first well, as the page asks for one. */
async function previewInDemo(source: unknown): Promise<HandlerReply<unknown>> {
  const projects = (await bridge.send('projects-list', {})) as HandlerReply<{
    data: Array<{ id: string }>;
  }>;
  if (!projects.ok) return projects;
  const projectId = projects.result.data[0]!.id;
  const wells = (await bridge.send('wells-list', { projectId })) as HandlerReply<{
    data: { wells: Array<{ id: string }> };
  }>;
  if (!wells.ok) return wells;
  return bridge.send('import-preview', {
    projectId,
    wellId: wells.result.data.wells[0]!.id,
    source,
  } as never);
}

describe('the desktop app, main + preload + core bundles (stand-in Electron)', () => {
  it('starts locked down: one sandboxed window on flowline://app, a single-instance lock, userData', () => {
    const { recorded } = fake;
    expect(recorded.singleInstanceLock).toBe(true);
    expect(recorded.sandboxEnabled).toBe(true);
    const win = recorded.windows[0]!;
    expect(win.url).toBe('flowline://app/index.html');
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(outDir, 'preload.cjs'),
    });
    expect(recorded.schemes).toEqual([
      expect.objectContaining({
        scheme: 'flowline',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(recorded.forked).toEqual([
      expect.objectContaining({ entry: join(outDir, 'core-process.cjs') }),
    ]);
    expect(recorded.errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('serves the renderer with the CSP, denies permissions and network requests from pages', async () => {
    const { recorded } = fake;
    const page = await recorded.protocolHandlers.get('flowline')!({
      url: 'flowline://app/',
      method: 'GET',
    } as Request);
    expect(page.headers.get('content-security-policy')).toBe(DESKTOP_CSP);
    expect(await page.text()).toContain('<title>Flowline</title>');

    const granted: boolean[] = [];
    recorded.permissionRequest!({}, 'media', (ok) => granted.push(ok));
    recorded.permissionRequest!({}, 'notifications', (ok) => granted.push(ok));
    expect(granted).toEqual([false, false]);
    expect(recorded.permissionCheck!()).toBe(false);

    const decisions: boolean[] = [];
    recorded.beforeRequest!({ url: 'https://cdn.example.com/x.js', webContentsId: 1 }, (r) =>
      decisions.push(r.cancel),
    );
    recorded.beforeRequest!({ url: 'flowline://app/assets/a.js', webContentsId: 1 }, (r) =>
      decisions.push(r.cancel),
    );
    expect(decisions).toEqual([true, false]);

    let headers: Record<string, string[]> = {};
    recorded.headersReceived!(
      { responseHeaders: { 'Content-Security-Policy': ['default-src *'] } },
      (r) => {
        headers = r.responseHeaders;
      },
    );
    expect(headers['Content-Security-Policy']).toEqual([DESKTOP_CSP]);
  });

  it('denies window.open and navigation; https links go to the system browser', () => {
    const contents = fake.recorded.windows[0]!.webContents;
    expect(contents.windowOpenHandler!({ url: 'https://example.com/help' })).toEqual({
      action: 'deny',
    });
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.recorded.externals).toEqual(['https://example.com/help']);

    const navigate = (url: string) => {
      const event = {
        url,
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      contents.emit('will-frame-navigate', event);
      return event.defaultPrevented;
    };
    expect(navigate('http://evil.example/')).toBe(true);
    expect(navigate('flowline://app/projects/p1')).toBe(false);
    const webview = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    contents.emit('will-attach-webview', webview);
    expect(webview.defaultPrevented).toBe(true);
  });

  it("answers the renderer's handler calls from the core in its utility process (demo workspace)", async () => {
    const listed = (await bridge.send('connections-list', {})) as HandlerReply<{
      connections: Array<{ id: string; kind: string; name: string }>;
      secretStorage: { encrypted: boolean };
    }>;
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const demo = listed.result.connections.find((connection) => connection.kind === 'demo')!;
    expect(demo.name).toBe('Demo workspace');
    expect(listed.result.secretStorage.encrypted).toBe(true);
    const projects = await bridge.send('projects-list', { connectionId: demo.id });
    expect(projects).toMatchObject({ ok: true });
    expect(await bridge.send('projects-list', { connectionId: 7 } as never)).toMatchObject({
      ok: false,
      error: { type: 'validation' },
    });

    // The demo token is in main's safeStorage file, encrypted, and never reached the page.
    const userData = join(appData, 'Flowline');
    const stored = JSON.parse(readFileSync(join(userData, 'secrets.safe.json'), 'utf8')) as Record<
      string,
      string
    >;
    const token = fake.main.safeStorage.decryptString(Buffer.from(stored[demo.id]!, 'base64'));
    expect(token.length).toBeGreaterThan(10);
    expect(readFileSync(join(userData, 'secrets.safe.json'), 'utf8')).not.toContain(token);
    expect(JSON.stringify([listed, projects])).not.toContain(token);
    expect(existsSync(join(userData, 'cache.db'))).toBe(true);
  }, 60_000);

  it('saves through the native dialog, reveals only what it saved, and checks arguments', async () => {
    const target = join(appData, 'wells.csv');
    fake.recorded.nextSavePath = target;
    expect(await bridge.native.saveFile({ defaultName: 'wells.csv' }, 'api,name\n')).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('api,name\n');
    await bridge.native.revealFile(target);
    expect(fake.recorded.revealed).toEqual([target]);
    await expect(bridge.native.revealFile('/etc/passwd')).rejects.toThrow(
      /Only files saved or opened/,
    );
    await expect(bridge.native.saveFile({ defaultName: '../../.bashrc' }, 'x')).rejects.toThrow(
      /defaultName/,
    );
  });

  it('refuses IPC from anything but our page', async () => {
    const foreign = fake.renderer(fake.recorded.windows[0]!, 'https://evil.example/');
    await expect(
      foreign.module.ipcRenderer.invoke('flowline:save-file', {
        options: { defaultName: 'a.csv' },
        data: 'x',
      }),
    ).rejects.toThrow(/not a Flowline window/);
  });

  it('relays menu commands to the page; Import CSV or Excel… asks for the file, then sends a handle, never the path', async () => {
    const seen: string[] = [];
    const granted: GrantedFile[] = [];
    const july = join(appData, 'july.csv');
    writeFileSync(july, 'Date,Oil\n2025-07-01,12\n');
    const off = bridge.onMenuCommand((command) => seen.push(command));
    const stop = bridge.native.onImportFile((file) => granted.push(file));
    const file = (
      fake.recorded.menu as Array<{
        label?: string;
        submenu?: Array<{ id?: string; click?: () => void }>;
      }>
    ).find((menu) => menu.label?.includes('File'))!;
    const click = (id: string) => file.submenu!.find((item) => item.id === id)!.click!();
    const dialog = fake.main.dialog as { showOpenDialog: (...args: unknown[]) => Promise<unknown> };
    const original = dialog.showOpenDialog;
    try {
      click('import-csv'); // cancelled: nothing reaches the page
      dialog.showOpenDialog = async () => ({ canceled: false, filePaths: [july] });
      click('import-csv');
      click('sync-now');
      await vi.waitFor(() => expect(granted).toHaveLength(1));
      expect(granted[0]).toEqual({
        handle: expect.stringMatching(/^file_/),
        name: 'july.csv',
        size: 23,
      });
      expect(JSON.stringify(granted)).not.toContain(appData);
      expect(seen).toEqual(['sync-now']);

      // The handle reads the chosen file.
      const preview = await previewInDemo({ kind: 'file', handle: granted[0]!.handle });
      expect(preview).toMatchObject({ ok: true, result: { summary: { validRows: 1 } } });

      // Flowline's own files are never granted, even when chosen in the dialog.
      dialog.showOpenDialog = async () => ({
        canceled: false,
        filePaths: [join(appData, 'Flowline', 'secrets.safe.json')],
      });
      click('import-csv');
      await vi.waitFor(() => expect(fake.recorded.messageBoxes).toHaveLength(1));
      expect(fake.recorded.messageBoxes[0]![1]).toMatch(/one of Flowline's own files/);
      expect(granted).toHaveLength(1);
    } finally {
      dialog.showOpenDialog = original;
      off();
      stop();
    }
  });

  it('grants a dropped file only through webUtils; a page script cannot name a path', async () => {
    const dropped = join(appData, 'dropped.csv');
    writeFileSync(dropped, 'Date,Oil\n2025-07-01,12\n2025-07-02,13\n');
    const grant = await bridge.native.grantFile({
      diskPath: dropped,
      name: 'dropped.csv',
      size: 1,
    } as never);
    expect(grant).toMatchObject({ name: 'dropped.csv', handle: expect.stringMatching(/^file_/) });
    expect(await previewInDemo({ kind: 'file', handle: grant!.handle })).toMatchObject({
      ok: true,
      result: { summary: { validRows: 2 } },
    });
    // A File the page made has no path on disk: nothing to grant (the page sends its text).
    expect(await bridge.native.grantFile({ name: 'made.csv', size: 3 })).toBeNull();
    await expect(
      bridge.native.grantFile({
        diskPath: join(appData, 'Flowline', 'cache.db'),
        name: 'x',
        size: 1,
      } as never),
    ).rejects.toThrow(/one of Flowline's own files/);

    // What a hostile page script can try through the bridge: all refused, nothing read.
    const secrets = join(appData, 'Flowline', 'secrets.safe.json');
    const replies = [
      await bridge.send('files-grant' as never, { path: secrets } as never),
      await bridge.send('files-grant' as never, { path: '/etc/passwd' } as never),
      await previewInDemo({ kind: 'path', path: '/etc/passwd' }),
      await previewInDemo({ kind: 'path', path: secrets }),
      await previewInDemo({ kind: 'file', handle: 'file_AAAAAAAAAAAAAAAAAAAAAAAA' }),
    ];
    expect(replies.map((reply) => (reply.ok ? 'ok' : reply.error.type))).toEqual([
      'forbidden',
      'forbidden',
      'validation',
      'validation',
      'not-found',
    ]);
    expect(JSON.stringify(replies)).not.toMatch(/root:|flw_|safe/);
  });

  it('on quit, waits for the core to close its database and the demo server', async () => {
    fake.main.app.quit();
    expect(fake.recorded.quitted).toBe(false); // held until the core has closed
    await vi.waitFor(() => expect(fake.recorded.quitted).toBe(true), { timeout: 15_000 });
  }, 30_000);
});
