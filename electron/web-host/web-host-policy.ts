/**
 * The renderer's Content-Security-Policy in the browser host: our own origin only, no
 * remote code or connections. Inline style attributes are allowed because the chart
 * library positions its elements with them; inline scripts are not.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page key (web-host-server.ts): the request header the page sends it in, the meta tag of
 * the sign-in page that hands it over, and the name the page keeps it under in its origin's
 * localStorage (origin-wide, so every tab of the app has it; another port cannot read it).
 */
export const PAGE_KEY_HEADER = 'X-Flowline-Key';
export const PAGE_KEY_META = 'flowline-page-key';
export const PAGE_KEY_STORAGE = 'flowline-page-key';
