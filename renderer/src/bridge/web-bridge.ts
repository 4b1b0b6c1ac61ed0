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
} from '#shared/desktop/index.js';

/**
 * The page key (electron/web-host/web-host-server.ts): handed to the page once, at sign-in, and kept
 * in this origin's storage. Every request for data carries it in this header besides the
 * session cookie; the cookie alone, which the browser also sends to other programs on
 * 127.0.0.1, opens nothing. The names are the host's (electron/web-host/web-host-policy.ts), which
 * the renderer may not import; web-host-refusals.test.ts runs this bridge against that host.
 */
const PAGE_KEY_HEADER = 'X-Flowline-Key';
const PAGE_KEY_STORAGE = 'flowline-page-key';
/** How long the events stream waits before reconnecting to a host it lost (as EventSource). */
const RECONNECT_MS = 3_000;

/** Read for each request: signing in again in another tab stores a new key for all of them. */
function keyHeaders(): Record<string, string> {
  let key: string | null;
  try {
    key = localStorage.getItem(PAGE_KEY_STORAGE);
  } catch {
    key = null; // storage blocked: the host says the key is missing, and what to do
  }
  return key === null ? {} : { [PAGE_KEY_HEADER]: key };
}

/**
 * The bridge in the browser host: handlers over `POST /rpc/<name>`, events over one streamed
 * `GET /events` (server-sent events), each with the page key. Same shape as Electron's
 * preload bridge. The stream is read with fetch rather than EventSource because EventSource
 * cannot send a header, and the alternative, the key in the stream's URL, would put it where
 * URLs go (the dev server's proxy log, the network panel's copied links).
 */
export function createWebBridge(): FlowlineBridge {
  const listeners = new Map<CoreEventName, Set<(payload: unknown) => void>>();
  let streaming = false;

  function dispatch(event: string, data: string) {
    const set = listeners.get(event as CoreEventName);
    if (!set || set.size === 0) return;
    const payload: unknown = JSON.parse(data);
    for (const listener of set) {
      try {
        listener(payload);
      } catch (error) {
        // Reported as the page's error, as an EventSource listener's would be; the stream goes on.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  /**
   * Keeps one events stream open while the page listens. A host that is gone is tried again
   * every RECONNECT_MS; a host that refuses (signed out, a wrong key) is not, until the page
   * is given a new key (a sign-in in another tab: the storage event).
   */
  async function stream() {
    if (streaming) return;
    streaming = true;
    try {
      for (;;) {
        try {
          const response = await fetch('events', { headers: keyHeaders(), cache: 'no-store' });
          if (!response.ok || !response.body) {
            if (response.status < 500) return;
          } else {
            await readEvents(response.body, dispatch);
          }
        } catch {
          // The host is not running, or stopped mid-stream: try again below.
        }
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
        if (![...listeners.values()].some((set) => set.size > 0)) return; // no one listens now
      }
    } finally {
      streaming = false;
    }
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === PAGE_KEY_STORAGE && [...listeners.values()].some((set) => set.size > 0)) {
        void stream();
      }
    });
  }

  return {
    host: 'browser',
    async send<K extends HandlerName>(name: K, args: HandlerArgs<K>) {
      try {
        const response = await fetch(`rpc/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...keyHeaders() },
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
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      void stream();
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
 * Reads a server-sent events stream to its end, calling `dispatch` with each event's name and
 * data. Comments (the host's heartbeats) and events without a name are skipped.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  dispatch: (event: string, data: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let event = '';
  let data: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.search(/\r\n|\r|\n/)) !== -1) {
      // A lone CR at the end may be the first half of a CRLF the next chunk completes.
      if (!done && end === buffered.length - 1 && buffered[end] === '\r') break;
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + (buffered.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (event !== '' && data.length > 0) dispatch(event, data.join('\n'));
        event = '';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
    if (done) return;
  }
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
