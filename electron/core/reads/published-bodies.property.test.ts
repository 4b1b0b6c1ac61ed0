import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import {
  listPageSchema,
  projectSchema,
  seriesSchema,
  wellItemSchema,
  wellSchema,
} from '#shared/client/index.js';
import type { CacheDb } from '../cache/migrate.js';
import { openCache } from '../cache/open-cache.js';
import { ProjectsRepo, projectView } from '../cache/projects-repo.js';
import { WellsRepo } from '../cache/wells-repo.js';
import { wellToStored, wellViewer } from '../units/well-units.js';
import { projectFromApi } from './server-refresh.js';
import { seriesToStoredRows } from '../cache/series-rows.js';

/**
 * Every combination of optional members the published schema allows
 * (api-evangelist/tachyus, openapi/…; docs/compatibility.md): each member
 * absent, null or present, enumerations in any letter case, members we do not
 * know. The client parses each body, and the core maps it into its cache and
 * views, without an error.
 */

/** A member absent (undefined, dropped by fc.record's optional keys), null, or one of `values`. */
const member = <T>(values: fc.Arbitrary<T>) => fc.option(values, { nil: null });
const anyCase = (words: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...words), fc.constantFrom('lower', 'upper', 'title'))
    .map(([word, style]) =>
      style === 'upper'
        ? word.toUpperCase()
        : style === 'title'
          ? word[0]!.toUpperCase() + word.slice(1)
          : word,
    );
const timestamp = fc.constantFrom('2024-01-01T00:00:00.000Z', '2025-06-30T12:00:00Z');
const day = fc.constantFrom('2019-01-01', '2024-02-29');
const extra = fc.dictionary(
  fc.constantFrom('rigName', 'dashboards', 'owner', 'tags'),
  fc.jsonValue(),
  {
    maxKeys: 2,
  },
);

const projectBody = fc
  .tuple(
    fc.record(
      {
        id: member(fc.constantFrom('p1', 'prj_x')),
        name: member(fc.string({ maxLength: 20 })),
        description: member(fc.string({ maxLength: 20 })),
        timezone: member(fc.constantFrom('UTC', 'America/Chicago')),
        unitSystem: member(fc.oneof(anyCase(['imperial', 'metric']), fc.constant('SI'))),
        wellCount: member(fc.nat(5000)),
        createdAt: member(timestamp),
        updatedAt: member(timestamp),
      },
      { requiredKeys: [] },
    ),
    extra,
  )
  .map(([body, more]) => ({ ...more, ...body }));

const wellBody = fc
  .tuple(
    fc.record(
      {
        id: member(fc.constantFrom('w1', 'wel_y')),
        projectId: member(fc.constant('p1')),
        name: member(fc.string({ maxLength: 20 })),
        apiNumber: member(fc.constantFrom('42-301-31234', '4230131234000')),
        type: member(anyCase(['producer', 'injector', 'observer', 'swd'])),
        status: member(anyCase(['active', 'inactive', 'shut_in'])),
        latitude: member(fc.double({ min: -90, max: 90, noNaN: true })),
        longitude: member(fc.double({ min: -180, max: 180, noNaN: true })),
        spudDate: member(day),
        firstProductionDate: member(day),
        lateralLength: member(fc.double({ min: 0, max: 20_000, noNaN: true })),
        perfInterval: member(
          fc.record(
            {
              topMd: member(fc.double({ min: 0, max: 20_000, noNaN: true })),
              bottomMd: member(fc.double({ min: 0, max: 20_000, noNaN: true })),
            },
            { requiredKeys: [] },
          ),
        ),
        createdAt: member(timestamp),
        updatedAt: member(timestamp),
      },
      { requiredKeys: [] },
    ),
    extra,
  )
  .map(([body, more]) => ({ ...more, ...body }));

const DATES = ['2025-01-01', '2025-01-02', '2025-01-03'];
const seriesBody = fc.record(
  {
    wellId: member(fc.constant('w1')),
    from: member(fc.constant(DATES[0]!)),
    to: member(fc.constant(DATES[2]!)),
    aggregation: member(anyCase(['daily'])),
    fields: member(
      fc.subarray(['date', ...PRODUCTION_FIELDS, 'condensate_rate']).map((names) => names),
    ),
    data: fc
      .subarray(DATES)
      .chain((dates) =>
        fc.tuple(
          ...dates.map((date) =>
            fc
              .dictionary(
                fc.constantFrom(...PRODUCTION_FIELDS, 'condensate_rate'),
                member(fc.double({ min: 0, max: 24, noNaN: true })),
                { maxKeys: 10 },
              )
              .map((values) => ({ ...values, date })),
          ),
        ),
      ),
  },
  { requiredKeys: ['data'] },
);

let dir: string;
let db: CacheDb;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-published-'));
  db = openCache(join(dir, 'cache.db')).db;
  db.prepare(
    "INSERT INTO connections (id, name, base_url, kind, created_at) VALUES ('c1', 'Hosted', 'https://h/api/v1', 'organisation', '2025-01-01')",
  ).run();
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('bodies the published schema allows', () => {
  it('projects parse, are cached and shown', () => {
    const projects = new ProjectsRepo(db);
    fc.assert(
      fc.property(projectBody, fc.constantFrom('imperial', 'metric', undefined), (body, known) => {
        const project = projectSchema('p1').parse(body);
        const stored = projectFromApi(project, known);
        projects.upsert('c1', stored, '2025-07-01T00:00:00.000Z');
        const view = projectView(projects.get('c1', stored.id)!);
        expect(view.name).toBe(project.name ?? project.id);
        expect(view.unitSystem).toBe(project.unitSystem ?? known ?? 'imperial');
        expect(view.wellCount).toBe(project.wellCount);
      }),
      { numRuns: 300 },
    );
  });

  it('wells parse, one by one and in pages, are cached and shown', () => {
    const projects = new ProjectsRepo(db);
    const wells = new WellsRepo(db);
    projects.upsert(
      'c1',
      projectFromApi(projectSchema('p1').parse({}), 'imperial'),
      '2025-07-01T00:00:00.000Z',
    );
    fc.assert(
      fc.property(wellBody, fc.constantFrom('imperial', 'metric'), (body, system) => {
        const well = wellSchema('p1', 'w1').parse(body);
        const page = listPageSchema(wellItemSchema('p1')).parse({ data: [body] });
        expect(page.data).toHaveLength(body.id == null ? 0 : 1);
        expect(page.total).toBeNull();
        wells.upsert('c1', wellToStored(well, system), '2025-07-01T00:00:00.000Z');
        const view = wellViewer(system)(wells.get('c1', well.id)!);
        expect(view.name).toBe(well.name ?? well.id);
        expect(view.type).toBe(well.type);
        expect(view.status).toBe(well.status);
        expect(view.perfInterval === null).toBe(well.perfInterval === null);
      }),
      { numRuns: 300 },
    );
  });

  it('production series parse and map to cache rows', () => {
    fc.assert(
      fc.property(seriesBody, fc.constantFrom('imperial', 'metric'), (body, system) => {
        const series = seriesSchema({ wellId: 'w1', from: DATES[0]!, to: DATES[2]! }).parse(body);
        const rows = seriesToStoredRows(series, { from: DATES[0]!, to: DATES[2]! }, system);
        expect(rows.map((row) => row[0])).toEqual(body.data.map((item) => item.date));
        expect(series.aggregation).toBe('daily');
        for (const row of rows) expect(row).toHaveLength(1 + PRODUCTION_FIELDS.length);
      }),
      { numRuns: 300 },
    );
  });
});
