import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductionView } from '#shared/desktop/index.js';
import { projectView, readResult, wellView } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { WellReport } from './WellReport.js';

/** Noon UTC: the 6th in any time zone the tests run in. */
const FETCHED = '2024-05-06T12:00:00.000Z';

function production(aggregation: 'daily' | 'monthly'): ProductionView {
  return {
    wellId: 'w_1',
    from: '2024-01-01',
    to: '2024-02-29',
    aggregation,
    unitSystem: 'metric',
    fields: ['oil_rate'],
    units: { oil_rate: 'm³/d' },
    dates: ['2024-01-15', '2024-02-15'],
    values: { oil_rate: [10, 12] },
    states: ['synced', 'synced'],
    deletions: [],
    missing: [],
  };
}

// jsdom has no ResizeObserver: the charts stay at width 0 (not drawn); the footer's
// wiring is what this tests, the charts are the end-to-end test's.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

describe('WellReport', () => {
  it('prints the source, as-of, units, print time and page numbers on every page', async () => {
    bridge()
      .answer(
        'wells-get',
        readResult({ well: wellView({ projectId: 'prj_permian' }), unitSystem: 'metric' }),
      )
      .answer('production-get', (args) =>
        readResult(production(args.aggregation ?? 'daily'), { fetchedAt: FETCHED }),
      )
      .answer('connections-list', {
        connections: [
          {
            id: 'con_1',
            name: 'Calgary office',
            baseUrl: 'https://flowline.example.com',
            kind: 'organisation',
            createdAt: FETCHED,
            lastContactAt: FETCHED,
            isCurrent: true,
            hasToken: true,
          },
        ],
        secretStorage: { encrypted: true, warning: null },
      })
      .answer('projects-get', readResult(projectView({ name: 'Montney Alberta' })));
    renderApp(
      <WellReport
        projectId="prj_permian"
        wellId="w_1"
        range={{ from: '2024-01-01', to: '2024-02-29' }}
        aggregation="daily"
        logScale
        onClose={() => undefined}
      />,
    );
    const source = await screen.findByTestId('report-source');
    await waitFor(() => expect(source.textContent).toContain('Calgary office'));
    expect(source.textContent).toContain('Montney Alberta');
    expect(source.textContent).toContain('data as of 2024-05-06');
    const css = screen.getByTestId('report-page-style').textContent ?? '';
    expect(css).toContain('@bottom-left');
    expect(css).toContain('Source: Calgary office · Montney Alberta · data as of 2024-05-06');
    expect(css).toContain('Metric units · Printed ');
    expect(css).toContain('counter(page) " of " counter(pages)');
    // The totals close the monthly table.
    expect(screen.getByTestId('report-total').textContent).toContain(
      'Total, 2024-01-01 – 2024-02-29',
    );
  });
});
