import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LostProductionResult, WellVarianceRow } from '#shared/desktop/index.js';
import { projectView, readResult } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { MorningReport, REPORT_WELLS } from './MorningReport.js';

function varianceRow(i: number, variance: number | null): WellVarianceRow {
  return {
    wellId: `w_${i}`,
    name: `Ranger ${i}H`,
    status: 'active',
    fit: variance === null ? 'none' : 'current',
    from: '2026-10-30',
    to: '2026-11-28',
    days: 30,
    actual: variance === null ? null : 1000 + variance,
    forecast: variance === null ? null : 1000,
    volumeVariance: variance,
    percentVariance: variance === null ? null : variance / 10,
    divergedSince: variance !== null && variance < 0 ? '2026-11-10' : null,
  };
}

const LOST: LostProductionResult = {
  stream: 'oil',
  from: '2026-09-01',
  to: '2026-11-28',
  trailingDays: 30,
  total: 740,
  byReason: { 'shut-in': 500, 'reduced-runtime': 240 },
  causes: [
    { cause: 'ESP failure', recorded: true, volume: 500 },
    { cause: 'Reduced runtime, no event recorded', recorded: false, volume: 240 },
  ],
  months: [],
  wells: [
    {
      wellId: 'w_1',
      name: 'Ranger 1H',
      status: 'active',
      basis: 'forecast',
      fit: 'current',
      lost: 740,
      byReason: { 'shut-in': 500, 'reduced-runtime': 240 },
      causes: [
        { cause: 'ESP failure', recorded: true, volume: 500 },
        { cause: 'Reduced runtime, no event recorded', recorded: false, volume: 240 },
      ],
      shutInDays: 5,
      reducedRuntimeDays: 4,
      unratedDays: 0,
    },
  ],
};

describe('the morning report', () => {
  it('lists the ten largest shortfalls, the total over every fitted well and the losses', async () => {
    // 12 wells below forecast (−10 … −120), one above, one without a fit: ranked as the core
    // ranks them, the largest shortfall first.
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => varianceRow(i + 1, -10 * (12 - i))),
      varianceRow(13, 50),
      varianceRow(14, null),
    ];
    bridge()
      .answer('projects-get', readResult(projectView()))
      .answer('connections-list', {
        connections: [],
        secretStorage: { encrypted: true, warning: null },
      })
      .answer('variance-list', { stream: 'oil', windowDays: 30, tolerancePercent: 10, wells: rows })
      .answer('lost-production', LOST);
    renderApp(
      <MorningReport projectId="prj_permian" stream="oil" window={null} onClose={() => {}} />,
    );
    const variance = await screen.findByTestId('morning-variance');
    const names = within(variance)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toHaveLength(REPORT_WELLS);
    expect(names[0]).toBe('Ranger 1H');
    expect(names).not.toContain('Ranger 13H');
    // 13 wells with a forecast: 13,000 forecast, 12 shortfalls summing −780 and one +50.
    expect(screen.getByTestId('morning-variance-total').textContent).toBe(
      'All 13 wells with a forecast: 12,270 bbl against 13,000 bbl, -730 bbl (-5.6 %).',
    );
    expect(screen.getByTestId('morning-loss-total').textContent).toBe(
      '740 bbl lost, 2026-09-01 – 2026-11-28: shut in 500, reduced runtime 240 bbl. ' +
        'By reason: ESP failure 500 bbl; Reduced runtime, no event recorded 240 bbl.',
    );
    const lossRows = within(screen.getByTestId('morning-loss')).getAllByRole('row');
    expect(lossRows).toHaveLength(2);
    expect(lossRows[1]!.textContent).toContain('ESP failure 500 · no event 240 bbl');
  });
});
