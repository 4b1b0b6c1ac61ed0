import type { GrantedFile } from './files.js';
import type { HandlerArgs, HandlerResult, RendererHandlerName } from './handler-table.js';
import type { CoreEventName, CoreEvents } from './events.js';
import type { HandlerReply } from './errors.js';

/**
 * What the renderer can reach of the desktop, and nothing more: the Electron preload
 * exposes it as `window.flowline` through contextBridge; in the browser host the renderer
 * builds the same object over HTTP (POST /rpc/<name>) and server-sent events (/events).
 */
export interface FlowlineBridge {
  /**
   * Calls a core handler the page may call (HANDLERS marks it `renderer`); never rejects for a handler's
   * own failure (see HandlerReply). The hosts refuse any other name.
   */
  send<K extends RendererHandlerName>(
    name: K,
    args: HandlerArgs<K>,
  ): Promise<HandlerReply<HandlerResult<K>>>;
  /** Listens to a core event; returns the function that stops listening. */
  on<E extends CoreEventName>(event: E, listener: (payload: CoreEvents[E]) => void): () => void;
  /** Native helpers; in the browser host they fall back to downloads and file inputs. */
  native: NativeHelpers;
  /** 'electron' or 'browser': lets the UI word things right ("Save…" vs "Download"). */
  host: 'electron' | 'browser';
}

export interface SaveFileOptions {
  title?: string;
  defaultName: string;
  filters?: Array<{ name: string; extensions: string[] }>;
}

export interface PrintToPdfOptions {
  /** The save dialog's title. */
  title?: string;
  /** A file name (no folders), e.g. `Well-1H-report-2024-01-01_2024-12-31.pdf`. */
  defaultName: string;
}

export interface OpenFileOptions {
  title?: string;
  filters?: Array<{ name: string; extensions: string[] }>;
}

export interface NativeHelpers {
  /** Asks where to save and writes the bytes; resolves to the path, or null if cancelled. */
  saveFile(options: SaveFileOptions, data: Uint8Array | string): Promise<string | null>;
  /** Asks for a file and returns its name and bytes, or null if cancelled. */
  openFile(options: OpenFileOptions): Promise<{ name: string; data: Uint8Array } | null>;
  /** Shows a saved file in the system file manager (no-op in the browser). */
  revealFile(path: string): Promise<void>;
  /**
   * Prints the window with its print stylesheet to a PDF (the well report): Electron renders
   * it with printToPDF and asks where to save it (resolves to the path, or null if cancelled);
   * the browser opens its print dialog, where the user picks "Save as PDF" (resolves to null).
   */
  printToPdf(options: PrintToPdfOptions): Promise<string | null>;
  /**
   * Makes a File the page holds (dropped, or chosen in a file input) readable by the core:
   * in Electron the preload finds its path (`webUtils.getPathForFile`, which only real
   * files the person dropped or chose have) and the main process grants it, answering a
   * handle for `import-preview`'s `{kind: 'file', handle}`. Null in the browser (send the
   * file's text instead), or for a file with no path on disk. Rejects with the reason when
   * the file cannot be granted (e.g. it lies in Flowline's own data folder). Typed
   * structurally because shared/ has no DOM types; pass a DOM File.
   */
  grantFile(file: PageFile): Promise<GrantedFile | null>;
  /**
   * Files chosen with File ▸ Import CSV… (the main process shows the open dialog, grants the
   * file and sends its handle); returns the unsubscribe function. Never called in the browser.
   */
  onImportFile(listener: (file: GrantedFile) => void): () => void;
}

/** A DOM File as shared/ can name it. */
export interface PageFile {
  readonly name: string;
  readonly size: number;
}
