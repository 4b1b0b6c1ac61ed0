import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';

/**
 * A stand-in for the parts of Electron that main.cjs and preload.cjs use, for the desktop
 * smoke test on machines without an Electron binary (desktop-smoke.test.ts only). It records
 * what the app asks of Electron, and wires the real pieces together: the utility process is
 * a worker thread running the real core-process.cjs, MessageChannelMain is Node's
 * MessageChannel, and the preload's ipcRenderer talks to main's ipcMain in-process.
 */

/** Electron's parentPort and MessagePortMain inside the worker, played with worker_threads' ports. */
export const FAKE_UTILITY_PROCESS = `
const { parentPort, workerData } = require('node:worker_threads');
const { EventEmitter } = require('node:events');
const wrap = (port) => ({
  on(event, listener) {
    if (event === 'message') port.on('message', (data) => listener({ data, ports: [] }));
    else port.on(event, listener);
    return this;
  },
  postMessage: (message) => port.postMessage(message),
  start: () => port.start(),
  close: () => port.close(),
});
const fake = new EventEmitter();
fake.postMessage = (message) => parentPort.postMessage(message);
parentPort.on('message', ({ data, ports }) => fake.emit('message', { data, ports: (ports || []).map(wrap) }));
process.parentPort = fake;
require(workerData.bundle);
`;

export interface IpcEventLike {
  sender: FakeWebContents;
  senderFrame: { url: string; parent: null | object } | null;
  ports?: MessagePort[];
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame = { url: '', parent: null };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  /** What the preload registered with ipcRenderer.on. */
  readonly rendererListeners = new Map<
    string,
    Array<(event: { ports: MessagePort[] }, ...args: unknown[]) => void>
  >();

  isDestroyed(): boolean {
    return false;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    for (const listener of this.rendererListeners.get(channel) ?? [])
      listener({ ports: [] }, ...args);
  }
  postMessage(channel: string, _message: unknown, ports: MessagePort[] = []): void {
    for (const listener of this.rendererListeners.get(channel) ?? []) listener({ ports });
  }
}

export function createFakeElectron(appData: string) {
  const recorded = {
    windows: [] as FakeBrowserWindow[],
    errors: [] as Array<[string, string]>,
    externals: [] as string[],
    revealed: [] as string[],
    schemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    permissionRequest: undefined as
      undefined | ((wc: unknown, permission: string, callback: (ok: boolean) => void) => void),
    permissionCheck: undefined as undefined | (() => boolean),
    beforeRequest: undefined as
      undefined | ((details: object, callback: (r: { cancel: boolean }) => void) => void),
    headersReceived: undefined as
      | undefined
      | ((
          details: object,
          callback: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void),
    menu: undefined as unknown,
    forked: [] as Array<{ entry: string; options: unknown }>,
    nextSavePath: undefined as string | undefined,
    /** Message boxes main showed: [message, detail]. */
    messageBoxes: [] as Array<[string, string | undefined]>,
    quitted: false,
    exitCode: undefined as number | undefined,
    sandboxEnabled: false,
    singleInstanceLock: false,
  };
  const paths: Record<string, string> = { appData, documents: join(appData, 'Documents') };
  const ipcListeners = new Map<string, (event: IpcEventLike, ...args: unknown[]) => void>();
  const ipcHandlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();

  class FakeApp extends EventEmitter {
    isPackaged = false;
    name = 'Electron';
    enableSandbox() {
      recorded.sandboxEnabled = true;
    }
    setName(name: string) {
      this.name = name;
    }
    getPath(name: string) {
      return paths[name] ?? join(appData, name);
    }
    setPath(name: string, value: string) {
      paths[name] = value;
    }
    requestSingleInstanceLock() {
      recorded.singleInstanceLock = true;
      return true;
    }
    whenReady() {
      return Promise.resolve();
    }
    isReady() {
      return true;
    }
    quit() {
      const event = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      this.emit('before-quit', event);
      if (!event.defaultPrevented) recorded.quitted = true;
    }
    exit(code: number) {
      recorded.exitCode = code;
    }
    showAboutPanel() {}
    setAboutPanelOptions() {}
    getVersion() {
      return '0.1.0';
    }
  }
  const app = new FakeApp();

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    url: string | undefined;
    constructor(readonly options: Record<string, unknown>) {
      super();
      recorded.windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string) {
      this.url = url;
      this.webContents.mainFrame.url = url;
      return Promise.resolve();
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1280, height: 800 };
    }
    isMaximized() {
      return false;
    }
    isFullScreen() {
      return false;
    }
    isMinimized() {
      return false;
    }
    maximize() {}
    setFullScreen() {}
    show() {}
    focus() {}
    restore() {}
    static getAllWindows() {
      return recorded.windows;
    }
    static getFocusedWindow() {
      return recorded.windows[0] ?? null;
    }
    static fromWebContents(contents: FakeWebContents) {
      return recorded.windows.find((win) => win.webContents === contents) ?? null;
    }
  }

  class FakeUtilityProcess extends EventEmitter {
    constructor(readonly worker: Worker) {
      super();
      worker.on('message', (message) => this.emit('message', message));
      worker.on('exit', (code) => this.emit('exit', code));
    }
    postMessage(message: unknown, ports: MessagePort[] = []) {
      this.worker.postMessage({ data: message, ports }, ports);
    }
    kill() {
      void this.worker.terminate();
      return true;
    }
  }

  const main = {
    app,
    BrowserWindow: FakeBrowserWindow,
    MessageChannelMain: class {
      readonly port1: MessagePort;
      readonly port2: MessagePort;
      constructor() {
        const channel = new MessageChannel();
        this.port1 = channel.port1;
        this.port2 = channel.port2;
      }
    },
    utilityProcess: {
      fork(entry: string, _args: string[], options: unknown) {
        recorded.forked.push({ entry, options });
        return new FakeUtilityProcess(
          new Worker(FAKE_UTILITY_PROCESS, { eval: true, workerData: { bundle: entry } }),
        );
      },
    },
    dialog: {
      showErrorBox: (title: string, message: string) => recorded.errors.push([title, message]),
      showSaveDialog: async () =>
        recorded.nextSavePath
          ? { canceled: false, filePath: recorded.nextSavePath }
          : { canceled: true, filePath: '' },
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showMessageBox: async (_win: unknown, options: { message: string; detail?: string }) => {
        recorded.messageBoxes.push([options.message, options.detail]);
        return { response: 0 };
      },
    },
    ipcMain: {
      on: (channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => void) =>
        ipcListeners.set(channel, listener),
      handle: (channel: string, handler: (event: IpcEventLike, ...args: unknown[]) => unknown) =>
        ipcHandlers.set(channel, handler),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => {
        recorded.menu = menu;
      },
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => recorded.schemes.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        recorded.protocolHandlers.set(scheme, handler),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
      decryptString: (data: Buffer) => Buffer.from(data.toString().slice(4), 'hex').toString(),
    },
    screen: {
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: typeof recorded.permissionRequest) => {
          recorded.permissionRequest = handler;
        },
        setPermissionCheckHandler: (handler: typeof recorded.permissionCheck) => {
          recorded.permissionCheck = handler;
        },
        setDevicePermissionHandler: () => undefined,
        webRequest: {
          onBeforeRequest: (handler: typeof recorded.beforeRequest) => {
            recorded.beforeRequest = handler;
          },
          onHeadersReceived: (handler: typeof recorded.headersReceived) => {
            recorded.headersReceived = handler;
          },
        },
      },
    },
    shell: {
      openExternal: async (url: string) => void recorded.externals.push(url),
      openPath: async () => '',
      showItemInFolder: (path: string) => void recorded.revealed.push(path),
    },
  };

  /** The preload's 'electron' for one window: its ipcRenderer reaches main's ipcMain. */
  function renderer(win: FakeBrowserWindow, frameUrl?: string) {
    const exposed: Record<string, unknown> = {};
    const contents = win.webContents;
    const event = (): IpcEventLike => ({
      sender: contents,
      senderFrame: { url: frameUrl ?? contents.mainFrame.url, parent: null },
    });
    return {
      exposed,
      module: {
        // A stand-in for a DOM File: one the person dropped carries `diskPath`; one the
        // page made (new File(...)) has none, and Electron answers '' for it.
        webUtils: {
          getPathForFile: (file: unknown) => {
            if (typeof file !== 'object' || file === null) throw new TypeError('not a File');
            return (file as { diskPath?: string }).diskPath ?? '';
          },
        },
        contextBridge: {
          exposeInMainWorld: (key: string, api: unknown) => {
            exposed[key] = api;
          },
        },
        ipcRenderer: {
          on: (
            channel: string,
            listener: (event: { ports: MessagePort[] }, ...args: unknown[]) => void,
          ) => {
            const list = contents.rendererListeners.get(channel) ?? [];
            list.push(listener);
            contents.rendererListeners.set(channel, list);
          },
          send: (channel: string, ...args: unknown[]) =>
            ipcListeners.get(channel)?.(event(), ...args),
          invoke: async (channel: string, ...args: unknown[]) => {
            const handler = ipcHandlers.get(channel);
            if (!handler) throw new Error(`No handler registered for '${channel}'`);
            try {
              return await handler(event(), ...args);
            } catch (error) {
              // As Electron words a main-process handler's failure for the renderer.
              const { name, message } = error as Error;
              throw new Error(`Error invoking remote method '${channel}': ${name}: ${message}`, {
                cause: error,
              });
            }
          },
        },
      },
    };
  }

  return { main, renderer, recorded, ipcHandlers, ipcListeners };
}
