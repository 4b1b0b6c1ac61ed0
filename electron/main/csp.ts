/**
 * The renderer's Content-Security-Policy in the desktop app. The renderer is served from our
 * own `flowline://app` origin (see app-protocol.ts) and reaches the core through the preload's
 * MessagePort, never the network: so no remote origin appears anywhere, no inline or eval'd
 * script runs, and nothing may frame, embed or submit. Inline style attributes are allowed
 * because the chart library positions its elements with them (as in the browser host).
 */
export const DESKTOP_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'media-src': ["'none'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'child-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
  'base-uri': ["'none'"],
};

export const DESKTOP_CSP = Object.entries(DESKTOP_CSP_DIRECTIVES)
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join('; ');

type Headers = Record<string, string[] | string>;

/**
 * Response headers with our policy in place of any the response brought (for
 * `session.webRequest.onHeadersReceived`): whatever serves the page, the app's policy wins.
 */
export function withDesktopCsp(headers: Headers | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [DESKTOP_CSP];
  result['X-Content-Type-Options'] = ['nosniff'];
  return result;
}
