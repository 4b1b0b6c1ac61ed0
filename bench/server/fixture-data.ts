import { createHash } from 'node:crypto';
import { apiNumberDigits } from '#shared/api/index.js';
import { DEFAULT_SCOPES } from '#server/auth/scopes.js';
import { createToken } from '#server/auth/token-store.js';
import type { Db } from '#server/store/database.js';
import { ProductionRepo } from '#server/store/production-repo.js';
import { nameKey } from '#server/store/wells-repo.js';
import { dailyRecords } from './records.js';

/**
 * The benchmark dataset: one project of 20,000 wells owned by a non-admin user
 * (so every request pays for the membership check), with realistic names and
 * API numbers for the search benchmark, and a few wells with roles:
 * a year of daily data, twenty years of daily data, empty wells for the
 * 10,000-record POSTs and wells the soak writes to.
 */

export const WELL_COUNT = 20_000;
export const DAILY_YEAR = { from: '2023-01-01', to: '2023-12-31', count: 365 };
export const TWENTY_YEARS = { from: '2004-01-01', to: '2023-12-26', count: 7_300 };
export const WRITE_WELLS = 20;
export const SOAK_WELLS = 10;

export interface Fixture {
  token: string;
  projectId: string;
  dailyWellId: string;
  monthlyWellId: string;
  writeWellIds: string[];
  soakWellIds: string[];
}

// A quarter of the leases contain "ranch", so a name search matches a good share.
const LEASES = [
  'Smith Ranch',
  'Eagle Creek',
  'Johnson',
  'Bluebonnet',
  'Permian State',
  'Wolfcamp Unit',
  'Spraberry Trend',
  'Lone Star',
  'Red Hawk',
  'Mesa Verde',
  'Big Ranch',
  'Antelope Ridge',
  'Coyote Draw',
  'Hackberry',
  'Dove Ranch',
  'Sand Hills',
];
const COUNTIES = ['317', '329', '135', '003', '227', '173', '383', '461', '431', '103'];

/** Stable ids, so the same run always addresses the same wells. */
function stableId(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
}

export function buildFixture(db: Db): Fixture {
  const token = createToken(db, { user: 'bench', scopes: DEFAULT_SCOPES, plan: 'enterprise' });
  const userId = db.prepare('SELECT id FROM users WHERE name = ?').pluck().get('bench') as number;
  const stamp = '2024-01-01T00:00:00.000Z';
  const projectId = stableId('prj', 'bench-project');
  const ids: string[] = [];
  const seqs: number[] = [];

  db.transaction(() => {
    db.prepare(
      `INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
      VALUES (?, 'Permian benchmark', '20,000 wells', 'America/Chicago', 'imperial', ?, ?)`,
    ).run(projectId, stamp, stamp);
    db.prepare('INSERT INTO project_members (project_id, user_id) VALUES (?, ?)').run(
      projectId,
      userId,
    );
    const insertWell =
      db.prepare(`INSERT INTO wells (id, project_id, name, name_key, api_number, api_digits,
        type, status, latitude, longitude, spud_date, lateral_length_ft, perf_top_ft, perf_bottom_ft,
        first_production_date, created_at, updated_at)
      VALUES (@id, @projectId, @name, @nameKey, @api, @apiDigits, @type, @status, @lat, @lon, @spud,
        @lateral, @top, @bottom, NULL, @stamp, @stamp)`);
    for (let i = 0; i < WELL_COUNT; i++) {
      const name = `${LEASES[i % LEASES.length]} ${1 + (Math.floor(i / LEASES.length) % 60)}-${1 + Math.floor(i / 960)}H`;
      const api = `42-${COUNTIES[i % COUNTIES.length]}-${10000 + i}`;
      const id = stableId('wel', `bench-well-${i}`);
      const lateral = 5000 + (i % 11) * 500;
      const result = insertWell.run({
        id,
        projectId,
        name,
        nameKey: nameKey(name),
        api,
        apiDigits: apiNumberDigits(api),
        type: i % 25 === 0 ? 'injector' : 'producer',
        status: i % 9 === 0 ? 'shut_in' : 'active',
        lat: 31 + (i % 200) / 100,
        lon: -103 + (i % 300) / 100,
        spud: `20${String(10 + (i % 14)).padStart(2, '0')}-0${1 + (i % 9)}-15`,
        lateral,
        top: 9000,
        bottom: 9000 + lateral,
        stamp,
      });
      ids.push(id);
      seqs.push(Number(result.lastInsertRowid));
    }
  })();

  // Through the repo, so firstProductionDate is kept current just as the API would.
  const production = new ProductionRepo(db);
  const now = new Date(stamp);
  production.upsert(seqs[0]!, dailyRecords(DAILY_YEAR.from, DAILY_YEAR.count, 1, 900), now);
  production.upsert(seqs[1]!, dailyRecords(TWENTY_YEARS.from, TWENTY_YEARS.count, 2), now);
  // No ANALYZE: the server never runs it, so the planner sees what it sees in production.
  db.pragma('wal_checkpoint(TRUNCATE)');

  return {
    token,
    projectId,
    dailyWellId: ids[0]!,
    monthlyWellId: ids[1]!,
    writeWellIds: ids.slice(2, 2 + WRITE_WELLS),
    soakWellIds: ids.slice(2 + WRITE_WELLS, 2 + WRITE_WELLS + SOAK_WELLS),
  };
}
