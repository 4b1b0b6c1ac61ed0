import { describe, expect, it } from 'vitest';
import type { LostProductionResult } from '#shared/desktop/index.js';
import { lossCsv } from './loss-csv.js';

const RESULT: LostProductionResult = {
  stream: 'oil',
  from: '2026-01-01',
  to: '2026-03-10',
  trailingDays: 30,
  total: 740.5,
  byReason: { 'shut-in': 500.25, 'reduced-runtime': 240.25 },
  causes: [
    { cause: 'ESP failure', recorded: true, volume: 500.25 },
    { cause: 'Reduced runtime, no event recorded', recorded: false, volume: 240.25 },
  ],
  months: [],
  wells: [
    {
      wellId: 'wel_1',
      name: '=Shut-in 1H',
      status: 'active',
      basis: 'trailing',
      fit: 'none',
      lost: 740.5,
      byReason: { 'shut-in': 500.25, 'reduced-runtime': 240.25 },
      causes: [
        { cause: 'ESP failure', recorded: true, volume: 500.25 },
        { cause: 'Reduced runtime, no event recorded', recorded: false, volume: 240.25 },
      ],
      shutInDays: 5,
      reducedRuntimeDays: 4,
      unratedDays: 0,
    },
  ],
};

describe('lossCsv', () => {
  it('writes a line per well with units in the headers and full volumes', () => {
    const lines = lossCsv(RESULT, 'bbl', 'imperial').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Well,Well id,Status,Stream,From,To,Potential from,Fit,Shut-in days,Reduced-runtime days,' +
        'Unrated days,Shut in (bbl),Reduced runtime (bbl),Lost (bbl),Reasons,Unit system',
    );
    // A name a spreadsheet would run as a formula is kept as text.
    expect(lines[1]).toBe(
      "'=Shut-in 1H,wel_1,Active,oil,2026-01-01,2026-03-10,Trailing 30 full days,none,5,4,0," +
        '500.25,240.25,740.5,"ESP failure: 500.25; Reduced runtime, no event recorded: 240.25",' +
        'imperial',
    );
  });
});
