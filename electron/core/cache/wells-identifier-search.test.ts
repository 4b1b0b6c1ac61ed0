import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wellMatchesSearch } from '#shared/wells/well-identifier.js';
import type { CacheDb } from './migrate.js';
import { openCache } from './open-cache.js';
import { WellsRepo } from './wells-repo.js';

/**
 * wells-list finds a well by its identifier however it is written: with or without
 * separators, as its authority writes it or as our server stores it (identifier-key-sql.ts),
 * and finds what the renderer's own filter (wellMatchesSearch) finds.
 */

const CONNECTION = 'con_1';
const AT = '2026-01-01T00:00:00.000Z';
const WELLS = [
  { id: 'wel_us', name: 'Big Ranch 1H', apiNumber: '42-501-20130-03-00' },
  { id: 'wel_us10', name: 'Eagle 2H', apiNumber: '4230131234' },
  // Our server's digits-only UWI, shown as 100/11-08-069-10W6/00.
  { id: 'wel_dls', name: 'Kaybob HZ 11-8-69-10', apiNumber: '00110806910600' },
  // A service that keeps the authority's form.
  { id: 'wel_dls_as_written', name: 'Elmworth 16-36', apiNumber: '102/16-36-070-11W6/00' },
  { id: 'wel_nts', name: 'Montney 1', apiNumber: '200/D-096-H/094-A-16/00' },
  { id: 'wel_none', name: 'No number', apiNumber: null },
  { id: 'wel_volve', name: '15/9-F-12', apiNumber: null },
];
let dir: string;
let db: CacheDb;
let repo: WellsRepo;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-wells-identifier-'));
  db = openCache(join(dir, 'cache.db')).db;
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, AT);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at) VALUES (?, 'prj_1', 'P', 'UTC', 'imperial', 6, ?, ?, ?)`,
  ).run(CONNECTION, AT, AT, AT);
  const insert = db.prepare(
    `INSERT INTO wells (connection_id, project_id, id, name, name_key, api_number, api_digits,
       type, status, created_at, fetched_at)
     VALUES (?, 'prj_1', ?, ?, ?, ?, ?, 'producer', 'active', ?, ?)`,
  );
  for (const well of WELLS) {
    insert.run(
      CONNECTION,
      well.id,
      well.name,
      well.name.toLowerCase(),
      well.apiNumber,
      well.apiNumber?.replace(/-/g, '') ?? null,
      AT,
      AT,
    );
  }
  repo = new WellsRepo(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const found = (search: string, overlay: string | null = null) =>
  repo
    .query(CONNECTION, 'prj_1', { search }, overlay)
    .rows.map((row) => row.id)
    .sort();

describe('wells-list search by identifier', () => {
  it.each([
    ['4250120130', ['wel_us']],
    ['42-501-20130', ['wel_us']],
    ['42-501-20130-03-00', ['wel_us']],
    ['42501201300300', ['wel_us']],
    ['42-301-31234', ['wel_us10']],
    ['100110806910W600', ['wel_dls']],
    ['100/11-08-069-10W6/00', ['wel_dls']],
    ['100/11-08-069-10w6/00', ['wel_dls']],
    ['00110806910600', ['wel_dls']],
    ['00-11-08-069-10-6-00', ['wel_dls']],
    ['100/11-08', ['wel_dls']],
    ['102161607011W600', []],
    ['102163607011W600', ['wel_dls_as_written']],
    ['102/16-36-070-11W6/00', ['wel_dls_as_written']],
    ['200D096H094A1600', ['wel_nts']],
    ['200/D-096-H/094-A-16/00', ['wel_nts']],
    ['kaybob', ['wel_dls']],
    // Every word, in any order, in the name or the identifier.
    ['1h ranch', ['wel_us']],
    ['ranch big', ['wel_us']],
    ['ranch 4250120130', ['wel_us']],
    ['ranch eagle', []],
    ['42 501 20130', ['wel_us']],
    ['  montney   1  ', ['wel_nts']],
    // A word is found where a word of the name starts, not inside one.
    ['anch', []],
    ['11-8', ['wel_dls']],
    ['1-8', []],
    // -, / and # break a name into words, as spaces do.
    ['F-12', ['wel_volve']],
    ['f 12', ['wel_volve']],
    ['9-f', ['wel_volve']],
  ])('%s finds %j', (search, ids) => {
    expect(found(search)).toEqual(ids);
  });

  it('finds what the renderer’s own filter finds, for every search above', () => {
    const searches = [
      '4250120130',
      '42-501',
      '100110806910W600',
      '100/11-08',
      '200D',
      'ranch',
      '6',
      'hz kaybob',
      '2h eagle',
      'elmworth w6',
      'F-12',
      '15/9',
      '12',
    ];
    for (const search of searches) {
      const expected = WELLS.filter((well) => wellMatchesSearch(well, search))
        .map((well) => well.id)
        .sort();
      expect(found(search), search).toEqual(expected);
    }
  });

  it('searches a queued identifier change as the engineer sees it', () => {
    const overlay = JSON.stringify([
      { id: 'wel_none', patch: { api_number: '100/01-09-069-10W6/00' }, state: 'pending' },
    ]);
    expect(found('100010906910W600', overlay)).toEqual(['wel_none']);
    expect(repo.query(CONNECTION, 'prj_1', { search: '100/01-09' }, overlay).total).toBe(1);
  });
});
