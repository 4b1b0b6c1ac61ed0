import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore } from '#core/create-core.js';
import { FileSecretStore } from '#core/secret-store.js';
import { defaultDataDir } from '#electron/common/data-dir.js';
import {
  acquireDataFolderLock,
  DATA_FOLDER_IN_USE_EXIT_CODE,
} from '#electron/common/data-folder-lock.js';
import {
  DEMO_WORKSPACE_NAME,
  startEmbeddedDemo,
  type EmbeddedDemo,
} from '#electron/common/embedded-demo.js';
import { startWebHost } from './web-host-server.js';

/**
 * `npm run web -- [--port <n>] [--data-dir <dir>] [--open]`: Flowline in a browser. The
 * same core and renderer as the desktop app, with the embedded demo workspace, served on
 * 127.0.0.1. Prints the URL to open (it carries a one-time secret) on stdout.
 */
const DEFAULT_PORT = 5790;
const USAGE =
  'Usage: npm run web -- [--port <n>] [--data-dir <dir>] [--open] [--demo-offline] [--demo-log <file>]';

async function main(): Promise<void> {
  let values;
  try {
    values = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        open: { type: 'boolean', default: false },
        'demo-offline': { type: 'boolean', default: false },
        'demo-log': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || port > 65535)) {
    fail(`--port must be 0–65535\n${USAGE}`, 2);
  }
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  // FLOWLINE_RENDERER_DIR serves another build (benchmarks and parallel work build elsewhere).
  const staticDir = resolve(
    process.env.FLOWLINE_RENDERER_DIR ??
      join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'renderer'),
  );
  if (!existsSync(join(staticDir, 'index.html'))) {
    fail(
      'The renderer is not built yet: run `npm run build:renderer` (npm run web does it for you).',
      1,
    );
  }

  // Before anything in the folder is written; released when this process exits.
  const lock = acquireDataFolderLock(dataDir, 'browser');
  if (!lock.ok) fail(lock.message, DATA_FOLDER_IN_USE_EXIT_CODE);
  if (lock.lock.warning) process.stderr.write(`${lock.lock.warning}\n`);

  // --demo-offline: the demo workspace with its server unreachable, to try offline work.
  const demo = values['demo-offline']
    ? unreachableDemo()
    : await startEmbeddedDemo(dataDir, {
        onSeeding: () =>
          process.stderr.write('Preparing the demo workspace (first run, a few seconds)…\n'),
        // --demo-log: the demo server's request log (JSON lines, never a token), to see
        // what the app sends; the end-to-end tests count requests with it.
        ...(values['demo-log'] ? { logFile: resolve(values['demo-log']) } : {}),
      }).catch((error: Error) => {
        // A full disk, say: Flowline still opens, on what this computer already has.
        process.stderr.write(`The demo workspace could not be started: ${error.message}\n`);
        return unreachableDemo();
      });
  const secretStore = new FileSecretStore(dataDir);
  const core = await createCore({ dataDir, secretStore, defaultConnection: demo.connection });
  // A fixed default port keeps the page's origin, and with it the remembered last view,
  // the same from one launch to the next; if it is taken, any free port will do.
  const host = await startWebHost({ core, staticDir, port }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' || values.port !== undefined) throw error;
      process.stderr.write(`Port ${DEFAULT_PORT} is in use; using another one.\n`);
      return startWebHost({ core, staticDir, port: 0 });
    },
  );

  process.stderr.write(`Flowline (browser host) — data in ${dataDir}\n${secretStore.warning}\n`);
  process.stdout.write(`Open Flowline: ${host.launchUrl}\n`);
  if (!values['demo-offline']) process.stdout.write(`Demo API: ${demo.connection.baseUrl}\n`);
  if (values.open) openBrowser(host.launchUrl);

  const stop = async () => {
    await host.close();
    await core.close();
    await demo.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

function unreachableDemo(): EmbeddedDemo {
  // Port 9 (discard) on loopback: nothing listens, so every request fails at once.
  return {
    connection: {
      name: DEMO_WORKSPACE_NAME,
      baseUrl: 'http://127.0.0.1:9/api/v1',
      token: 'flw_offline',
    },
    close: async () => undefined,
  };
}

function openBrowser(url: string): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '""', url] : [url];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () =>
    process.stderr.write(`Could not open a browser; open the URL above yourself.\n`),
  );
  child.unref();
}

function fail(message: string, code: number): never {
  process.stderr.write(`flowline web: ${message}\n`);
  process.exit(code);
}

main().catch((error: unknown) => fail((error as Error).message, 1));
