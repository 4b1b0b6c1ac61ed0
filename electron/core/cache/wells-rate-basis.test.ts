import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateBasis } from '#shared/production/rate-basis.js';
import type { CacheDb } from './migrate.js';
import { openCache } from './open-cache.js';
import { WellsRepo, type WellQuery } from './wells-repo.js';

/**
 * wells-list's latest rates on the basis asked for (the last producing day's, or the
 * screening figures' 7- or 30-producing-day averages), sorted on that basis, and the
 * filter that leaves out inactive and shut-in wells.
 */

const CONNECTION = 'con_1';
const AT = '2026-01-11T00:00:00.000Z';
/** Oil: the last producing day's rate, then its 7- and 30-producing-day averages. */
const WELLS = [
  // The case that started it: idle since 2024, one day of 173.5 bbl/d at the end.
  { id: 'wel_spike', status: 'inactive', date: '2024-06-30', oil: [173.5, 41.9, 25.1] },
  { id: 'wel_steady', status: 'active', date: '2026-01-10', oil: [80, 85, 90] },
  { id: 'wel_shut', status: 'shut_in', date: '2025-12-01', oil: [120, 110, 100] },
  { id: 'wel_unknown', status: null, date: '2026-01-09', oil: [50, 50, 50] },
  { id: 'wel_dry', status: 'active', date: null, oil: null },
] as const;
let dir: string;
let db: CacheDb;
let repo: WellsRepo;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-rate-basis-'));
  db = openCache(join(dir, 'cache.db')).db;
  db.prepare(
    `INSERT INTO connections (id, name, base_url, kind, created_at)
     VALUES (?, 'Acme', 'https://a/api/v1', 'organisation', ?)`,
  ).run(CONNECTION, AT);
  db.prepare(
    `INSERT INTO projects (connection_id, id, name, timezone, unit_system, well_count,
       created_at, updated_at, fetched_at) VALUES (?, 'prj_1', 'P', 'UTC', 'imperial', 5, ?, ?, ?)`,
  ).run(CONNECTION, AT, AT, AT);
  for (const well of WELLS) {
    db.prepare(
      `INSERT INTO wells (connection_id, project_id, id, name, name_key, type, status, created_at, fetched_at)
       VALUES (?, 'prj_1', ?, ?, ?, 'producer', ?, ?, ?)`,
    ).run(CONNECTION, well.id, well.id, well.id, well.status, AT, AT);
    if (well.date === null) continue;
    const [day, avg7, avg30] = well.oil;
    db.prepare(
      `INSERT INTO production_latest (connection_id, well_id, date, oil_rate, gas_rate, water_rate)
       VALUES (?, ?, ?, ?, 0, 0)`,
    ).run(CONNECTION, well.id, well.date, day);
    db.prepare(
      `INSERT INTO well_screening (connection_id, well_id, as_of, source, production_version,
         last_date, oil_rate, oil_avg_7, oil_avg_30)
       VALUES (?, ?, ?, 'cache', 0, ?, ?, ?, ?)`,
    ).run(CONNECTION, well.id, AT, well.date, day, avg7, avg30);
  }
  repo = new WellsRepo(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const OVERLAY = JSON.stringify([{ id: 'wel_dry', patch: { name: 'Dry' }, state: 'pending' }]);

/** The list by oil, highest first, in each of the list's three shapes (wells-list-sql.ts). */
function byOil(rateBasis: RateBasis | undefined, extra: WellQuery = {}) {
  const query: WellQuery = {
    ...extra,
    ...(rateBasis ? { rateBasis } : {}),
    sort: { column: 'latestOilRate', direction: 'desc' },
  };
  const shapes = [
    repo.query(CONNECTION, 'prj_1', query),
    repo.query(CONNECTION, 'prj_1', { ...query, offset: 0, limit: 3 }),
    repo.query(CONNECTION, 'prj_1', query, OVERLAY),
  ];
  const [all, window, overlaid] = shapes.map((shape) =>
    shape.rows.map((row) => [row.id, row.lastOilRate, row.lastProductionDate]),
  );
  expect(window).toEqual(all?.slice(0, 3));
  expect(overlaid).toEqual(all);
  expect(new Set(shapes.map((shape) => shape.total))).toEqual(new Set([all?.length]));
  return all;
}

describe('wells-list latest rates on a basis', () => {
  it('the last producing day (the default of the core): the spike ranks first', () => {
    const expected = [
      ['wel_spike', 173.5, '2024-06-30'],
      ['wel_shut', 120, '2025-12-01'],
      ['wel_steady', 80, '2026-01-10'],
      ['wel_unknown', 50, '2026-01-09'],
      ['wel_dry', null, null],
    ];
    expect(byOil(undefined)).toEqual(expected);
    expect(byOil('last-day')).toEqual(expected);
  });

  it('the 30-producing-day average: the spike falls to where the well stands', () => {
    expect(byOil('avg-30')).toEqual([
      ['wel_shut', 100, '2025-12-01'],
      ['wel_steady', 90, '2026-01-10'],
      ['wel_unknown', 50, '2026-01-09'],
      ['wel_spike', 25.1, '2024-06-30'],
      ['wel_dry', null, null],
    ]);
  });

  it('the 7-producing-day average', () => {
    expect(byOil('avg-7')?.map(([id, rate]) => [id, rate])).toEqual([
      ['wel_shut', 110],
      ['wel_steady', 85],
      ['wel_unknown', 50],
      ['wel_spike', 41.9],
      ['wel_dry', null],
    ]);
  });
});

describe('leaving out inactive and shut-in wells', () => {
  it('keeps active wells and those of unknown status, on any basis and sort', () => {
    expect(byOil('avg-30', { hideInactive: true })?.map(([id]) => id)).toEqual([
      'wel_steady',
      'wel_unknown',
      'wel_dry',
    ]);
    expect(byOil('last-day', { hideInactive: true })?.map(([id]) => id)).toEqual([
      'wel_steady',
      'wel_unknown',
      'wel_dry',
    ]);
    expect(byOil('avg-30', { hideInactive: false })).toHaveLength(5);
  });

  it('counts the wells it keeps, and combines with the status filter', () => {
    const kept = repo.query(CONNECTION, 'prj_1', { hideInactive: true, offset: 0, limit: 1 });
    expect(kept.total).toBe(3);
    expect(kept.projectTotal).toBe(5);
    const shut = repo.query(CONNECTION, 'prj_1', { hideInactive: true, status: 'shut_in' });
    expect(shut.total).toBe(0);
  });
});
