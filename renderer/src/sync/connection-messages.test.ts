import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '#shared/desktop/index.js';
import { verdictOfAddress, verdictOfError, verdictOfTest } from './connection-messages.js';

describe('connection verdicts', () => {
  it('reports success with what the token can see', () => {
    expect(
      verdictOfTest({
        ok: true,
        baseUrl: 'https://data.example.com/api/v1',
        projectCount: 3,
        latencyMs: 84,
      }),
    ).toMatchObject({
      ok: true,
      headline: 'Connected: the token can see 3 projects.',
      detail: 'https://data.example.com/api/v1 answered in 84 ms.',
    });
  });

  it('says the server does not say how many projects when its list has no total', () => {
    expect(
      verdictOfTest({
        ok: true,
        baseUrl: 'https://acme.example.com/api/v1',
        projectCount: null,
        latencyMs: 120,
      }),
    ).toMatchObject({
      ok: true,
      headline: 'Connected: the server does not say how many projects the token can see.',
    });
  });

  it.each([
    ['unauthorized', 401, /refused \(401\).*expired/],
    ['forbidden', 403, /permission \(403\)/],
    ['unreachable', undefined, /could not be reached/],
    ['https-required', undefined, /HTTPS/],
  ] as const)('says plainly what %s means', (problem, status, headline) => {
    const verdict = verdictOfTest({
      ok: false,
      problem,
      message: 'the core’s cause',
      ...(status === undefined ? {} : { status, requestId: 'req_9' }),
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.headline).toMatch(headline);
    expect(verdict.advice).toBeTruthy();
    expect(verdict.detail).toBe('the core’s cause');
    expect(verdict.reference).toBe(status === undefined ? null : `HTTP ${status} · request req_9`);
  });

  it('reads a failed save the same way as a failed test', () => {
    const verdict = verdictOfError({
      type: 'unauthorized',
      message: 'The server refused the token',
      details: { code: 'unauthorized', status: 401 },
    });
    expect(verdict.headline).toMatch(/401/);
    expect(verdict.reference).toBe('HTTP 401');
  });

  it('names the form field a validation error is about', () => {
    expect(
      verdictOfError({
        type: 'validation',
        message: 'Invalid arguments',
        details: { issues: [{ path: 'name', message: 'must not be empty' }] },
      }).headline,
    ).toBe('Name: must not be empty');
  });

  it('checks the address before anything is sent', () => {
    const check = normaliseBaseUrl('http://data.example.com');
    if (check.ok) throw new Error('expected a problem');
    expect(verdictOfAddress(check).headline).toMatch(/HTTPS/);
  });
});
