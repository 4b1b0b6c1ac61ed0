import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCTION_FIELDS,
  unitLabel,
  FIELD_RULES,
  type ProductionField,
  type UnitSystem,
} from '#shared/api/index.js';
import { wellCsvFile, type ExportableView } from '#shared/csv/well-export.js';
import { startImportFixture, type ImportFixture } from './testing/import-fixture.js';

/**
 * The well page's "Export CSV" (shared/csv/well-export.ts) read back by import-preview, in a
 * metric and an imperial project: every header is recognised with its unit, nothing is
 * converted, and every value comes back as exported (nulls as absent values).
 */

let f: ImportFixture;
beforeAll(async () => {
  f = await startImportFixture();
});
afterAll(() => f.close());

const IMPORT_UNIT_IDS: Record<UnitSystem, Record<string, string>> = {
  metric: {
    liquidRate: 'm3/d',
    gasRate: 'e3m3/d',
    pressure: 'kPa',
    choke: 'mm',
    duration: 'h',
    gasOilRatio: 'm3/m3',
    percent: '%',
  },
  imperial: {
    liquidRate: 'bbl/d',
    gasRate: 'Mcf/d',
    pressure: 'psi',
    choke: '1/64 in',
    duration: 'h',
    gasOilRatio: 'scf/bbl',
    percent: '%',
  },
};

function sampleView(system: UnitSystem): ExportableView {
  const dates = Array.from({ length: 12 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);
  const column = (base: number, step: number) =>
    dates.map((_, i) => (i === 4 ? null : Number((base + i * step).toPrecision(12))));
  const values: ExportableView['values'] = {
    oil_rate: column(412.123456789, -3.25),
    water_rate: column(88.5, 1.125),
    gas_rate: column(system === 'metric' ? 31.8275 : 1123.4, -0.75),
    bhp: column(system === 'metric' ? 10342.135 : 1500.5, -12.5),
    thp: column(system === 'metric' ? 2068.43 : 300.25, -1.5),
    choke_size: column(system === 'metric' ? 9.525 : 24, 0),
    runtime: dates.map((_, i) => (i === 7 ? 0 : i === 8 ? 12.5 : 24)),
    gor: column(system === 'metric' ? 180.25 : 1012.5, 2),
    watercut: column(17.6712328767, 0.2),
  };
  return {
    aggregation: 'daily',
    unitSystem: system,
    fields: [...PRODUCTION_FIELDS],
    units: Object.fromEntries(
      PRODUCTION_FIELDS.map((field) => [field, unitLabel(FIELD_RULES[field].quantity, system)]),
    ),
    dates,
    values,
  };
}

describe('Export CSV → import-preview', () => {
  for (const system of ['metric', 'imperial'] as const) {
    it(`reads back the same records (${system} project)`, async () => {
      const target = system === 'metric' ? f.metric : f.imperial;
      const well = target.wells[1]!;
      const view = sampleView(system);
      const preview = await f.harness.core.handlers['import-preview']({
        projectId: target.project.id,
        source: {
          kind: 'text',
          name: 'export.csv',
          text: wellCsvFile(view, well.name!, { oil_rate: 5000, gas_rate: 9000, water_rate: 0 }),
        },
      });
      expect(preview.unitSystem).toBe(system);
      // The trailing cumulative columns (Np, Gp, Wp) are read as nothing.
      expect(preview.columns.map((c) => c.target)).toEqual([
        'date',
        'well-name',
        ...PRODUCTION_FIELDS,
        'ignore',
        'ignore',
        'ignore',
      ]);
      expect(preview.columns.at(-3)?.header).toMatch(/^Cumulative oil since first production/);
      // Each column's unit is the project's own: the values are not converted.
      for (const column of preview.columns.slice(2, -3)) {
        const field = column.target as ProductionField;
        expect(column.unit, column.header).toBe(
          IMPORT_UNIT_IDS[system][FIELD_RULES[field].quantity],
        );
      }
      expect(preview.summary).toMatchObject({ rows: 12, validRows: 12, invalidRows: 0 });
      expect(preview.unmatchedWells).toEqual([]);
      expect(preview.records).toHaveLength(12);
      preview.records.forEach((item, row) => {
        expect(item.wellId).toBe(well.id);
        expect(item.record.date).toBe(view.dates[row]);
        for (const field of PRODUCTION_FIELDS) {
          const record = item.record as Partial<Record<ProductionField, number | null>>;
          expect(record[field] ?? null, `${view.dates[row]} ${field}`).toBe(
            view.values[field]![row],
          );
        }
      });
    });
  }
});
