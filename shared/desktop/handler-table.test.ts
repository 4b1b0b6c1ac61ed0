import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DeclineSettings, DeclineSettingsSaveArgs } from './decline.js';
import type { GrantedFile } from './files.js';
import {
  HANDLERS,
  HANDLER_NAMES,
  handlerSchema,
  isHandlerName,
  isRendererHandler,
  type HandlerArgs,
  type HandlerResult,
  type RendererHandlerName,
} from './handler-table.js';

/** The contract itself: every handler has a schema, and the schemas say what is wrong. */

function problems(name: keyof typeof HANDLERS, args: unknown): string[] {
  const result = handlerSchema(name).safeParse(args);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('handler table', () => {
  it('declares every handler once, named <domain>-<verb>', () => {
    // The names are the table's keys: nothing else lists them (tests derive theirs from here).
    expect(HANDLER_NAMES).toEqual(Object.keys(HANDLERS));
    expect(HANDLER_NAMES.length).toBeGreaterThan(60);
    for (const name of HANDLER_NAMES) expect(name).toMatch(/^[a-z]+(-[a-z]+)+$/);
    expect(isHandlerName('wells-list')).toBe(true);
    expect(isHandlerName('toString')).toBe(false);
  });

  it('types each handler from its one entry: argument from the schema, result, caller', () => {
    expectTypeOf<HandlerArgs<'decline-settings-save'>>().toEqualTypeOf<DeclineSettingsSaveArgs>();
    expectTypeOf<HandlerResult<'decline-settings-save'>>().toEqualTypeOf<DeclineSettings>();
    expectTypeOf<HandlerResult<'files-grant'>>().toEqualTypeOf<GrantedFile>();
    expectTypeOf<'files-grant'>().not.toExtend<RendererHandlerName>();
    expectTypeOf<'decline-fit-run'>().toExtend<RendererHandlerName>();
    expect(HANDLERS['files-grant'].caller).toBe('host');
    expect(Object.keys(HANDLERS['wells-list']).sort()).toEqual(['caller', 'schema']);
  });

  it('says who may call each handler: the page everything but the host-only files-grant', () => {
    for (const name of HANDLER_NAMES) expect(['renderer', 'host']).toContain(HANDLERS[name].caller);
    expect(HANDLER_NAMES.filter((name) => !isRendererHandler(name))).toEqual(['files-grant']);
    for (const name of ['toString', '__proto__', 'constructor', 'format-disk', '']) {
      expect(isRendererHandler(name), name).toBe(false);
    }
  });

  it('accepts an import source as text or a granted file handle, never a path', () => {
    const preview = (source: unknown) => problems('import-preview', { projectId: 'p', source });
    expect(preview({ kind: 'text', name: 'a.csv', text: 'Date\n' })).toEqual([]);
    expect(preview({ kind: 'file', handle: 'file_abcdefghijklmnopqrstuvwx' })).toEqual([]);
    expect(preview({ kind: 'path', path: '/etc/passwd' }).join()).toMatch(/^source\.kind/);
    for (const handle of ['/etc/passwd', 'file_short', 'file_abcdefghijklmnopqrstuvw/', '']) {
      expect(preview({ kind: 'file', handle }).join(), handle).toMatch(/^source\.handle/);
    }
  });

  it('takes one object argument and refuses members it does not know', () => {
    for (const name of HANDLER_NAMES) {
      expect(problems(name, undefined).length, name).toBeGreaterThan(0);
      expect(problems(name, { bogus: 1 }).join('\n'), name).toContain('bogus');
    }
  });

  it('names the field and the rule', () => {
    expect(
      problems('wells-list', { projectId: 'p', sort: { column: 'colour', direction: 'up' } }),
    ).toEqual([
      expect.stringMatching(/^sort\.column: /),
      expect.stringMatching(/^sort\.direction: /),
    ]);
    expect(problems('wells-list', { projectId: '' })).toEqual(['projectId: must not be empty']);
    expect(problems('wells-list', {})).toEqual(['projectId: is required']);
    expect(
      problems('production-get', {
        projectId: 'p',
        wellId: 'w',
        from: '2024-02-30',
        to: '2024-01-01',
        aggregation: 'weekly',
        fields: ['oil_rate', 'oil_rate'],
      }),
    ).toEqual([
      'from: must be a real calendar date written YYYY-MM-DD',
      expect.stringMatching(/^aggregation: /),
      'fields: must not name a field twice',
    ]);
    expect(
      problems('production-get', {
        projectId: 'p',
        wellId: 'w',
        from: '2024-03-01',
        to: '2024-01-01',
        aggregation: 'daily',
      }),
    ).toEqual(['from: must not be after to (2024-01-01)']);
  });

  it('takes production-columns as production-get, and a real day for the volumes before', () => {
    const args = { projectId: 'p', wellId: 'w', from: '2024-01-01', to: '2024-12-31' };
    expect(problems('production-columns', { ...args, aggregation: 'daily' })).toEqual([]);
    expect(
      problems('production-columns', {
        ...args,
        from: '2025-01-01',
        aggregation: 'daily',
        fields: ['oil_rate', 'oil_rate', 'sand_rate'],
      }),
    ).toEqual([expect.stringMatching(/^fields\.2: /)]);
    expect(
      problems('production-volumes-before', { projectId: 'p', wellId: 'w', before: '2024-06-01' }),
    ).toEqual([]);
    // Hostile: a day that is no day, a path for an id, a range instead of a day, members it has not.
    expect(
      problems('production-volumes-before', {
        projectId: 'p'.repeat(201),
        wellId: '../../etc/passwd',
        before: '2024-06-01T00:00:00Z',
        from: '1900-01-01',
        __proto__: { polluted: true },
      }),
    ).toEqual([
      'projectId: must be at most 200 characters',
      'before: must be a real calendar date written YYYY-MM-DD',
      expect.stringMatching(/from/),
    ]);
    expect(
      problems('production-volumes-before', { projectId: 'p', wellId: 'w', before: 20240601 }),
    ).toEqual([expect.stringMatching(/^before: /)]);
    expect(isRendererHandler('production-columns')).toBe(true);
    expect(isRendererHandler('production-volumes-before')).toBe(true);
  });

  it('validates a connection address as it will be used', () => {
    expect(
      problems('connections-add', {
        name: 'Acme',
        baseUrl: 'https://acme.example.com',
        token: 't',
      }),
    ).toEqual([]);
    expect(
      problems('connections-add', { name: 'Acme', baseUrl: 'http://acme.example.com', token: ' ' }),
    ).toEqual([expect.stringMatching(/^baseUrl: HTTPS is required/), 'token: must not be empty']);
  });

  it('tests either a saved connection or an address with a token', () => {
    expect(problems('connections-test', { connectionId: 'c' })).toEqual([]);
    expect(problems('connections-test', { baseUrl: 'x', token: 't' })).toEqual([]);
    expect(problems('connections-test', {})).toEqual([
      'baseUrl: is required (or connectionId)',
      'token: is required (or connectionId)',
    ]);
    expect(problems('connections-test', { connectionId: 'c', token: 't' })).toEqual([
      'connectionId: give either connectionId, or baseUrl and token, not both',
    ]);
  });

  it('checks saved records with the API rules and refuses a repeated date', () => {
    expect(
      problems('records-save', {
        projectId: 'p',
        wellId: 'w',
        records: [
          { date: '2024-01-01', watercut: 120 },
          { date: '2024-01-01', oil_rate: 1 },
        ],
      }),
    ).toEqual([
      'records.0.watercut: must be between 0 and 100',
      'records.1.date: date 2024-01-01 is repeated (first at records[0])',
    ]);
  });
});
