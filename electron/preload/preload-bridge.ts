import type {
  CoreEventName,
  CoreEvents,
  FlowlineBridge,
  GrantedFile,
  HandlerReply,
  NativeHelpers,
  OpenFileOptions,
  PrintToPdfOptions,
  SaveFileOptions,
} from '#shared/desktop/index.js';
import { isCoreToRenderer, type CoreRequest } from '#electron/ipc/core-protocol.js';
import {
  IPC_CHANNELS,
  isImportFileMessage,
  isMenuCommand,
  type MenuCommand,
} from '#electron/ipc/ipc-channels.js';

/**
 * The renderer's `window.flowline`, built in the preload (isolated world) so the page never
 * holds the MessagePort or ipcRenderer: handler calls go to the core over the port with
 * request ids; native helpers go to the main process over invoke. Free of Electron imports,
 * so it is tested with Node's MessageChannel.
 */

/** The DOM MessagePort as the preload sees it (Node's MessagePort has the same shape). */
export interface BridgePort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
}

export interface BridgeIpc {
  invoke(channel: string, args: unknown): Promise<unknown>;
}

/** Electron's `webUtils.getPathForFile` (an empty string for a file not on disk). */
export type PathForFile = (file: unknown) => string;

/** FlowlineBridge plus the desktop-only menu hook. */
export interface DesktopBridge extends FlowlineBridge {
  host: 'electron';
  /** Menu items the renderer acts on (File ▸ Import CSV or Excel…, …); returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

export interface BridgeClient {
  bridge: DesktopBridge;
  /** A (new) port to the core: requests wait for the first; a later one replaces it. */
  attachPort(port: BridgePort): void;
  /** A 'menu-command' message from the main process. */
  menuCommand(command: unknown): void;
  /** An import-file message from the main process (File ▸ Import CSV or Excel…); checked, then passed on. */
  importFile(message: unknown): void;
}

const RESTARTED: HandlerReply<never> = {
  ok: false,
  error: {
    type: 'internal',
    message: 'The Flowline core restarted before it answered; please try again.',
  },
};

/** Electron prefixes errors thrown by a main-process handler; the user needs only the sentence. */
export function cleanInvokeError(error: unknown): Error {
  const raw = error instanceof Error ? error.message : String(error);
  return new Error(
    raw.replace(/^Error invoking remote method '[^']*': (?:\w*Error|IpcRefused): /, ''),
  );
}

export function createBridgeClient(
  ipc: BridgeIpc,
  report: (message: string, error: unknown) => void = () => undefined,
  getPathForFile: PathForFile = () => '',
): BridgeClient {
  let port: BridgePort | undefined;
  let nextId = 1;
  const pending = new Map<number, (reply: HandlerReply<unknown>) => void>();
  const waiting: CoreRequest[] = [];
  const listeners = new Map<CoreEventName, Set<(payload: never) => void>>();
  const menuListeners = new Set<(command: MenuCommand) => void>();
  const importListeners = new Set<(file: GrantedFile) => void>();

  function post(request: CoreRequest): void {
    if (!port) {
      waiting.push(request);
      return;
    }
    try {
      port.postMessage(request);
    } catch (error) {
      const resolve = pending.get(request.id);
      pending.delete(request.id);
      resolve?.({
        ok: false,
        error: {
          type: 'validation',
          message: `The arguments of ${request.name} cannot be sent to the core (${(error as Error).name}).`,
        },
      });
    }
  }

  function receive(data: unknown): void {
    if (!isCoreToRenderer(data)) return;
    if (data.kind === 'reply') {
      const resolve = pending.get(data.id);
      pending.delete(data.id);
      resolve?.(data.reply);
      return;
    }
    for (const listener of [...(listeners.get(data.event) ?? [])]) {
      try {
        (listener as (payload: unknown) => void)(data.payload);
      } catch (error) {
        report(`A listener of ${data.event} threw`, error);
      }
    }
  }

  async function invoke<T>(channel: string, args: unknown): Promise<T> {
    try {
      return (await ipc.invoke(channel, args)) as T;
    } catch (error) {
      throw cleanInvokeError(error);
    }
  }

  const native: NativeHelpers = {
    saveFile: (options: SaveFileOptions, data: Uint8Array | string) =>
      invoke<string | null>(IPC_CHANNELS.saveFile, { options, data }),
    openFile: (options: OpenFileOptions) =>
      invoke<{ name: string; data: Uint8Array } | null>(IPC_CHANNELS.openFile, { options }),
    revealFile: (path: string) => invoke<void>(IPC_CHANNELS.revealFile, { path }),
    printToPdf: (options: PrintToPdfOptions) =>
      invoke<string | null>(IPC_CHANNELS.printToPdf, { options }),
    grantFile: async (file) => {
      let path: string;
      try {
        path = getPathForFile(file);
      } catch {
        return null; // not a File: the page passed something else
      }
      // Only a File the person dropped or chose has a path; one the page made has none.
      if (typeof path !== 'string' || path === '') return null;
      return invoke<GrantedFile>(IPC_CHANNELS.grantFile, { path });
    },
    onImportFile: (listener) => {
      if (typeof listener !== 'function')
        throw new TypeError('onImportFile(listener): listener must be a function');
      importListeners.add(listener);
      return () => {
        importListeners.delete(listener);
      };
    },
  };

  const bridge: DesktopBridge = {
    host: 'electron',
    send: ((name: string, args: unknown) => {
      if (typeof name !== 'string') {
        return Promise.resolve({
          ok: false,
          error: { type: 'validation', message: 'A handler name must be a string' },
        });
      }
      const id = nextId++;
      return new Promise<HandlerReply<unknown>>((resolve) => {
        pending.set(id, resolve);
        post({ kind: 'request', id, name, args });
      });
    }) as FlowlineBridge['send'],
    on: <E extends CoreEventName>(event: E, listener: (payload: CoreEvents[E]) => void) => {
      if (typeof listener !== 'function')
        throw new TypeError('on(event, listener): listener must be a function');
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const stored = listener as (payload: never) => void;
      set.add(stored);
      return () => {
        set.delete(stored);
      };
    },
    native,
    onMenuCommand: (listener) => {
      if (typeof listener !== 'function')
        throw new TypeError('onMenuCommand(listener): listener must be a function');
      menuListeners.add(listener);
      return () => {
        menuListeners.delete(listener);
      };
    },
  };

  return {
    bridge,
    attachPort(next) {
      const previous = port;
      port = next;
      next.addEventListener('message', (event) => receive(event.data));
      next.start();
      if (previous) {
        // Requests sent on the old port will never be answered: say so instead of hanging.
        for (const resolve of pending.values()) resolve(RESTARTED);
        pending.clear();
        try {
          previous.close();
        } catch {
          // already gone with the old core
        }
      }
      for (const request of waiting.splice(0)) post(request);
    },
    menuCommand(command) {
      if (!isMenuCommand(command)) return;
      for (const listener of [...menuListeners]) {
        try {
          listener(command);
        } catch (error) {
          report(`A menu-command listener threw`, error);
        }
      }
    },
    importFile(message) {
      if (!isImportFileMessage(message)) return;
      for (const listener of [...importListeners]) {
        try {
          listener({ handle: message.handle, name: message.name, size: message.size });
        } catch (error) {
          report(`An import-file listener threw`, error);
        }
      }
    },
  };
}
