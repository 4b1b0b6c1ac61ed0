import { afterAll, beforeAll, expect, it } from 'vitest';
import { startImportFixture, type ImportFixture } from './testing/import-fixture.js';

/**
 * import-preview warns about values the API allows but that look wrong, with their lines:
 * against the well's spud date and the production this computer holds. It never refuses.
 */

let f: ImportFixture;
beforeAll(async () => {
  f = await startImportFixture();
});
afterAll(() => f.close());

const DAY = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

it('names a day before the spud date, a rate 50 times the cached maximum and a BHP of 777,762 psi', async () => {
  const projectId = f.imperial.project.id;
  const well = f.imperial.wells[0]!;
  const spud = well.spudDate!;
  const day = shift(well.firstProductionDate!, 200);
  // The 120 days before it, read into this computer's cache as opening the well does.
  const cached = await f.harness.core.handlers['production-get']({
    projectId,
    wellId: well.id,
    from: shift(day, -120),
    to: shift(day, -1),
    aggregation: 'daily',
    refresh: 'await',
  });
  const oil = (cached.data.values.oil_rate ?? []).filter((v): v is number => v !== null);
  const highest = Math.max(...oil.slice(-90));
  expect(highest).toBeGreaterThan(0);
  const tooHigh = Math.ceil(highest * 60);

  const text = [
    'Date,Oil (bbl/d),BHP (psi)',
    `${shift(spud, -3 * 365)},120,2500`,
    `${day},${tooHigh},2500`,
    `${shift(day, 1)},${highest},777762`,
    `${shift(day, 2)},${highest},2400`,
  ].join('\n');
  const preview = await f.harness.core.handlers['import-preview']({
    projectId,
    wellId: well.id,
    source: { kind: 'text', name: 'suspicious.csv', text },
  });

  expect(preview.summary).toMatchObject({ validRows: 4, invalidRows: 0 });
  expect(preview.plausibility).toEqual([
    {
      line: 2,
      wellId: well.id,
      date: shift(spud, -3 * 365),
      field: 'oil_rate',
      rule: 'before-spud',
      message: `Oil rate 120 bbl/d on ${shift(spud, -3 * 365)}, before the well was spudded on ${spud}: a well cannot produce before it is drilled`,
    },
    {
      line: 3,
      wellId: well.id,
      date: day,
      field: 'oil_rate',
      rule: 'rate-jump',
      message: expect.stringMatching(
        /^Oil rate [\d,.]+ bbl\/d is 60× the well's highest of its last \d+ producing days \([\d,.]+ bbl\/d\)$/,
      ),
    },
    {
      line: 4,
      wellId: well.id,
      date: shift(day, 1),
      field: 'bhp',
      rule: 'pressure-ceiling',
      message: "BHP 777,762 psi is above 20,000 psi, beyond any well's bottom-hole pressure",
    },
  ]);

  // A warning, not a refusal: the commit queues every row the contract allows.
  const result = await f.harness.core.handlers['import-commit']({ importId: preview.importId });
  expect(result.queued).toBe(4);
});

it('has no plausibility member when nothing looks wrong', async () => {
  const well = f.imperial.wells[1]!;
  const day = shift(well.firstProductionDate!, 30);
  const preview = await f.harness.core.handlers['import-preview']({
    projectId: f.imperial.project.id,
    wellId: well.id,
    source: { kind: 'text', name: 'fine.csv', text: `Date,BHP (psi)\n${day},2500\n` },
  });
  expect(preview.summary.validRows).toBe(1);
  expect(preview.plausibility).toBeUndefined();
});
