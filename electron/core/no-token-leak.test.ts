import { mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '#server/demo/seed.js';
import { CORE_EVENT_NAMES } from '#shared/desktop/index.js';
import { startCore, type CoreHarness } from './testing/core-harness.js';
import { startDemoServer, type DemoServer } from './testing/demo-server.js';

/**
 * The renderer never sees a token: not in any handler's result or error, not
 * in any event. Nor does the cache database hold one.
 */

let demo: DemoServer;
let other: DemoServer;
let harness: CoreHarness;
const seen: unknown[] = [];

beforeAll(async () => {
  [demo, other] = await Promise.all([
    startDemoServer({ wellCounts: [2] }),
    startDemoServer({ wellCounts: [1] }),
  ]);
  harness = await startCore(demo);
  for (const event of CORE_EVENT_NAMES)
    harness.core.events.on(event, (payload) => seen.push(payload));
});

afterAll(async () => {
  await harness.close();
  await Promise.all([demo.close(), other.close()]);
});

/** Every outcome, success or failure, as the renderer would receive it. */
async function call(name: string, args: unknown): Promise<unknown> {
  const reply = await harness.core.invoke(name, args);
  seen.push(reply);
  return reply;
}

describe('tokens stay in the core', () => {
  it('appear in no handler result, error or event', async () => {
    const wrongToken = 'flw_this_token_is_wrong_and_secret';
    const tokens: string[] = [];
    await call('connections-list', {});
    await call('connections-test', { baseUrl: other.baseUrl, token: other.token });
    await call('connections-test', { baseUrl: other.baseUrl, token: wrongToken });
    await call('connections-test', { baseUrl: 'http://example.com', token: wrongToken });
    await call('connections-add', { name: 'Wrong', baseUrl: other.baseUrl, token: wrongToken });
    const added = (await call('connections-add', {
      name: 'Other',
      baseUrl: other.baseUrl,
      token: other.token,
    })) as {
      result: { id: string };
    };
    await call('connections-test', { connectionId: added.result.id });
    // Replacing a saved connection's token: refused, then accepted (results and errors).
    const replacement = other.tokenFor(DEMO_USER);
    await call('connections-set-token', { connectionId: added.result.id, token: wrongToken });
    await call('connections-set-token', { connectionId: added.result.id, token: replacement });
    tokens.push(replacement);
    await call('connections-list', {});
    const projects = (await call('projects-list', {})) as {
      result: { data: Array<{ id: string }> };
    };
    const projectId = projects.result.data[0]!.id;
    await call('projects-get', { projectId });
    const wells = (await call('wells-list', { projectId })) as {
      result: { data: { wells: Array<{ id: string }> } };
    };
    const wellId = wells.result.data.wells[0]!.id;
    await call('wells-get', { projectId, wellId });
    await call('production-get', {
      projectId,
      wellId,
      from: '2020-01-01',
      to: '2020-12-31',
      aggregation: 'daily',
    });
    await call('production-get', {
      projectId,
      wellId,
      from: '2020-01-01',
      to: '2020-12-31',
      aggregation: 'monthly',
    });
    await call('production-get', {
      projectId,
      wellId: 'wel_missing',
      from: '2020-01-01',
      to: '2020-12-31',
      aggregation: 'daily',
    });
    await call('wells-list', { projectId, token: other.token }); // a token where none belongs

    // Imports: the secrets file, by every way the page or a careless host could name it.
    const secretsFile = join(harness.dataDir, 'secrets.json');
    expect(readFileSync(secretsFile, 'utf8')).toContain(demo.token); // there is one to steal
    const link = join(mkdtempSync(join(tmpdir(), 'flowline-leak-')), 'innocent.csv');
    symlinkSync(secretsFile, link);
    const asPage = (name: string, args: unknown) =>
      harness.core.invokeFromRenderer(name, args).then((reply) => (seen.push(reply), reply));
    const readsEverything = { columns: [{ index: 0, target: 'date' }] };
    const refused = [
      await asPage('files-grant', { path: secretsFile }),
      await asPage('import-preview', {
        projectId,
        wellId,
        source: { kind: 'path', path: secretsFile },
        ...readsEverything,
      }),
      await call('files-grant', { path: secretsFile }),
      await call('files-grant', { path: link }),
      await call('files-grant', { path: harness.dataDir }),
    ];
    expect(refused.map((reply) => (reply as { ok: boolean }).ok)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    // A real preview with invalid rows, and their export, are scanned like everything else.
    const preview = (await call('import-preview', {
      projectId,
      wellId,
      source: { kind: 'text', name: 'field.csv', text: 'Date,Oil\n2025-07-01,-4\nnot a day,3\n' },
    })) as { ok: true; result: { importId: string; summary: { invalidRows: number } } };
    expect(preview.result.summary.invalidRows).toBe(2);
    await call('import-invalid-csv', { importId: preview.result.importId });
    await call('connections-switch', { connectionId: added.result.id });
    await call('connections-remove', { connectionId: added.result.id });
    await call('sync-now', {});
    await harness.core.whenIdle();

    const everything = JSON.stringify({ seen, logs: harness.logs.map((entry) => entry.message) });
    expect(seen.length).toBeGreaterThan(20);
    expect(everything).toContain('"ok":false'); // failures were looked at too
    for (const token of [demo.token, other.token, wrongToken, ...tokens]) {
      expect(everything).not.toContain(token);
      expect(everything).not.toContain(token.slice(4, 20)); // nor a recognisable part
    }
  });

  it('are not written to the cache database', async () => {
    await harness.closeCore();
    for (const file of readdirSync(harness.dataDir).filter((name) => name.startsWith('cache.db'))) {
      const bytes = readFileSync(join(harness.dataDir, file)).toString('latin1');
      expect(bytes).not.toContain(demo.token.slice(4));
    }
  });
});
