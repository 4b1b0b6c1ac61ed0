import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { DESKTOP_CSP } from './csp.js';

/**
 * The renderer is served from a privileged custom scheme, `flowline://app/…`, not file://:
 * it gets a real origin of its own (for the CSP's 'self' and the IPC sender check), cannot
 * read the rest of the disk, and every response carries our Content-Security-Policy.
 */
export const APP_SCHEME = 'flowline';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

export type AppFileResolution =
  { ok: true; file: string; spaFallback: boolean } | { ok: false; status: 400 | 403 | 404 };

/** Is this URL one of ours (scheme and host)? Anything that fails to parse is not. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Maps a `flowline://app/<path>` URL to a file under `rootDir`, refusing anything that would
 * leave it (encoded `..`, backslashes, NUL). Paths without an extension are client-side routes
 * and get index.html.
 */
export function resolveAppFile(requestUrl: string, rootDir: string): AppFileResolution {
  if (!isAppUrl(requestUrl)) return { ok: false, status: 403 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { ok: false, status: 400 };
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, status: 403 };
  }
  const root = resolve(rootDir);
  const wantsRoute = segments.length === 0 || extname(segments[segments.length - 1]!) === '';
  const file = wantsRoute ? join(root, 'index.html') : join(root, ...segments);
  if (file !== root && !file.startsWith(root + sep)) return { ok: false, status: 403 };
  return { ok: true, file, spaFallback: wantsRoute && segments.length > 0 };
}

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': DESKTOP_CSP,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The `protocol.handle(APP_SCHEME, …)` handler: the built renderer, read-only, with our CSP. */
export function createAppRequestHandler(rootDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed');
    const resolved = resolveAppFile(request.url, rootDir);
    if (!resolved.ok) return plain(resolved.status, 'Not available');
    let body: Buffer;
    try {
      body = await readFile(resolved.file);
    } catch {
      return plain(404, 'Not found');
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': contentTypeOf(resolved.file),
        'Content-Security-Policy': DESKTOP_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    });
  };
}
