import { apiNumberDigits, PRODUCTION_FIELDS } from '#shared/api/index.js';
import { newId } from '../http/ids.js';
import type { Db } from '../store/database.js';
import { rebuildMonthlySums } from '../store/production-repo.js';
import { nameKey } from '../store/wells-repo.js';
import { generateDemo, type DemoOptions, type DemoProjectSpec } from './generate.js';

export const DEMO_USER = 'demo';

export interface SeedSummary {
  projects: number;
  wells: number;
  records: number;
  ms: number;
}

/**
 * Writes the demo dataset, owned by the `demo` user, when the database has no
 * projects yet; returns undefined (and changes nothing) otherwise. One
 * transaction: a seed cut short leaves an empty database, seeded again next time.
 */
export function seedDemoIfEmpty(db: Db, options: DemoOptions = {}): SeedSummary | undefined {
  const started = performance.now();
  const hasProjects = db.prepare('SELECT 1 FROM projects LIMIT 1').get();
  if (hasProjects) return undefined;
  const projects = generateDemo(options);
  const counts = db.transaction(() => writeDataset(db, projects)).immediate();
  return { projects: projects.length, ...counts, ms: performance.now() - started };
}

/**
 * Writes the given projects (the benchmarks' own shapes, e.g. one project of 20,000 wells),
 * owned by the `demo` user, in one transaction.
 */
export function seedProjects(db: Db, projects: DemoProjectSpec[]): SeedSummary {
  const started = performance.now();
  const counts = db.transaction(() => writeDataset(db, projects)).immediate();
  return { projects: projects.length, ...counts, ms: performance.now() - started };
}

function writeDataset(db: Db, projects: DemoProjectSpec[]): { wells: number; records: number } {
  const now = new Date().toISOString();
  db.prepare(
    "INSERT OR IGNORE INTO users (name, plan, created_at) VALUES (?, 'enterprise', ?)",
  ).run(DEMO_USER, now);
  const userId = db.prepare('SELECT id FROM users WHERE name = ?').pluck().get(DEMO_USER) as number;
  const insertProject = db.prepare(
    `INSERT INTO projects (id, name, description, timezone, unit_system, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMember = db.prepare(
    'INSERT INTO project_members (project_id, user_id) VALUES (?, ?)',
  );
  const insertWell = db.prepare(
    `INSERT INTO wells (id, project_id, name, name_key, api_number, api_digits, type, status, latitude,
       longitude, spud_date, lateral_length_ft, perf_top_ft, perf_bottom_ft, first_production_date,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRecord = db.prepare(
    `INSERT INTO production (well_seq, date, ${PRODUCTION_FIELDS.join(', ')})
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let wells = 0;
  let records = 0;
  projects.forEach((project, index) => {
    // Distinct creation times keep the demo projects in their listed order.
    const created = new Date(Date.parse(now) + index).toISOString();
    const projectId = newId('prj');
    insertProject.run(
      projectId,
      project.name,
      project.description,
      project.timezone,
      project.unitSystem,
      created,
      created,
    );
    insertMember.run(projectId, userId);
    for (const well of project.wells) {
      let firstProduction: string | null = null;
      const { lastInsertRowid } = insertWell.run(
        newId('wel'),
        projectId,
        well.name,
        nameKey(well.name),
        well.apiNumber,
        apiNumberDigits(well.apiNumber),
        well.type,
        well.status,
        well.latitude,
        well.longitude,
        well.spudDate,
        well.lateralLength,
        well.perfInterval.topMd,
        well.perfInterval.bottomMd,
        null,
        created,
        created,
      );
      for (const r of well.records()) {
        insertRecord.run(
          lastInsertRowid,
          r.date,
          r.oil_rate,
          r.water_rate,
          r.gas_rate,
          r.bhp,
          r.thp,
          r.choke_size,
          r.runtime,
          r.gor,
          r.watercut,
        );
        if (
          firstProduction === null &&
          ((r.oil_rate ?? 0) > 0 || (r.gas_rate ?? 0) > 0 || (r.water_rate ?? 0) > 0)
        ) {
          firstProduction = r.date;
        }
        records++;
      }
      db.prepare('UPDATE wells SET first_production_date = ? WHERE seq = ?').run(
        firstProduction,
        lastInsertRowid,
      );
      wells++;
    }
  });
  // Written row by row above, so the monthly sums every write keeps are made once, here.
  rebuildMonthlySums(db);
  return { wells, records };
}
