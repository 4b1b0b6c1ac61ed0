import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportFixture, type ImportFixture } from './testing/import-fixture.js';

/**
 * The preview of replaced days: each changed value before and after, counts per field, and
 * the fields the file does not carry, kept or cleared as the person chooses, as committed.
 */

let f: ImportFixture;
let projectId: string;
const core = () => f.harness.core.handlers;

beforeAll(async () => {
  f = await startImportFixture();
  projectId = f.imperial.project.id;
});
afterAll(() => f.close());

/** Oil only: three days the well has, and one it has not. */
const TEXT =
  'Date,Oil (bbl/d)\n2025-06-28,401.5\n2025-06-29,402.5\n2025-06-30,403.5\n2025-07-01,9\n';

async function previewOn(wellId: string, untouchedFields?: 'keep' | 'clear') {
  return core()['import-preview']({
    projectId,
    wellId,
    source: { kind: 'text', name: 'oil.csv', text: TEXT },
    ...(untouchedFields ? { untouchedFields } : {}),
  });
}

describe('the preview of replaced days', () => {
  it('shows each changed value old and new, the counts per field, and what the file leaves', async () => {
    const well = f.imperial.wells[0]!;
    await core()['production-get']({
      projectId,
      wellId: well.id,
      from: '2025-06-01',
      to: '2025-06-30',
      aggregation: 'daily',
    });
    const server = await f.serverDays(projectId, well.id, '2025-06-28', '2025-06-30');
    const preview = await previewOn(well.id);
    const replacement = preview.replacement!;
    expect(replacement.untouchedChoice).toBe('keep');
    expect(replacement.changedDays).toBe(3);
    expect(replacement.changedPerField.find((c) => c.field === 'oil_rate')).toEqual({
      field: 'oil_rate',
      changed: 3,
    });
    expect(replacement.days.map((day) => day.date)).toEqual([
      '2025-06-28',
      '2025-06-29',
      '2025-06-30',
    ]);
    const first = replacement.days[0]!;
    expect(first.changes.find((c) => c.field === 'oil_rate')).toEqual({
      field: 'oil_rate',
      before: server.get('2025-06-28')!.oil_rate,
      after: 401.5,
    });
    // Kept fields do not change; a derived GOR follows the new oil rate.
    expect(first.changes.map((c) => c.field)).not.toContain('runtime');
    expect(first.changes.map((c) => c.field)).not.toContain('bhp');

    const runtimes = [...server.values()].map((day) => day.runtime).filter((v) => v !== null);
    const runtime = replacement.untouched.find((u) => u.field === 'runtime')!;
    expect(runtime).toEqual({
      field: 'runtime',
      days: runtimes.length,
      daysWithRatesChanged: runtimes.length,
      min: Math.min(...(runtimes as number[])),
      max: Math.max(...(runtimes as number[])),
    });
  });

  it('keeps the untouched fields by default, and empties them when asked, as committed', async () => {
    const kept = f.imperial.wells[1]!;
    const cleared = f.imperial.wells[2]!;
    for (const well of [kept, cleared]) {
      await core()['production-get']({
        projectId,
        wellId: well.id,
        from: '2025-06-01',
        to: '2025-06-30',
        aggregation: 'daily',
      });
    }
    const before = await f.serverDays(projectId, kept.id, '2025-06-28', '2025-06-28');
    expect(before.get('2025-06-28')!.bhp).not.toBeNull();

    const keep = await previewOn(kept.id);
    await core()['import-commit']({ importId: keep.importId });
    const clear = await previewOn(cleared.id, 'clear');
    expect(clear.replacement!.untouchedChoice).toBe('clear');
    expect(clear.warnings.join(' ')).toMatch(/are emptied on the 3 replaced days/);
    expect(clear.replacement!.days[0]!.changes.find((c) => c.field === 'bhp')).toMatchObject({
      after: null,
    });
    await core()['import-commit']({ importId: clear.importId });
    await core()['sync-now']({});

    const keptDay = (await f.serverDays(projectId, kept.id, '2025-06-28', '2025-06-28')).get(
      '2025-06-28',
    )!;
    expect(keptDay).toMatchObject({ oil_rate: 401.5, bhp: before.get('2025-06-28')!.bhp });
    const clearedDay = (await f.serverDays(projectId, cleared.id, '2025-06-28', '2025-06-28')).get(
      '2025-06-28',
    )!;
    expect(clearedDay).toMatchObject({ oil_rate: 401.5, bhp: null, runtime: null, gas_rate: null });
  });
});
