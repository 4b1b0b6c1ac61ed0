import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SCOPES, type Plan, type Scope } from '#server/auth/scopes.js';
import { createToken } from '#server/auth/token-store.js';
import { startServer, type RunningServer } from '#server/main.js';

/**
 * Our real API server on 127.0.0.1 with a fresh database file in the OS temp
 * folder: the client's tests talk HTTP to it exactly as the desktop will.
 */
export interface TestServer {
  server: RunningServer;
  baseUrl: string;
  /** A token of user "alice" with every scope but admin. */
  token: string;
  tokenFor(user: string, options?: { plan?: Plan; scopes?: readonly Scope[] }): string;
  close(): Promise<void>;
}

export async function startTestServer(
  options: { rateLimit?: boolean; plan?: Plan } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'flowline-client-'));
  const server = await startServer({
    dbFile: join(dir, 'api.db'),
    port: 0,
    rateLimit: options.rateLimit ?? false,
  });
  const tokenFor: TestServer['tokenFor'] = (user, tokenOptions = {}) =>
    createToken(server.db, {
      user,
      scopes: tokenOptions.scopes ?? DEFAULT_SCOPES,
      plan: tokenOptions.plan ?? options.plan ?? 'enterprise',
    });
  return {
    server,
    baseUrl: `${server.url}/api/v1`,
    token: tokenFor('alice'),
    tokenFor,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
