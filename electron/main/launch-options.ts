import { isAbsolute, resolve } from 'node:path';

/**
 * How the desktop app was asked to start. `--data-dir <dir>` (or FLOWLINE_DATA_DIR) puts
 * userData — the cache, the demo database, tokens, window state — somewhere else: the
 * end-to-end tests give every test a fresh folder; the browser host takes the same flag.
 */
export interface LaunchOptions {
  dataDir: string | null;
}

export function parseLaunchOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
  cwd: string = process.cwd(),
): LaunchOptions {
  let dataDir: string | null = null;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir' && index + 1 < argv.length) dataDir = argv[index + 1]!;
  }
  dataDir ||= env.FLOWLINE_DATA_DIR || null;
  if (dataDir === null) return { dataDir: null };
  return { dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir) };
}
