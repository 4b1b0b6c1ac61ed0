import { describe, expect, it } from 'vitest';
import type { IpcError, OutboxConflictField } from '#shared/desktop/index.js';
import { conflictFromFields, readConflict } from './conflict-fields.js';

/** Worded exactly as electron/core/sync/conflicts.ts words it. */
const conflict: IpcError = {
  type: 'conflict',
  message:
    "The server's values changed since your edit on 2 days (first 2024-01-05): keep yours or take the server's.",
  details: {
    issues: [
      {
        path: 'records[2024-01-05].oil_rate',
        message: 'is 120.5 bbl/d on the server (100 bbl/d when you edited it); yours is 110 bbl/d',
      },
      {
        path: 'records[2024-01-05].watercut',
        message: 'is 40 % on the server (empty when you edited it); yours is empty',
      },
      { path: 'records[2024-01-03]', message: 'was deleted on the server since your edit' },
      { path: 'records[2024-01-04].gas_rate', message: 'something the core says differently' },
    ],
  },
};

describe('readConflict', () => {
  it('reads theirs, the base and yours per day and field, in date order', () => {
    const view = readConflict(conflict);
    expect(view.days.map((d) => d.date)).toEqual(['2024-01-03', '2024-01-05']);
    expect(view.days[0]).toEqual({ date: '2024-01-03', deletedOnServer: true, fields: [] });
    expect(view.days[1]!.fields).toEqual([
      {
        field: 'oil_rate',
        label: 'Oil rate',
        theirs: '120.5 bbl/d',
        base: '100 bbl/d',
        ours: '110 bbl/d',
        theirsChanged: true,
        oursChanged: true,
      },
      {
        field: 'watercut',
        label: 'Watercut',
        theirs: '40 %',
        base: 'empty',
        ours: 'empty',
        theirsChanged: true,
        oursChanged: false,
      },
    ]);
  });

  it('keeps what it cannot read as text instead of guessing', () => {
    expect(readConflict(conflict).other).toEqual([
      { path: 'records[2024-01-04].gas_rate', message: 'something the core says differently' },
    ]);
    expect(readConflict(null)).toEqual({ days: [], other: [] });
  });
});

describe('conflictFromFields', () => {
  const entry = (given: Partial<OutboxConflictField>): OutboxConflictField => ({
    date: '2024-01-05',
    field: 'oil_rate',
    ours: null,
    theirs: null,
    base: null,
    theirsDeleted: false,
    baseMissing: false,
    ...given,
  });

  it('shows the core’s numbers with units, and marks who changed what', () => {
    const view = conflictFromFields(
      [
        entry({ date: '2024-01-05', field: 'oil_rate', ours: 110, theirs: 120.5, base: 100 }),
        entry({ date: '2024-01-05', field: 'watercut', ours: null, theirs: 40, base: null }),
        entry({ date: '2024-01-03', field: 'oil_rate', ours: 7, base: 5, theirsDeleted: true }),
        entry({ date: '2024-01-04', field: 'gas_rate', ours: 3, theirs: 4, baseMissing: true }),
      ],
      { oil_rate: 'm³/d', gas_rate: '10³m³/d', watercut: '%' },
    );
    expect(view.other).toEqual([]);
    expect(view.days.map((d) => [d.date, d.deletedOnServer])).toEqual([
      ['2024-01-03', true],
      ['2024-01-04', false],
      ['2024-01-05', false],
    ]);
    expect(view.days[0]!.fields).toEqual([
      {
        field: 'oil_rate',
        label: 'Oil rate',
        ours: '7 m³/d',
        theirs: 'deleted',
        base: '5 m³/d',
        theirsChanged: true,
        oursChanged: true,
      },
    ]);
    expect(view.days[1]!.fields[0]).toMatchObject({
      base: 'no record',
      theirsChanged: true,
      oursChanged: true,
    });
    expect(view.days[2]!.fields).toEqual([
      {
        field: 'oil_rate',
        label: 'Oil rate',
        ours: '110 m³/d',
        theirs: '120.5 m³/d',
        base: '100 m³/d',
        theirsChanged: true,
        oursChanged: true,
      },
      {
        field: 'watercut',
        label: 'Watercut',
        ours: 'empty',
        theirs: '40 %',
        base: 'empty',
        theirsChanged: true,
        oursChanged: false,
      },
    ]);
  });
});
