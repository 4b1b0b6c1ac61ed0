/**
 * `serve --tls-cert --tls-key` serves HTTPS (a self-signed pair made with
 * openssl), and one of the two flags alone is refused.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killAllChildren, runCli, startServe, tempDir } from './testing/spawn-server.js';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function httpsGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    // Self-signed certificate: skip verification for this one request only.
    const request = get(url, { rejectUnauthorized: false, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      response.on('error', fail);
    });
    request.on('error', fail);
  });
}

describe('TLS', () => {
  const temp = tempDir();
  const cert = join(temp.dir, 'cert.pem');
  const key = join(temp.dir, 'key.pem');
  afterEach(killAllChildren);
  afterAll(() => temp.cleanup());

  it.skipIf(!hasOpenssl())(
    'serves HTTPS with --tls-cert and --tls-key',
    async () => {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=localhost',
          '-days',
          '1',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore' },
      );
      const server = await startServe([
        '--db',
        join(temp.dir, 'tls.db'),
        '--port',
        '0',
        '--tls-cert',
        cert,
        '--tls-key',
        key,
        '--log-level',
        'warn',
      ]);
      expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

      const health = await httpsGet(`${server.origin}/healthz`);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });

      // The API itself is behind TLS too (and still wants a token).
      const unauthenticated = await httpsGet(`${server.api}/projects`);
      expect(unauthenticated.status).toBe(401);
    },
    60_000,
  );

  // Not concurrent: afterEach kills every child, a sibling's included.
  it.for([
    { flag: '--tls-cert', missing: '--tls-key' },
    { flag: '--tls-key', missing: '--tls-cert' },
  ])(
    'refuses $flag without $missing with a non-zero exit and a clear message',
    { timeout: 30_000 },
    async ({ flag, missing }, { expect }) => {
      // The file need not be valid: the pair is checked before anything is read.
      const lonely = join(temp.dir, `${flag.slice(2)}-only.pem`);
      writeFileSync(lonely, 'not a pem\n');
      const result = await runCli([
        'serve',
        '--db',
        join(temp.dir, 'lonely.db'),
        '--port',
        '0',
        flag,
        lonely,
      ]);
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stderr).toContain(missing);
      expect(result.stderr).not.toMatch(/listening on/);
    },
  );
});
