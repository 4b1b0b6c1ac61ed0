import { createCore } from '../create-core.js';
import { FileSecretStore } from '../secret-store.js';
import { recordsOf, type CrashChildOptions } from './crash-protocol.js';

/**
 * The core in a child process for the crash test (sync/crash.test.ts), started
 * with `process.execPath --import tsx crash-child.ts <json options>`. It saves
 * small batches of records with fresh dates, one after another, while its sync
 * engine pushes them, and reports on stdout (JSON lines) what it does:
 *   {"type":"ready"}, {"type":"saving","id":n}, {"type":"saved","id":n},
 *   {"type":"status","phase":…,"pending":…}, and in drain mode {"type":"drained"}.
 * The parent kills it with SIGKILL at random points and checks the cache.
 */

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main(options: CrashChildOptions): Promise<void> {
  const core = await createCore({
    dataDir: options.dataDir,
    secretStore: new FileSecretStore(options.dataDir),
    defaultConnection: { name: 'Crash test', baseUrl: options.baseUrl, token: options.token },
    client: { timeoutMs: 5_000, retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 } },
    sync: { baseDelayMs: 5, maxDelayMs: 20 },
    log: (entry) => process.stderr.write(`${entry.level}: ${entry.message}\n`),
  });
  core.events.on('sync-status-changed', (status) =>
    say({ type: 'status', phase: status.phase, pending: status.pending, errors: status.errors }),
  );
  const { projectId, wellId } = options;
  await core.handlers['wells-get']({ projectId, wellId });
  say({ type: 'ready' });

  if (options.mode === 'drain') {
    for (;;) {
      const status = await core.handlers['sync-now']({});
      if (status.pending === 0 && status.phase === 'idle') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await core.close();
    say({ type: 'drained' });
    return;
  }
  for (let id = options.firstId; ; id++) {
    say({ type: 'saving', id });
    await core.handlers['records-save']({
      projectId,
      wellId,
      records: recordsOf(id, options.firstDate),
    });
    say({ type: 'saved', id });
    // A breath between saves, so kills land in syncs as well as in saves.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 8));
  }
}

const options = JSON.parse(process.argv[2] ?? '{}') as CrashChildOptions;
main(options).catch((error: unknown) => {
  process.stderr.write(`crash child failed: ${String(error)}\n`);
  process.exit(1);
});
