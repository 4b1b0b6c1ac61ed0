import type { Record9 } from './requests.js';
import type { StoredProject, StoredWell } from './shapes.js';

/** A project of the mock's starting data: its wells and their daily production. */
export interface SeedProject {
  name: string;
  unitSystem: 'imperial' | 'metric';
  wells: number;
  /** Days of production per well, from `firstDay`. */
  days: number;
  /**
   * The first day of production (default SEED_FIRST_DAY). The end-to-end journeys start
   * it so that the last day is today, as on a live service, where the well page's
   * presets (counted back from today) find it.
   */
  firstDay?: string;
}

export const SEED_FIRST_DAY = '2025-01-01';
const TYPES = ['producer', 'injector', 'observer', 'swd'];
const STATUSES = ['active', 'inactive', 'shut_in'];

function dayAfter(first: string, offset: number): string {
  return new Date(Date.parse(`${first}T00:00:00Z`) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/**
 * Deterministic data: well w of a project has every other member filled in
 * turn (so each shape meets wells with and without them), and day d a
 * declining oil rate, gas, water on even days and a BHP on two days of three.
 */
export function seedData(projects: readonly SeedProject[], at: string) {
  const out = {
    projects: [] as StoredProject[],
    wells: [] as StoredWell[],
    production: new Map<string, Map<string, Record9>>(),
  };
  projects.forEach((spec, p) => {
    const project: StoredProject = {
      id: `prj-seed-${p}`,
      name: spec.name,
      description: `${spec.name} (mock)`,
      timezone: 'America/Chicago',
      unitSystem: spec.unitSystem,
      createdAt: at,
      updatedAt: at,
    };
    out.projects.push(project);
    for (let w = 0; w < spec.wells; w++) {
      const well: StoredWell = {
        id: `well-seed-${p}-${w}`,
        projectId: project.id,
        name: `${spec.name.split(' ')[0]} ${w + 1}H`,
        type: TYPES[w % TYPES.length]!,
        status: STATUSES[w % STATUSES.length]!,
        createdAt: at,
        perfInterval: { topMd: 9000 + w * 10, bottomMd: 18_000 + w * 10 },
        ...(w % 2 === 0
          ? { apiNumber: `42-301-3${String(1000 + p * 100 + w)}-00-00`, lateralLength: 9000 }
          : { latitude: 31.9 + w / 100, longitude: -102.1, spudDate: '2024-11-01' }),
      };
      out.wells.push(well);
      const days = new Map<string, Record9>();
      for (let d = 0; d < spec.days; d++) {
        const date = dayAfter(spec.firstDay ?? SEED_FIRST_DAY, d);
        const record: Record9 = {
          date,
          oil_rate: Math.round((500 - d * 2 - w * 10) * 10) / 10,
          gas_rate: 900 - d,
          runtime: 24,
        };
        if (d % 2 === 0) record.water_rate = 50 + d;
        if (d % 3 !== 0) record.bhp = 2500 - d;
        days.set(date, record);
      }
      out.production.set(well.id, days);
    }
  });
  return out;
}
