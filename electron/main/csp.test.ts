import { describe, expect, it } from 'vitest';
import { DESKTOP_CSP, DESKTOP_CSP_DIRECTIVES, withDesktopCsp } from './csp.js';

describe('the desktop Content-Security-Policy', () => {
  it('names no remote origin: only self, none, data:/blob: for images and fonts', () => {
    const allowed = new Set(["'self'", "'none'", 'data:', 'blob:', "'unsafe-inline'"]);
    for (const [directive, sources] of Object.entries(DESKTOP_CSP_DIRECTIVES)) {
      for (const source of sources) expect(allowed, `${directive} ${source}`).toContain(source);
    }
    expect(DESKTOP_CSP).not.toMatch(/https?:|wss?:|\*/);
  });

  it('runs only our own scripts: no inline, eval or wasm-eval', () => {
    expect(DESKTOP_CSP_DIRECTIVES['script-src']).toEqual(["'self'"]);
    expect(DESKTOP_CSP).not.toMatch(/unsafe-eval|wasm-unsafe-eval|strict-dynamic/);
    expect(DESKTOP_CSP).toContain("default-src 'none'");
  });

  it('forbids plugins, frames, being framed, form posts and <base>', () => {
    for (const directive of [
      'object-src',
      'frame-src',
      'frame-ancestors',
      'form-action',
      'base-uri',
    ]) {
      expect(DESKTOP_CSP_DIRECTIVES[directive]).toEqual(["'none'"]);
    }
  });

  it('replaces whatever policy a response brings, keeping its other headers', () => {
    const headers = withDesktopCsp({
      'content-security-policy': ['default-src *'],
      'Content-Type': 'text/html',
    });
    expect(headers['Content-Security-Policy']).toEqual([DESKTOP_CSP]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['X-Content-Type-Options']).toEqual(['nosniff']);
    expect(withDesktopCsp(undefined)['Content-Security-Policy']).toEqual([DESKTOP_CSP]);
  });
});
