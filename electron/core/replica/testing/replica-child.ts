import type { FetchLike } from '#shared/client/index.js';
import { createCore } from '../../create-core.js';
import { FileSecretStore } from '../../secret-store.js';

/**
 * The core in a child process for the replication crash test (replica-crash.test.ts), run as
 * `process.execPath --import tsx replica-child.ts <json options>`. With `open`, it opens the
 * project (replica-open); without, it only starts, as the app does after a crash, and the
 * kept project must resume by itself. It reports on stdout (JSON lines):
 *   {"type":"request","url":…} for each production read it sends,
 *   {"type":"progress","recent":n,"complete":n,"state":…} as the replica moves,
 *   {"type":"current"} once the replica is whole.
 */

interface ChildOptions {
  dataDir: string;
  baseUrl: string;
  token: string;
  projectId: string;
  open: boolean;
}

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main(options: ChildOptions): Promise<void> {
  const fetch: FetchLike = (input, init) => {
    const url = new URL(input);
    if (url.pathname.endsWith('/production'))
      say({ type: 'request', url: `${url.pathname}${url.search}` });
    return globalThis.fetch(input, init);
  };
  const core = await createCore({
    dataDir: options.dataDir,
    secretStore: new FileSecretStore(options.dataDir),
    defaultConnection: { name: 'Crash test', baseUrl: options.baseUrl, token: options.token },
    fetch,
    client: { timeoutMs: 5_000, retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 } },
    log: (entry) => process.stderr.write(`${entry.level}: ${entry.message}\n`),
  });
  core.events.on('replica-progress', (status) => {
    if (status.projectId !== options.projectId) return;
    say({
      type: 'progress',
      recent: status.wellsRecent,
      complete: status.wellsComplete,
      state: status.state,
    });
    if (status.state === 'current') say({ type: 'current' });
  });
  if (options.open) await core.handlers['replica-open']({ projectId: options.projectId });
}

main(JSON.parse(process.argv[2] ?? '{}') as ChildOptions).catch((error: unknown) => {
  process.stderr.write(`replica child failed: ${String(error)}\n`);
  process.exit(1);
});
