import { randomBytes, timingSafeEqual } from 'node:crypto';
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
} from '../shared/desktop/index.js';
import { CONTENT_SECURITY_POLICY } from './web-host-policy.js';

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
}

export interface WebHost {
  /** Where the app is once the session cookie is set. */
  url: string;
  /** The URL to open: it carries the one-time secret that is exchanged for the cookie. */
  launchUrl: string;
  close(): Promise<void>;
}

const COOKIE = 'flowline_session';
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
 * web pages: a random per-launch secret, usable once, exchanged for an HttpOnly SameSite
 * cookie; a Host header check (DNS rebinding); JSON-only RPC (no simple cross-site POSTs);
 * and for /rpc and /events, a browser's own word on where the request comes from (`Origin`,
 * `Sec-Fetch-Site`) must be this app. Only the handlers the page may call are relayed, and
 * the host never takes a path: the page sends a file's text.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const secret = randomBytes(32).toString('base64url');
  const session = randomBytes(32).toString('base64url');
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
    const key = url.searchParams.get('key');
    if (request.method === 'GET' && url.pathname === '/session') {
      if (secretUsed || key === null || !same(key, secret)) {
        return send(
          response,
          403,
          'text/plain; charset=utf-8',
          'This link has already been used or is wrong. Restart `npm run web` for a new one.',
        );
      }
      secretUsed = true;
      response.writeHead(302, {
        'Set-Cookie': `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        Location: '/',
        'Cache-Control': 'no-store',
      });
      return response.end();
    }
    if (!same(readCookie(request.headers.cookie, COOKIE) ?? '', session)) {
      return send(
        response,
        401,
        'text/plain; charset=utf-8',
        'Not signed in: open Flowline with the link `npm run web` printed.',
      );
    }
    const isApi = url.pathname.startsWith('/rpc/') || url.pathname === '/events';
    const foreign = isApi ? foreignOrigin(request, allowedHosts) : null;
    if (foreign) return send(response, 403, 'text/plain; charset=utf-8', `Forbidden: ${foreign}`);
    if (url.pathname.startsWith('/rpc/'))
      return rpc(request, response, decodeURIComponent(url.pathname.slice(5)));
    if (url.pathname === '/events' && request.method === 'GET') return events(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    }
    return staticFile(response, url.pathname);
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

  async function staticFile(response: http.ServerResponse, pathname: string) {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
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
 * Why a request to /rpc or /events does not come from this app's own page, or null. Browsers
 * send `Sec-Fetch-Site` with every request and `Origin` with every POST; another site's page
 * (even with the cookie, which SameSite=Strict already withholds) is refused by both.
 */
function foreignOrigin(request: http.IncomingMessage, allowedHosts: Set<string>): string | null {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return `a request from another site (Sec-Fetch-Site: ${site.slice(0, 40)})`;
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let host: string | null = null;
    try {
      const parsed = new URL(origin);
      if (parsed.protocol === 'http:') host = parsed.host;
    } catch {
      host = null;
    }
    if (host === null || !allowedHosts.has(host)) {
      return `a request from another origin (${origin.slice(0, 100)})`;
    }
  }
  return null;
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
