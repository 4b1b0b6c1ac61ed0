import {
  decodePackedBody,
  PACKED_BODY_TYPE,
  type CoreEventName,
  type CoreEvents,
  type FlowlineBridge,
  type HandlerArgs,
  type HandlerName,
  type HandlerReply,
  type HandlerResult,
  type IpcErrorType,
} from '../../../shared/desktop/index.js';

/**
 * The bridge in the browser host: handlers over `POST /rpc/<name>` (the session cookie
 * authenticates), events over one EventSource. Same shape as Electron's preload bridge.
 */
export function createWebBridge(): FlowlineBridge {
  let source: EventSource | null = null;
  const listeners = new Map<CoreEventName, Set<(payload: unknown) => void>>();

  function ensureSource(event: CoreEventName) {
    source ??= new EventSource('events');
    if (listeners.has(event)) return;
    listeners.set(event, new Set());
    source.addEventListener(event, (message) => {
      const payload: unknown = JSON.parse((message as MessageEvent<string>).data);
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  }

  return {
    host: 'browser',
    async send<K extends HandlerName>(name: K, args: HandlerArgs<K>) {
      try {
        const response = await fetch(`rpc/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(args),
        });
        if (!response.ok) return hostAnswer(response.status, await response.text());
        // production-columns' typed arrays come as a packed body: views on its one buffer.
        if (response.headers.get('Content-Type')?.startsWith(PACKED_BODY_TYPE)) {
          return decodePackedBody(await response.arrayBuffer()) as HandlerReply<HandlerResult<K>>;
        }
        return (await response.json()) as HandlerReply<HandlerResult<K>>;
      } catch {
        return hostError('offline', 'The Flowline host is not running: restart `npm run web`.');
      }
    },
    on<E extends CoreEventName>(event: E, listener: (payload: CoreEvents[E]) => void) {
      ensureSource(event);
      const set = listeners.get(event) as Set<(payload: unknown) => void>;
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    native: {
      async saveFile(options, data) {
        const blob = new Blob([data as BlobPart]);
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = options.defaultName;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        return options.defaultName;
      },
      openFile(options) {
        return new Promise((resolve) => {
          const input = document.createElement('input');
          input.type = 'file';
          input.accept = (options.filters ?? [])
            .flatMap((f) => f.extensions.map((e) => `.${e}`))
            .join(',');
          input.onchange = async () => {
            const file = input.files?.[0];
            resolve(
              file ? { name: file.name, data: new Uint8Array(await file.arrayBuffer()) } : null,
            );
          };
          input.click();
        });
      },
      async revealFile() {},
      async printToPdf() {
        // The browser's own dialog prints the page's print stylesheet (Save as PDF).
        window.print();
        return null;
      },
      // The browser has no paths and no native menu: files are read as text.
      grantFile: () => Promise.resolve(null), // no paths here: the page sends the file's text
      onImportFile: () => () => undefined,
    },
  };
}

/**
 * The host answered, but not with a reply: it refused the request (4xx: another origin, not
 * signed in, a body too large, not JSON; its text says why) or failed (5xx). Either way it is
 * running, so neither is reported as offline.
 */
export function hostAnswer<R>(status: number, text: string): HandlerReply<R> {
  const reason = text.trim() || `HTTP ${status}`;
  return status >= 400 && status < 500
    ? hostError('refused', `The Flowline host refused the request (${status}): ${reason}`, status)
    : hostError('internal', `The Flowline host failed (${status}): ${reason}`, status);
}

function hostError<R>(type: IpcErrorType, message: string, status?: number): HandlerReply<R> {
  return {
    ok: false,
    error: { type, message, ...(status === undefined ? {} : { details: { status } }) },
  };
}
