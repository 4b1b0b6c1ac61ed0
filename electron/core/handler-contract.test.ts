import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_NAMES, type HandlerName } from '#shared/desktop/index.js';
import { startCore, type CoreHarness } from './testing/core-harness.js';
import { startDemoServer, type DemoServer } from './testing/demo-server.js';

/** The handler table as the hosts see it: validation first, one error shape, nothing raw. */

let demo: DemoServer;
let harness: CoreHarness;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [1] });
  harness = await startCore(demo);
  await harness.core.handlers['projects-list']({});
});

afterAll(async () => {
  await harness.close();
  await demo.close();
});

function snapshot(): string {
  const db = new Database(join(harness.dataDir, 'cache.db'), { readonly: true });
  try {
    return JSON.stringify(
      ['connections', 'projects', 'wells', 'production', 'coverage', 'outbox', 'sync_log'].map(
        (table) => db.prepare(`SELECT * FROM ${table}`).all(),
      ),
    );
  } finally {
    db.close();
  }
}

/**
 * Examples of arguments that break one rule of a handler's schema, and the member named. Every
 * handler gets the hostile arguments below (derived from the table); these add, for some, what
 * a person could plausibly get wrong.
 */
const BAD_ARGUMENTS: Partial<Record<HandlerName, [unknown, string]>> = {
  'connections-list': [{ verbose: true }, 'verbose'],
  'connections-add': [{ name: 'Acme', baseUrl: 'http://acme.example.com', token: 't' }, 'baseUrl'],
  'connections-test': [{ token: 't' }, 'baseUrl'],
  'connections-switch': [{ connectionId: 42 }, 'connectionId'],
  'connections-remove': [
    { connectionId: 'c', discardUnsyncedChanges: 'yes' },
    'discardUnsyncedChanges',
  ],
  'connections-set-token': [{ connectionId: 'c', token: ' \n' }, 'token'],
  'projects-list': [{ refresh: 'now' }, 'refresh'],
  'projects-get': [{}, 'projectId'],
  'wells-list': [
    { projectId: 'p', sort: { column: 'name', direction: 'sideways' } },
    'sort.direction',
  ],
  'wells-get': [{ projectId: 'p', wellId: '' }, 'wellId'],
  'production-get': [
    { projectId: 'p', wellId: 'w', from: '2024-01-01', to: '2024-13-01', aggregation: 'daily' },
    'to',
  ],
  'production-columns': [
    { projectId: 'p', wellId: 'w', from: '2024-01-01', to: '2024-01-31', aggregation: 'hourly' },
    'aggregation',
  ],
  'production-volumes-before': [{ projectId: 'p', wellId: 'w', before: '2024-02-30' }, 'before'],
  'offline-download-start': [{ projectId: 'p', from: '2024-02-01', to: '2024-01-31' }, 'from'],
  'offline-download-cancel': [{}, 'projectId'],
  'offline-download-status': [{ projectId: 'p', verbose: true }, 'verbose'],
  // The working set kept on this computer.
  'replica-open': [{ projectId: '' }, 'projectId'],
  'replica-pin': [{ projectId: 'p', pinned: 'yes' }, 'pinned'],
  'replica-pause': [{}, 'projectId'],
  'replica-resume': [{ projectId: 'p', now: true }, 'now'],
  'replica-cancel': [{ projectId: 7 }, 'projectId'],
  'replica-status': [{ connectionId: '', projectId: 'p' }, 'connectionId'],
  'replica-list': [{ projectId: 'p' }, 'projectId'],
  'replica-remove': [{ projectId: 'p', force: true }, 'force'],
  'replica-settings-save': [{ budgetBytes: 1024 }, 'budgetBytes'],
  // The sync half.
  'well-update': [{ projectId: 'p', wellId: 'w', patch: { status: 'drilling' } }, 'patch.status'],
  'records-save': [{ projectId: 'p', wellId: 'w', records: [] }, 'records'],
  'records-delete': [{ projectId: 'p', wellId: 'w', from: '2024-02-01', to: '2024-01-01' }, 'from'],
  'outbox-list': [{ wellId: '' }, 'wellId'],
  'outbox-get': [{ seq: 0 }, 'seq'],
  'outbox-discard': [{ seqs: [] }, 'seqs'],
  'conflict-resolve': [{ seq: 1, resolution: 'both' }, 'resolution'],
  'changes-list': [{ projectId: 'p', sources: [] }, 'sources'],
  'changes-recent': [{ limit: 0 }, 'limit'],
  'import-undo': [{ projectId: 'p', batch: 'last' }, 'batch'],
  'variance-list': [{ projectId: 'p', windowDays: 0 }, 'windowDays'],
  'lost-production': [{ projectId: 'p', from: '2026-03-01', to: '2026-02-01' }, 'from'],
  'well-events-list': [{ projectId: 'p', from: '2026-02-30' }, 'from'],
  'well-event-save': [
    { projectId: 'p', wellId: 'w', startDate: '2026-03-05', endDate: '2026-03-01', category: 'x' },
    'endDate',
  ],
  'well-event-delete': [{ projectId: 'p', id: '' }, 'id'],
  'well-event-categories-save': [{ projectId: 'p', categories: [] }, 'categories'],
  'well-events-import': [{ projectId: 'p', text: 7 }, 'text'],
  'sync-now': [{ connectionId: '' }, 'connectionId'],
  'sync-status': [{ now: true }, 'now'],
  'sync-probe': [{ connectionId: 5 }, 'connectionId'],
  // Files the person chose, and CSV import.
  'files-grant': [{ path: '' }, 'path'],
  'import-preview': [
    { projectId: 'p', source: { kind: 'text', name: 'a.csv', text: 'x' }, dateFormat: 'ddmm' },
    'dateFormat',
  ],
  'import-commit': [{ importId: 'imp_1', projectId: 'p' }, 'projectId'],
  'import-invalid-csv': [{}, 'importId'],
  'import-mappings-list': [{ all: true }, 'all'],
  'import-mapping-save': [{ headers: ['Date'] }, 'columns'],
  'import-mapping-delete': [{ headerKey: '' }, 'headerKey'],
  // Start-up notices.
  'core-notices': [{ all: true }, 'all'],
  // Decline analysis.
  'decline-settings-get': [{ projectId: '' }, 'projectId'],
  'decline-settings-save': [
    {
      projectId: 'p',
      settings: {
        model: 'modified-hyperbolic',
        dMinEffectivePercent: 6,
        economicLimit: { oil: 2, gas: 0, water: 2 },
        endDate: null,
        maxYears: 50,
      },
    },
    'settings.economicLimit.gas',
  ],
  'decline-fit-run': [
    { projectId: 'p', wellId: 'w', stream: 'condensate', frequency: 'daily' },
    'stream',
  ],
  'decline-fit-save': [
    {
      projectId: 'p',
      wellId: 'w',
      stream: 'oil',
      frequency: 'daily',
      window: { from: '2024-01-01', to: '2024-06-30' },
      anchorDate: '2024-01-01',
      model: { kind: 'hyperbolic', qi: 100, di: 0.5, b: 2.5 },
    },
    'model.b',
  ],
  'decline-fits-get': [{ projectId: 'p' }, 'wellId'],
  'decline-fit-delete': [{ projectId: 'p', wellId: 'w', stream: 'all' }, 'stream'],
  'decline-fit-history': [{ projectId: 'p', wellId: 'w', stream: 'condensate' }, 'stream'],
  'decline-fit-restore': [{ projectId: 'p', wellId: 'w', stream: 'oil', entryId: 0 }, 'entryId'],
  'forecast-all-start': [{ projectId: 'p', stream: 'oil', frequency: 'weekly' }, 'frequency'],
  'forecast-all-status': [{ projectId: 'p', stream: 'oil' }, 'stream'],
  'forecast-all-cancel': [{}, 'projectId'],
  // The data-quality queue.
  'quality-scan': [{ projectId: 'p', flatLineDays: 1 }, 'flatLineDays'],
  'quality-dismiss': [{ projectId: 'p', key: 'k', dismissed: 'yes' }, 'dismissed'],
  'quality-settings-get': [{ projectId: 7 }, 'projectId'],
  'quality-settings-save': [{ projectId: 'p', minGapDays: 0, flatLineDays: 7 }, 'minGapDays'],
  // Field review.
  'field-totals': [{ projectId: 'p', aggregation: 'daily', wellIds: [] }, 'wellIds'],
  // The wells table's screening fill.
  'screening-fill-start': [{ projectId: '' }, 'projectId'],
  'screening-fill-status': [{ projectId: 'p', stream: 'oil' }, 'stream'],
  'screening-fill-cancel': [{}, 'projectId'],
};

describe('handler contract', () => {
  it('validates every argument first: a clear error naming the member, and nothing changed', async () => {
    const before = snapshot();
    const requests = harness.requests.length;
    for (const [name, [args, member]] of Object.entries(BAD_ARGUMENTS) as [
      string,
      [unknown, string],
    ][]) {
      const reply = await harness.core.invoke(name, args);
      expect(reply, name).toEqual({
        ok: false,
        error: {
          type: 'validation',
          message: expect.stringMatching(
            new RegExp(`^Invalid arguments of ${name}: ${member.replace('.', '\\.')} `),
          ),
          details: { issues: expect.arrayContaining([expect.objectContaining({ path: member })]) },
        },
      });
    }
    const missing = await harness.core.invoke('wells-list', undefined);
    expect(missing).toMatchObject({
      ok: false,
      error: {
        type: 'validation',
        message: expect.stringMatching(/^Invalid arguments of wells-list: arguments /),
      },
    });
    expect(harness.requests.length).toBe(requests);
    expect(snapshot()).toBe(before);
  });

  it('refuses hostile arguments to every handler of the table, changing nothing', async () => {
    const before = snapshot();
    const requests = harness.requests.length;
    const polluted = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const hostile: [unknown, string][] = [
      [undefined, 'arguments'],
      [null, 'arguments'],
      ['wells-list', 'arguments'],
      [42, 'arguments'],
      [[{}], 'arguments'],
      [{ unknownMember: 'x'.repeat(100_000) }, 'unknownMember'],
      [polluted, '__proto__'],
    ];
    for (const name of HANDLER_NAMES) {
      for (const [args, named] of hostile) {
        const reply = await harness.core.invoke(name, args);
        expect(reply, `${name} ${JSON.stringify(args)?.slice(0, 40)}`).toMatchObject({
          ok: false,
          error: {
            type: 'validation',
            message: expect.stringMatching(new RegExp(`^Invalid arguments of ${name}: .*`)),
          },
        });
        if (!reply.ok) expect(JSON.stringify(reply.error), name).toContain(named);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(harness.requests.length).toBe(requests);
    expect(snapshot()).toBe(before);
  });

  it('implements the whole table', async () => {
    const implemented = Object.keys(harness.core.handlers).sort();
    expect(implemented).toEqual([...HANDLER_NAMES].sort());
    expect(await harness.core.invoke('__proto__', {})).toEqual({
      ok: false,
      error: { type: 'not-found', message: 'There is no handler named "__proto__"' },
    });
    expect(await harness.core.invoke('connections-list', {})).toMatchObject({
      ok: true,
      result: { connections: [expect.objectContaining({ name: 'Demo workspace' })] },
    });
  });

  it('turns unexpected failures into "internal", with the details in the log only', async () => {
    await harness.closeCore(); // the database is gone under the handlers
    harness.logs.length = 0;
    const reply = await harness.core.invoke('connections-list', {});
    expect(reply).toEqual({
      ok: false,
      error: {
        type: 'internal',
        message:
          'Something went wrong inside Flowline while running connections-list; the details are in the log.',
      },
    });
    expect(harness.logs).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'Unexpected failure in connections-list',
        error: expect.any(Error),
      }),
    ]);
    await harness.reopen();
  });
});
