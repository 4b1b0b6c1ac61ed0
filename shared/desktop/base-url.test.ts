import { describe, expect, it } from 'vitest';
import { isLoopbackHost, normaliseBaseUrl } from './base-url.js';

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://data.example.com/api/v1', 'https://data.example.com/api/v1'],
    ['https://data.example.com/api/v1/', 'https://data.example.com/api/v1'],
    ['  https://DATA.example.com  ', 'https://data.example.com/api/v1'],
    ['https://example.com/acme', 'https://example.com/acme/api/v1'],
    ['https://example.com:8443/api/v1', 'https://example.com:8443/api/v1'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787/api/v1'],
    ['http://127.9.9.9:8787/api/v1', 'http://127.9.9.9:8787/api/v1'],
    ['http://localhost:3000/api/v1', 'http://localhost:3000/api/v1'],
    ['http://[::1]:3000', 'http://[::1]:3000/api/v1'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normaliseBaseUrl(input)).toEqual({ ok: true, baseUrl: expected });
  });

  it.each([
    ['http://data.example.com/api/v1', 'https-required'],
    ['http://128.0.0.1/api/v1', 'https-required'],
    ['http://10.0.0.5/api/v1', 'https-required'],
    ['http://localhost.example.com', 'https-required'],
    ['data.example.com/api/v1', 'bad-url'],
    ['', 'bad-url'],
    ['ftp://example.com/api/v1', 'bad-url'],
    ['https://user:secret@example.com/api/v1', 'bad-url'],
    ['https://example.com/api/v1?token=x', 'bad-url'],
  ])('refuses %s (%s)', (input, problem) => {
    const check = normaliseBaseUrl(input);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.problem).toBe(problem);
      expect(check.message.length).toBeGreaterThan(20);
    }
  });

  it('names the loopback addresses plain HTTP is allowed for', () => {
    expect(['localhost', '127.0.0.1', '127.255.0.1', '[::1]'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['example.com', '10.0.0.1', '[::2]', '1127.0.0.1'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
