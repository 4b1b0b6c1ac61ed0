import { isAppUrl } from './app-protocol.js';

/**
 * What the app does when a page tries to go somewhere: it never navigates away from its own
 * origin and never opens a second window. A plain https link to a public host is handed to
 * the system browser instead; everything else (http, file, javascript:, custom schemes,
 * credentials in the URL, loopback and private hosts) is dropped.
 */
export type NavigationDecision =
  { action: 'allow' } | { action: 'deny' } | { action: 'open-external'; url: string };

const MAX_EXTERNAL_URL_LENGTH = 2048;

function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (
    host === '::1' ||
    host === '::' ||
    host.startsWith('fe80:') ||
    /^f[cd][0-9a-f]{2}:/.test(host)
  ) {
    return true;
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!v4) return !host.includes('.'); // a bare intranet name
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** The URL, normalised, if it may be shown in the system browser; otherwise null. */
export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL_LENGTH)
    return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '' || isPrivateHost(url.hostname)) return null;
  if (url.port !== '' && url.port !== '443') return null;
  return url.toString();
}

/**
 * For `will-frame-navigate` and `will-redirect`: a page may move within our own origin
 * (a reload, a route); anything else is denied, https links going to the system browser.
 */
export function decideNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return { action: 'allow' };
  return decideWindowOpen(url);
}

/** For `setWindowOpenHandler`: no new windows at all, even of our own pages. */
export function decideWindowOpen(url: string): NavigationDecision {
  const external = safeExternalUrl(url);
  return external ? { action: 'open-external', url: external } : { action: 'deny' };
}

/**
 * Requests the renderer's session may make at all: none to the network. The page and its
 * assets come from flowline://app, the core answers over a MessagePort; devtools and
 * data/blob URLs are not network requests.
 */
export function isBlockedRequestUrl(url: string): boolean {
  return /^(https?|wss?|ftp):/i.test(url);
}
