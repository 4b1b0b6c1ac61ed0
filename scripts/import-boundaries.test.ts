import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import arrows of docs/architecture.md, checked through the project's real ESLint config.
 * The snippets are linted as files that do not exist, which no tsconfig.json includes, so the
 * type-aware rules (and the type information they need) are switched off here; the import
 * rule needs no types.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

/** The messages of the import rule for `source` linted as if it were `filePath`. */
async function restrictions(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  const messages = result?.messages ?? [];
  // A file ESLint could not parse has no rule messages at all, which would pass every `false`.
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages
    .filter((message) => message.ruleId === 'flowline/layers')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it.each<[string, string, boolean]>([
    ['shared/api/x.ts', "import '#server/app.js';", true],
    ['shared/api/x.ts', "import '../../server/app.js';", true],
    ['shared/api/x.ts', "import 'node:fs';", true],
    ['shared/api/x.ts', "import '../production/monthly.js';", false],
    ['shared/api/x.ts', "import '#shared-node/sqlite/migrations.js';", true],
    ['shared-node/sqlite/x.ts', "import Database from 'better-sqlite3';", false],
    ['shared-node/sqlite/x.ts', "import '#shared/api/index.js';", false],
    ['shared-node/sqlite/x.ts', "import '#server/app.js';", true],
    ['server/routes/x.ts', "import '#shared/api/index.js';", false],
    ['server/routes/x.ts', "import '../../shared/api/index.js';", false],
    ['server/routes/x.ts', "import '#shared-node/sqlite/migrations.js';", false],
    ['server/routes/x.ts', "import '#core/index.js';", true],
    ['server/routes/x.ts', "import '../../electron/core/index.js';", true],
    ['electron/core/x.ts', "import '#server/app.js';", true],
    ['electron/core/x.ts', "import '../../server/app.js';", true],
    ['electron/core/x.ts', "import '#shared/api/index.js';", false],
    ['electron/web-host/web-host.ts', "import '#server/main.js';", false],
    ['electron/web-host/web-host.ts', "import '#renderer/main.js';", true],
    ['electron/web-host/web-host.ts', "import { app } from 'electron';", true],
    ['renderer/src/x.ts', "import '#core/index.js';", true],
    ['renderer/src/x.ts', "import '#shared/api/index.js';", false],
    ['bench/x.ts', "import '#server/app.js';", false],
    // shared/ is pure TypeScript: no Node built-ins, bare or prefixed, and no Node-only packages.
    ['shared/api/x.ts', "import fs from 'fs';", true],
    ['shared/api/x.ts', "import { readFile } from 'fs/promises';", true],
    ['shared/api/x.ts', "import { createHash } from 'node:crypto';", true],
    ['shared/api/x.ts', "import Database from 'better-sqlite3';", true],
    ['shared/api/x.ts', "import { app } from 'electron';", true],
    ['shared/api/x.ts', "import Fastify from 'fastify';", true],
    ['shared/csv/x.ts', "import { parse } from 'csv-parse/sync';", true],
    ['shared/api/x.ts', "import { z } from 'zod';", false],
    ['shared/wells/x.ts', "import type Database from 'better-sqlite3';", true],
    ['shared/dates/x.ts', "import { Worker } from 'worker_threads';", true],
    ['shared/api/x.ts', "import process from 'process';", true],
    ['shared/api/x.ts', "export { z } from 'node:util';", true],
    ['shared/api/x.ts', "const m = import('#server/app.js');", true],
    // The core is plain Node but knows nothing of Electron or of the hosts beside it.
    ['electron/core/x.ts', "import { app } from 'electron';", true],
    ['electron/core/x.ts', "import '../main/main.js';", true],
    ['electron/core/x.ts', "import '#electron/core-process/core-service.js';", true],
    ['electron/core/x.ts', "import { ipcMain } from 'electron/main';", true],
    ['electron/core/cache/x.ts', "import '#electron/web-host/web-host-server.js';", true],
    ['electron/core/cache/x.ts', "import '../../web-host/web-host-server.js';", true],
    ['electron/core/sync/x.ts', "import '#electron/preload/preload.js';", true],
    ['electron/core/sync/x.ts', "import '#electron/ipc/ipc-channels.js';", true],
    ['electron/core/x.ts', "import './cache/database.js';", false],
    ['electron/core/sync/x.ts', "import '../cache/database.js';", false],
    ['electron/core/a/b/x.ts', "import '#core/cache/database.js';", false],
    ['electron/core/x.ts', "import Database from 'better-sqlite3';", false],
    ['electron/core/x.ts', "import fs from 'node:fs';", false],
    // The host processes, each in its folder.
    ['electron/main/main.ts', "import { app } from 'electron';", false],
    ['electron/main/main.ts', "import '#core/index.js';", false],
    ['electron/main/main.ts', "import '#electron/core-process/core-supervisor.js';", false],
    ['electron/main/main.ts', "import '#electron/web-host/web-host-server.js';", true],
    ['electron/main/main.ts', "import '#server/main.js';", true],
    ['electron/preload/preload.ts', "import '#electron/ipc/ipc-channels.js';", false],
    ['electron/preload/preload.ts', "import '#core/index.js';", true],
    ['electron/preload/preload.ts', "import '#electron/main/menu.js';", true],
    ['electron/ipc/x.ts', "import { ipcMain } from 'electron';", true],
    ['electron/core-process/x.ts', "import '#electron/main/main.js';", true],
    ['electron/common/x.ts', "import '#server/main.js';", false],
    // The renderer is a browser page.
    ['renderer/src/x.ts', "import path from 'path';", true],
    ['renderer/src/x.tsx', "import { readFileSync } from 'node:fs';", true],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';", true],
    ['renderer/src/x.ts', "import Database from 'better-sqlite3';", true],
    ['renderer/src/x.ts', "import Fastify from 'fastify';", true],
    ['renderer/src/x.ts', "import { useQuery } from '@tanstack/react-query';", false],
    ['renderer/src/dialogs/x.tsx', "import { spawn } from 'child_process';", true],
    ['renderer/src/x.ts', "import { env } from 'node:process';", true],
    ['renderer/src/a/x.ts', "import '../b/y.js';", false],
    // No import climbs more than two folders: past that it goes by name, tests included.
    ['renderer/src/a/b/x.ts', "import '../../../shared/dates/iso-day.js';", true],
    ['electron/core/a/b/x.ts', "import '../../../core-errors.js';", true],
    ['renderer/src/a/b/x.test.ts', "import '../../../shared/dates/iso-day.js';", true],
    // Tests may import anything (they run the real server on loopback).
    ['renderer/src/x.test.ts', "import fs from 'node:fs';", false],
    ['shared/api/x.test.ts', "import fs from 'node:fs';", false],
    ['electron/core/x.test.ts', "import '#server/main.js';", false],
  ])('%s: %s restricted=%s', async (file, source, expected) => {
    const messages = await restrictions(file, source);
    expect(messages.length > 0).toBe(expected);
    // Each message says which arrow was crossed and where the arrows are written down.
    for (const message of messages) expect(message).toContain('(docs/architecture.md, "Imports")');
  });

  it('names the layer, what it imported and why', async () => {
    expect(await restrictions('electron/core/x.ts', "import '#server/app.js';")).toEqual([
      'electron/core/ may not import from server/: the core imports only shared/ and shared-node/, ' +
        'and knows nothing of how it is hosted (docs/architecture.md, "Imports").',
    ]);
  });
});

describe('hooks rules (eslint-plugin-react-hooks) in the renderer', () => {
  async function hookRules(source: string): Promise<Array<[string | null, number]>> {
    const [result] = await eslint.lintText(source, { filePath: 'renderer/src/x.tsx' });
    return (result?.messages ?? []).map((message) => [message.ruleId, message.severity]);
  }

  it('fails the lint on a hook called conditionally', async () => {
    const source = `import { useState } from 'react';
export function X({ on }: { on: boolean }) {
  if (on) useState(0);
  return null;
}
`;
    expect(await hookRules(source)).toContainEqual(['react-hooks/rules-of-hooks', 2]);
  });

  it('fails the lint on an effect that leaves out what it reads', async () => {
    const source = `import { useEffect } from 'react';
export function X({ id }: { id: string }) {
  useEffect(() => {
    document.title = id;
  }, []);
  return null;
}
`;
    expect(await hookRules(source)).toContainEqual(['react-hooks/exhaustive-deps', 2]);
  });
});
