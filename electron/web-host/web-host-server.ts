import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import {
  CORE_EVENT_NAMES,
  encodePackedBody,
  holdsTypedArrays,
  PACKED_BODY_TYPE,
  type CoreEventName,
  type CoreEvents,
} from '#shared/desktop/index.js';
import {
  CONTENT_SECURITY_POLICY,
  PAGE_KEY_HEADER,
  PAGE_KEY_META,
  PAGE_KEY_STORAGE,
} from './web-host-policy.js';

/** The part of the core the browser host relays: the page's handlers by name, and events. */
export interface HostedCore {
  /** Refuses handlers the page may not call (host-only ones such as files-grant). */
  invokeFromRenderer(name: string, args: unknown): Promise<unknown>;
  events: {
    on<K extends CoreEventName>(event: K, listener: (payload: CoreEvents[K]) => void): () => void;
  };
}

export interface WebHostOptions {
  core: HostedCore;
  /** The built renderer (index.html and assets). */
  staticDir: string;
  port?: number;
  /** Core events relayed to the page over server-sent events. */
  events?: readonly CoreEventName[];
  /** The largest /rpc body taken, in bytes (default: a 500,000-row CSV import as records). */
  maxRpcBody?: number;
  /** The clock (milliseconds since the epoch) the link's expiry is measured by; tests set it. */
  now?: () => number;
}

export interface WebHost {
  /** Where the app is once the session cookie is set. */
  url: string;
  /** The URL to open: it carries the one-time secret that is exchanged for the cookie. */
  launchUrl: string;
  close(): Promise<void>;
}

/** How long the printed link may be used to sign in, from the moment the host starts. */
export const LINK_LIFETIME_MS = 5 * 60 * 1000;
const MAX_RPC_BODY = 96 * 1024 * 1024;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * Hosts the core for a browser on 127.0.0.1 only: the built renderer, `POST /rpc/<name>`
 * and `GET /events` (server-sent events). Guarded like a local app must be against other
 * web pages and other programs on this computer:
 *
 * - The printed link carries a random per-launch secret, usable once and for
 *   LINK_LIFETIME_MS, exchanged for an HttpOnly SameSite cookie named after this port.
 * - Cookies are not scoped to a port: the browser also sends that cookie to any other program
 *   listening on 127.0.0.1, which can replay it with any headers it likes. So the cookie alone
 *   opens only the renderer's files, which hold nothing. The data (`/rpc`, `/events`) also
 *   needs the page key: a second per-launch secret handed over once, in the sign-in answer's
 *   HTML, which the page keeps in its origin's storage (another port is another origin, so
 *   it cannot read it) and sends as the PAGE_KEY_HEADER request header.
 * - A Host header check (DNS rebinding); JSON-only RPC (no simple cross-site POSTs); and for
 *   the data, a browser's own word on where the request comes from (`Origin`,
 *   `Sec-Fetch-Site`) is required and must be this app's own origin.
 *
 * Only the handlers the page may call are relayed, and the host never takes a path: the page
 * sends a file's text.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const now = options.now ?? Date.now;
  const secret = randomBytes(32).toString('base64url');
  const linkExpires = now() + LINK_LIFETIME_MS;
  const session = randomBytes(32).toString('base64url');
  const pageKey = randomBytes(32).toString('base64url');
  let secretUsed = false;
  const streams = new Set<http.ServerResponse>();
  const unsubscribe = (options.events ?? ALL_EVENTS).map((event) =>
    options.core.events.on(event, (payload) => {
      const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const stream of streams) stream.write(frame);
    }),
  );

  const server = http.createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'Internal error');
      else response.destroy();
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const { port } = server.address() as AddressInfo;
    const allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    if (!allowedHosts.has(request.headers.host ?? '')) {
      return send(response, 403, 'text/plain; charset=utf-8', 'Forbidden: unexpected Host header');
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const path = decodePath(url.pathname);
    if (path === null) {
      return send(
        response,
        400,
        'text/plain; charset=utf-8',
        'Bad request: the path has a malformed %-escape.',
      );
    }
    // Named after the port: two hosts on one computer (cookies ignore ports) keep their own.
    const cookieName = `flowline_session_${port}`;
    const signedIn = same(readCookie(request.headers.cookie, cookieName) ?? '', session);
    if (request.method === 'GET' && path === '/session') {
      return signIn(response, url.searchParams.get('key'), signedIn, cookieName);
    }
    if (!signedIn) {
      return send(
        response,
        401,
        'text/plain; charset=utf-8',
        'Not signed in: open Flowline with the link `npm run web` printed.',
      );
    }
    const isData = path.startsWith('/rpc/') || path === '/events';
    const refused = isData ? refusal(request, allowedHosts, pageKey) : null;
    if (refused) return send(response, 403, 'text/plain; charset=utf-8', `Forbidden: ${refused}`);
    if (path.startsWith('/rpc/')) return rpc(request, response, path.slice(5));
    if (path === '/events' && request.method === 'GET') return events(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    }
    return staticFile(response, path);
  }

  /**
   * The printed link. Its first use within its lifetime signs this browser in: the cookie,
   * and the sign-in page, which hands the page its key and opens the app. Opened again by a
   * browser already signed in, it opens the app (with the key again, should that browser's
   * storage have lost it: the cookie and the link together are what the first use proved).
   */
  function signIn(
    response: http.ServerResponse,
    key: string | null,
    signedIn: boolean,
    cookieName: string,
  ) {
    const rightKey = key !== null && same(key, secret);
    if (signedIn) {
      if (rightKey) return signInPage(response, {});
      response.writeHead(302, { Location: '/', 'Cache-Control': 'no-store' });
      return response.end();
    }
    const why = !rightKey
      ? 'This link is wrong.'
      : secretUsed
        ? 'This link has already been used (in another browser, or its cookies were cleared).'
        : now() > linkExpires
          ? `This link has expired: it works for ${LINK_LIFETIME_MS / 60_000} minutes after \`npm run web\` prints it.`
          : null;
    if (why) {
      return send(
        response,
        403,
        'text/plain; charset=utf-8',
        `${why} Restart \`npm run web\` for a new one.`,
      );
    }
    secretUsed = true;
    return signInPage(response, {
      'Set-Cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
    });
  }

  function signInPage(response: http.ServerResponse, headers: http.OutgoingHttpHeaders) {
    response.writeHead(200, {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': SIGN_IN_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    response.end(signInHtml(pageKey));
  }

  async function rpc(request: http.IncomingMessage, response: http.ServerResponse, name: string) {
    if (request.method !== 'POST')
      return send(response, 405, 'text/plain; charset=utf-8', 'Use POST');
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      return send(
        response,
        415,
        'text/plain; charset=utf-8',
        'Unsupported media type: the body must be JSON (Content-Type: application/json).',
      );
    }
    const limit = options.maxRpcBody ?? MAX_RPC_BODY;
    const body = await readBody(request, limit);
    if (body === null) {
      // Answered, not cut off: the page must learn why (readBody discards the rest of the body).
      response.setHeader('Connection', 'close');
      return send(
        response,
        413,
        'text/plain; charset=utf-8',
        `Request too large: the host takes at most ${limit} bytes a request.`,
      );
    }
    let args: unknown;
    try {
      args = body.length === 0 ? {} : JSON.parse(body);
    } catch {
      return json(response, {
        ok: false,
        error: { type: 'validation', message: 'The request body is not valid JSON' },
      });
    }
    return reply(response, await options.core.invokeFromRenderer(name, args));
  }

  function events(request: http.IncomingMessage, response: http.ServerResponse) {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    streams.add(response);
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), 15_000);
    request.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(response);
    });
  }

  /** A file of the renderer, by its decoded path; none outside staticDir. */
  async function staticFile(response: http.ServerResponse, path: string) {
    const relative = normalize(path).replace(/^([/\\])+/, '');
    const file = join(options.staticDir, relative === '' ? 'index.html' : relative);
    if (!file.startsWith(options.staticDir + sep) && file !== options.staticDir) {
      return send(response, 404, 'text/plain; charset=utf-8', 'Not found');
    }
    const type = TYPES[extname(file)];
    try {
      const data = await readFile(type ? file : join(options.staticDir, 'index.html'));
      const headers: http.OutgoingHttpHeaders = {
        'Content-Type': type ?? TYPES['.html'],
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': relative.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-store',
      };
      response.writeHead(200, headers);
      response.end(data);
    } catch {
      send(response, 404, 'text/plain; charset=utf-8', 'Not found');
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    launchUrl: `${url}session?key=${secret}`,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe.forEach((stop) => stop());
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ALL_EVENTS: readonly CoreEventName[] = CORE_EVENT_NAMES;

/**
 * Why a request for data (`/rpc`, `/events`) is not this app's own page's, or null. A browser
 * says where every request comes from (`Sec-Fetch-Site` on all of them, `Origin` on every
 * POST): a request saying neither is not a browser's page, and one from another origin is
 * not ours (another port of 127.0.0.1 is same-site, so SameSite=Strict sends it the cookie).
 * Those headers can be forged by any program holding the cookie, so the page key decides:
 * only this app's page, which was handed it at sign-in, has it.
 */
function refusal(
  request: http.IncomingMessage,
  allowedHosts: Set<string>,
  pageKey: string,
): string | null {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (site === undefined && origin === undefined) {
    return "the request does not say where it comes from (no Origin or Sec-Fetch-Site header): only Flowline's own page may call the host.";
  }
  if (site !== undefined && site !== 'same-origin') {
    return `a request from another site (Sec-Fetch-Site: ${site.slice(0, 40)})`;
  }
  // Exactly the origin the request was sent to: the Host header, already one of ours.
  const host = request.headers.host ?? '';
  if (origin !== undefined && !(allowedHosts.has(host) && origin === `http://${host}`)) {
    return `a request from another origin (${origin.slice(0, 100)})`;
  }
  const key = request.headers[PAGE_KEY_HEADER.toLowerCase()];
  if (key === undefined) {
    return `the request does not carry the page key (${PAGE_KEY_HEADER}): open Flowline with the link \`npm run web\` printed.`;
  }
  if (typeof key !== 'string' || !same(key, pageKey)) {
    return `the request carries a wrong page key (${PAGE_KEY_HEADER}), perhaps from an earlier launch: open Flowline with the link \`npm run web\` printed.`;
  }
  return null;
}

/** A request path with its %-escapes decoded, or null when one is malformed. */
function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * The sign-in answer: a page holding the page key, whose one script keeps it in the origin's
 * storage (where the app's bridge reads it) and opens the app in its place, so the link
 * leaves the history. The script is constant, so its hash in the CSP is too: the key is read
 * from the meta tag, and no other inline script may run.
 */
const SIGN_IN_SCRIPT = `try {
  localStorage.setItem(${JSON.stringify(PAGE_KEY_STORAGE)}, document.querySelector('meta[name="${PAGE_KEY_META}"]').content);
  location.replace('./');
} catch (error) {
  document.getElementById('status').textContent =
    'Flowline could not keep its key in this browser (is site data blocked for this address?): ' + error;
}`;
const SIGN_IN_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SIGN_IN_SCRIPT).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function signInHtml(pageKey: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="${PAGE_KEY_META}" content="${pageKey}">
<title>Flowline</title>
</head>
<body>
<p id="status">Opening Flowline…</p>
<script>${SIGN_IN_SCRIPT}</script>
</body>
</html>
`;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function readBody(request: http.IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    if (Number(request.headers['content-length']) > limit) {
      request.resume(); // read and drop what is sent, so the 413 reaches the page
      return resolve(null);
    }
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return chunks.push(chunk);
      request.off('data', collect);
      request.resume();
      resolve(null);
    };
    request.on('data', collect);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(body);
}

/**
 * A handler's reply: JSON, or the packed body (shared/desktop/packed-body.ts) when it holds
 * typed arrays (production-columns), which JSON would turn into objects of numbered members.
 */
function reply(response: http.ServerResponse, value: unknown) {
  if (!holdsTypedArrays(value)) return json(response, value);
  const body = encodePackedBody(value);
  response.writeHead(200, {
    'Content-Type': PACKED_BODY_TYPE,
    'Content-Length': body.byteLength,
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

function json(response: http.ServerResponse, value: unknown) {
  send(response, 200, 'application/json; charset=utf-8', JSON.stringify(value));
}
