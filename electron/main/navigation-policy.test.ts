import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  decideWindowOpen,
  isBlockedRequestUrl,
  safeExternalUrl,
} from './navigation-policy.js';

describe('navigation and window.open', () => {
  it('lets a page move within flowline://app only', () => {
    expect(decideNavigation('flowline://app/index.html')).toEqual({ action: 'allow' });
    expect(decideNavigation('flowline://app/projects/p1')).toEqual({ action: 'allow' });
    expect(decideNavigation('flowline://evil/index.html')).toEqual({ action: 'deny' });
    expect(decideNavigation('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(decideNavigation('http://127.0.0.1:8787/')).toEqual({ action: 'deny' });
  });

  it('sends public https links to the system browser instead of navigating', () => {
    expect(decideNavigation('https://example.com/docs?a=1')).toEqual({
      action: 'open-external',
      url: 'https://example.com/docs?a=1',
    });
  });

  it('never opens a window, not even of our own pages', () => {
    expect(decideWindowOpen('flowline://app/index.html')).toEqual({ action: 'deny' });
    expect(decideWindowOpen('about:blank')).toEqual({ action: 'deny' });
    expect(decideWindowOpen('https://example.com/')).toEqual({
      action: 'open-external',
      url: 'https://example.com/',
    });
  });

  it.each([
    'http://example.com/',
    'javascript:alert(1)',
    'file:///C:/Windows/system32/calc.exe',
    'smb://server/share',
    'ms-msdt:/id',
    'https://user:secret@example.com/',
    'https://localhost/',
    'https://127.0.0.1/',
    'https://10.1.2.3/',
    'https://192.168.0.1/',
    'https://172.20.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/',
    'https://intranet/',
    'https://printer.local/',
    'https://example.com:8443/',
    'not a url',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('does not hand %s to the system', (url) => {
    expect(safeExternalUrl(url)).toBeNull();
  });

  it('accepts nothing but strings', () => {
    expect(safeExternalUrl(undefined)).toBeNull();
    expect(safeExternalUrl({ toString: () => 'https://example.com' })).toBeNull();
  });
});

describe('isBlockedRequestUrl (the page loads nothing from the network)', () => {
  it('blocks http, https, ws and ftp; lets our scheme, data and blob through', () => {
    for (const url of [
      'http://x/',
      'https://cdn.example.com/a.js',
      'ws://x',
      'wss://x',
      'ftp://x',
      'HTTPS://X',
    ]) {
      expect(isBlockedRequestUrl(url)).toBe(true);
    }
    for (const url of [
      'flowline://app/assets/a.js',
      'data:image/png;base64,AA',
      'blob:flowline://app/1',
      'devtools://x',
    ]) {
      expect(isBlockedRequestUrl(url)).toBe(false);
    }
  });
});
