import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  type IpcMainEvent,
  type IpcMainInvokeEvent,
  type OpenDialogOptions,
  type WebContents,
} from 'electron';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { APP_ENTRY_URL, APP_SCHEME, createAppRequestHandler } from './app-protocol.js';
import { CoreSupervisor } from '#electron/core-process/core-supervisor.js';
import { withDesktopCsp } from './csp.js';
import { grantChosenFile, grantFileArgsSchema } from './grant-file.js';
import { APP_NAME } from '#electron/common/data-dir.js';
import {
  acquireDataFolderLock,
  DATA_FOLDER_IN_USE_EXIT_CODE,
} from '#electron/common/data-folder-lock.js';
import {
  IPC_CHANNELS,
  isImportFileMessage,
  type ImportFileMessage,
  type MenuCommand,
} from '#electron/ipc/ipc-channels.js';
import {
  IpcRefused,
  isTrustedSender,
  openFileArgsSchema,
  parseIpcArgs,
  revealFileArgsSchema,
  saveFileArgsSchema,
  type IpcSender,
} from './ipc-guard.js';
import { parseLaunchOptions } from './launch-options.js';
import { buildMenuTemplate } from './menu.js';
import { NativeFiles } from './native-files.js';
import { printToPdf, printToPdfArgsSchema } from './print-pdf.js';
import {
  decideNavigation,
  decideWindowOpen,
  isBlockedRequestUrl,
  type NavigationDecision,
} from './navigation-policy.js';
import { chooseSecretStore } from './safe-storage-secret-store.js';
import { createWindowOptions } from './window-options.js';
import {
  fitToDisplays,
  loadWindowState,
  saveWindowState,
  trackWindowState,
  WINDOW_STATE_FILE,
} from './window-state.js';

/**
 * The Electron main process: thin on purpose. Windows (one secure options factory), the
 * renderer's origin and CSP, navigation and permission lockdown, the native menu and
 * dialogs, and the core — which runs in a utility process, never here.
 * Bundled to dist/electron/main.cjs by scripts/build-desktop.mjs.
 */

type Level = 'info' | 'warn' | 'error';
const log = (level: Level, message: string) => console[level](`[flowline] ${message}`);

const DEV = !app.isPackaged;
const HERE = __dirname; // dist/electron (inside app.asar when packaged)
const RENDERER_DIR = join(HERE, '..', 'renderer');

// Before 'ready': the renderer's own standard, secure origin (flowline://app).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    // corsEnabled: Vite's module scripts are fetched in CORS mode, even from their own origin.
    privileges: {
      standard: true,
      secure: true,
      supportFetchAPI: true,
      corsEnabled: true,
      codeCache: true,
    },
  },
]);
app.enableSandbox();
app.setName(APP_NAME);
const launch = parseLaunchOptions(process.argv.slice(1), process.env);
app.setPath('userData', launch.dataDir ?? join(app.getPath('appData'), APP_NAME));
const dataDir = app.getPath('userData');

const ourWebContents = new Set<number>();
let mainWindow: BrowserWindow | null = null;
let supervisor: CoreSupervisor | null = null;
let nativeFiles: NativeFiles | null = null;

if (!app.requestSingleInstanceLock()) {
  // Another Flowline has this data folder open; it comes to the front instead (second-instance).
  app.quit();
} else {
  app.on('second-instance', () => focusMainWindow());
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    // Once started (macOS keeps running with no window; the Dock icon brings one back).
    if (supervisor && BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
  installQuitHandler();
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log('error', `Flowline could not start: ${(error as Error).stack ?? String(error)}`);
      dialog.showErrorBox('Flowline could not start', (error as Error).message);
      app.exit(1);
    });
}

async function start(): Promise<void> {
  secureSession();
  registerIpc();
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        { platform: process.platform, devTools: DEV, appName: APP_NAME },
        {
          // Import CSV or Excel… asks for the file here, then hands the renderer its path.
          command: (command) =>
            command === 'import-csv' ? void chooseImportFile() : sendMenuCommand(command),
          openDataFolder: () => void shell.openPath(dataDir),
          about: () => app.showAboutPanel(),
        },
      ),
    ),
  );
  app.setAboutPanelOptions({
    applicationName: APP_NAME,
    applicationVersion: app.getVersion(),
    copyright: 'Production data review, correction and sync',
  });

  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    dialog.showErrorBox(
      'Flowline is not built',
      `The user interface is missing (${RENDERER_DIR}). Run \`npm run build:desktop\`, or start with \`npm start\`.`,
    );
    app.exit(1);
    return;
  }

  // The single-instance lock covers desktop apps only; this one covers the browser host too.
  const lock = acquireDataFolderLock(dataDir, 'desktop');
  if (!lock.ok) {
    dialog.showErrorBox('Flowline is already open', lock.message);
    app.exit(DATA_FOLDER_IN_USE_EXIT_CODE);
    return;
  }
  app.on('will-quit', () => lock.lock.release());

  const secrets = await chooseSecretStore(dataDir, safeStorage, log);
  supervisor = new CoreSupervisor({
    entry: join(HERE, 'core-process.cjs'),
    dataDir,
    secretStore: secrets.store,
    secretStoreWarning: secrets.warning,
    demo: true,
    log,
    onFatal: (message) =>
      dialog.showErrorBox(
        'Flowline could not open its data',
        `${message}\n\nYour data folder is ${dataDir}.`,
      ),
  });
  supervisor.start();
  nativeFiles = new NativeFiles(app.getPath('documents'), (path) => shell.showItemInFolder(path));
  createMainWindow();
  log('info', `Data in ${dataDir}`);
}

/** The renderer's session: our protocol and CSP, no network, no permissions. */
function secureSession(): void {
  const ses = session.defaultSession;
  protocol.handle(APP_SCHEME, createAppRequestHandler(RENDERER_DIR));
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => {
    // Pages load nothing from the network; Electron's own fetches (no webContents) pass.
    const fromPage = details.webContentsId !== undefined;
    callback({ cancel: fromPage && isBlockedRequestUrl(details.url) });
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withDesktopCsp(details.responseHeaders) });
  });
}

/** Applied to every webContents the app ever creates (windows, devtools, anything). */
function lockDown(contents: WebContents): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    follow(decideWindowOpen(url), url);
    return { action: 'deny' };
  });
  contents.on('will-frame-navigate', (event) => {
    const decision = decideNavigation(event.url);
    if (decision.action === 'allow') return;
    event.preventDefault();
    follow(decision, event.url);
  });
  contents.on('will-redirect', (event) => {
    if (decideNavigation(event.url).action !== 'allow') event.preventDefault();
  });
}

function follow(decision: NavigationDecision, requested: string): void {
  if (decision.action === 'open-external') {
    void shell
      .openExternal(decision.url)
      .catch((error: unknown) =>
        log('warn', `Could not open ${decision.url}: ${(error as Error).message}`),
      );
  } else if (decision.action === 'deny') {
    log('warn', `Blocked navigation to ${requested.slice(0, 200)}`);
  }
}

function createMainWindow(): BrowserWindow {
  const stateFile = join(dataDir, WINDOW_STATE_FILE);
  const primary = screen.getPrimaryDisplay();
  const displays = [
    primary,
    ...screen.getAllDisplays().filter((display) => display.id !== primary.id),
  ];
  const state = fitToDisplays(
    loadWindowState(stateFile),
    displays.map((display) => display.workArea),
  );
  const iconPath = join(HERE, 'icon.png');
  const win = new BrowserWindow(
    createWindowOptions({
      preloadPath: join(HERE, 'preload.cjs'),
      bounds: { x: state.x, y: state.y, width: state.width, height: state.height },
      devTools: DEV,
      ...(existsSync(iconPath) ? { iconPath } : {}),
    }),
  );
  const contentsId = win.webContents.id;
  ourWebContents.add(contentsId);
  mainWindow = win;
  win.on('closed', () => {
    ourWebContents.delete(contentsId);
    if (mainWindow === win) mainWindow = null;
  });
  if (state.maximized) win.maximize();
  if (state.fullScreen) win.setFullScreen(true);
  trackWindowState(win, (next) => saveWindowState(stateFile, next));
  win.once('ready-to-show', () => win.show());
  win.webContents.on('render-process-gone', (_event, details) =>
    log('error', `The window's renderer stopped: ${details.reason} (${details.exitCode})`),
  );
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

function focusMainWindow(): void {
  const win = mainWindow ?? BrowserWindow.getAllWindows()[0];
  if (!win) {
    if (supervisor) createMainWindow();
    return;
  }
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

function sendMenuCommand(command: MenuCommand): void {
  const win = BrowserWindow.getFocusedWindow() ?? mainWindow;
  if (win && ourWebContents.has(win.webContents.id)) {
    win.webContents.send(IPC_CHANNELS.menuCommand, command);
  }
}

/**
 * File ▸ Import CSV or Excel…: an open dialog, then the chosen file, granted by the core, to the window
 * (which opens the import). The window gets a handle, never the path.
 */
async function chooseImportFile(): Promise<void> {
  const win = BrowserWindow.getFocusedWindow() ?? mainWindow;
  if (!win || !ourWebContents.has(win.webContents.id)) return;
  const options: OpenDialogOptions = {
    title: 'Import CSV or Excel',
    properties: ['openFile'],
    filters: [
      { name: 'CSV files and Excel workbooks', extensions: ['csv', 'tsv', 'txt', 'xlsx', 'xlsm'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  try {
    const chosen = await dialog.showOpenDialog(win, options);
    const path = chosen.filePaths[0];
    if (chosen.canceled || !path || win.webContents.isDestroyed()) return;
    const message: ImportFileMessage = await grantChosenFile(invokeCore, path);
    if (isImportFileMessage(message) && !win.webContents.isDestroyed()) {
      win.webContents.send(IPC_CHANNELS.importFile, message);
    }
  } catch (error) {
    const reason = (error as Error).message;
    log('warn', `Import: ${reason}`);
    if (error instanceof IpcRefused && !win.webContents.isDestroyed()) {
      void dialog.showMessageBox(win, {
        type: 'warning',
        message: 'This file cannot be imported',
        detail: reason,
      });
    }
  }
}

function invokeCore(name: string, args: unknown) {
  if (!supervisor) throw new IpcRefused('Flowline is still starting.');
  return supervisor.invoke(name, args);
}

function senderOf(event: IpcMainEvent | IpcMainInvokeEvent): IpcSender {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url ?? null,
    isMainFrame: frame != null && frame.parent === null,
  };
}

function trusted(event: IpcMainEvent | IpcMainInvokeEvent, channel: string): boolean {
  const sender = senderOf(event);
  if (isTrustedSender(sender, ourWebContents)) return true;
  log(
    'warn',
    `Refused ${channel} from ${String(sender.frameUrl).slice(0, 200)} (webContents ${sender.webContentsId})`,
  );
  return false;
}

function handle<T, R>(
  channel: string,
  schema: z.ZodType<T>,
  run: (args: T, win: BrowserWindow | null) => Promise<R> | R,
): void {
  ipcMain.handle(channel, async (event, raw: unknown) => {
    if (!trusted(event, channel)) throw new IpcRefused('Refused: not a Flowline window.');
    const args = parseIpcArgs(schema, channel, raw);
    return run(args, BrowserWindow.fromWebContents(event.sender));
  });
}

function registerIpc(): void {
  ipcMain.on(IPC_CHANNELS.corePortRequest, (event) => {
    if (trusted(event, IPC_CHANNELS.corePortRequest)) supervisor?.connect(event.sender);
  });
  handle(IPC_CHANNELS.saveFile, saveFileArgsSchema, (args, win) => files().saveFile(args, win));
  handle(IPC_CHANNELS.openFile, openFileArgsSchema, (args, win) => files().openFile(args, win));
  handle(IPC_CHANNELS.revealFile, revealFileArgsSchema, (args) => files().revealFile(args));
  // A File the person dropped or chose in the page: the preload found its path with webUtils.
  handle(IPC_CHANNELS.grantFile, grantFileArgsSchema, (args) =>
    grantChosenFile(invokeCore, args.path),
  );
  // The sender's own window prints (its print stylesheet shows the report), then saves.
  handle(IPC_CHANNELS.printToPdf, printToPdfArgsSchema, (args, win) => {
    if (!win) throw new IpcRefused('Refused: no window to print.');
    return printToPdf(
      args,
      win.webContents,
      (save) => files().saveFile(save, win),
      app.getLocale(),
    );
  });
}

function files(): NativeFiles {
  if (!nativeFiles) throw new IpcRefused('Flowline is still starting.');
  return nativeFiles;
}

/** Quitting waits (briefly) for the core to close its database and the demo server. */
function installQuitHandler(): void {
  let stopping = false;
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed || (!supervisor && !stopping)) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    const running = supervisor!;
    void running.stop().finally(() => {
      closed = true;
      app.quit();
    });
  });
}
