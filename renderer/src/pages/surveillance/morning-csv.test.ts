import { describe, expect, it } from 'vitest';
import { morningCsv } from './morning-csv.js';

describe('morningCsv', () => {
  it('writes each well’s variance and lost production on one line, in the variance order', () => {
    const csv = morningCsv(
      {
        stream: 'oil',
        windowDays: 30,
        tolerancePercent: 10,
        wells: [
          {
            wellId: 'w_1',
            name: 'Ranger 1H',
            status: 'active',
            fit: 'current',
            from: '2026-10-30',
            to: '2026-11-28',
            days: 30,
            actual: 1500.5,
            forecast: 2000,
            volumeVariance: -499.5,
            percentVariance: -24.975,
            divergedSince: '2026-11-10',
          },
          {
            wellId: 'w_2',
            name: 'Ranger 2H',
            status: null,
            fit: 'none',
            from: null,
            to: null,
            days: 0,
            actual: null,
            forecast: null,
            volumeVariance: null,
            percentVariance: null,
            divergedSince: null,
          },
        ],
      },
      {
        stream: 'oil',
        from: '2026-09-01',
        to: '2026-11-28',
        trailingDays: 30,
        total: 740,
        byReason: { 'shut-in': 500, 'reduced-runtime': 240 },
        causes: [{ cause: 'Weather', recorded: true, volume: 740 }],
        months: [],
        wells: [
          {
            wellId: 'w_2',
            name: 'Ranger 2H',
            status: null,
            basis: 'trailing',
            fit: 'none',
            lost: 740,
            byReason: { 'shut-in': 500, 'reduced-runtime': 240 },
            causes: [{ cause: 'Weather', recorded: true, volume: 740 }],
            shutInDays: 5,
            reducedRuntimeDays: 4,
            unratedDays: 0,
          },
        ],
      },
      'bbl',
      'imperial',
    );
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Well,Well id,Status,Stream,Unit system,Variance from,Variance to,Fit,Actual (bbl),' +
        'Forecast (bbl),Volume variance (bbl),Variance %,Below since,Lost from,Lost to,' +
        'Potential from,Shut-in days,Reduced-runtime days,Shut in (bbl),Reduced runtime (bbl),' +
        'Lost (bbl),Reasons',
    );
    expect(lines[1]).toBe(
      'Ranger 1H,w_1,Active,oil,imperial,2026-10-30,2026-11-28,current,1500.5,2000,-499.5,' +
        '-24.975,2026-11-10,2026-09-01,2026-11-28,,,,,,,',
    );
    expect(lines[2]).toBe(
      'Ranger 2H,w_2,Unknown,oil,imperial,,,none,,,,,,2026-09-01,2026-11-28,' +
        'Trailing 30 full days,5,4,500,240,740,Weather: 740',
    );
  });
});
