import { describe, expect, it } from 'vitest';
import type { IpcError } from '../../../shared/desktop/index.js';
import { readConflict } from './conflict-fields.js';

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
