import { render, screen } from '@testing-library/react';
import type { CellContext } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProjectView, WellView } from '#shared/desktop/index.js';
import { chartHeader, chartLegend } from '../export/chart-header.js';
import type { ChartSpec } from '../pages/well/chart-specs.js';
import { wellColumns } from '../pages/wells/columns.js';
import { bridge, renderApp } from '../testing/render.js';
import { isolateText } from './isolate-text.js';
import { NameList } from './NameList.js';
import { Sidebar } from './Sidebar.js';

/**
 * A name holding a right-to-left override (U+202E) must not reverse what is drawn beside it:
 * each name sits in a <bdi> of its own (isolated; Chromium's style for it is checked in
 * e2e/bidi-names.spec.ts), or between FSI and PDI where the text is plain.
 */
const HOSTILE = '\u202EEW lleW';

/** The <bdi> holding exactly `name`, inside `container`; fails when there is none. */
function isolatedName(container: Element, name: string): HTMLElement {
  const match = [...container.querySelectorAll('bdi')].find((el) => el.textContent === name);
  if (!match) throw new Error(`no <bdi> holds ${JSON.stringify(name)}: ${container.innerHTML}`);
  return match;
}

describe('user-supplied names are bidi-isolated', () => {
  it('in the wells table: the name is isolated, the offline badge outside it', () => {
    const [nameColumn] = wellColumns('imperial', 'prj-1');
    const cell = nameColumn!.cell as (info: CellContext<WellView, string>) => ReactElement;
    const info = {
      getValue: () => HOSTILE,
      row: { original: { availableOffline: { from: '2025-01-01', to: '2025-12-31' } } },
    } as unknown as CellContext<WellView, string>;
    const { container } = render(<div>{cell(info)}</div>);
    const name = isolatedName(container, HOSTILE);
    const badge = screen.getByTestId('well-offline-mark');
    expect(name.contains(badge)).toBe(false);
    expect(badge.closest('bdi')).toBeNull();
  });

  it('in the sidebar: the project name is isolated from its unit chip and counts', async () => {
    const project: ProjectView = {
      id: 'prj-1',
      name: HOSTILE,
      description: null,
      timezone: null,
      unitSystem: 'metric',
      wellCount: 12,
      createdAt: null,
      updatedAt: null,
      offline: { wellsCovered: 3, from: '2025-01-01', to: '2025-12-31' },
    };
    bridge().answer('projects-list', {
      data: [project],
      source: 'cache',
      stale: false,
      offline: false,
      fetchedAt: null,
    });
    renderApp(<Sidebar />);
    const link = await screen.findByTestId('project-link');
    const name = isolatedName(link, HOSTILE);
    expect(name.textContent).not.toContain('metric');
    expect(link.textContent).toContain('metric');
  });

  it('in a list of names: each name in its own isolate, the commas outside', () => {
    const { container } = render(
      <p>
        <NameList names={['Well A', HOSTILE, 'Well C']} />
      </p>,
    );
    expect([...container.querySelectorAll('bdi')].map((el) => el.textContent)).toEqual([
      'Well A',
      HOSTILE,
      'Well C',
    ]);
    expect(container.textContent).toBe(`Well A, ${HOSTILE}, Well C`);
  });

  it('in plain text: titles and chart images get FSI … PDI around such a name', () => {
    expect(isolateText(HOSTILE)).toBe(`\u2068${HOSTILE}\u2069`);
    expect(isolateText('\u05D1\u05D0\u05E8 7')).toBe('\u2068\u05D1\u05D0\u05E8 7\u2069');
    // Left-to-right text without controls cannot reorder anything: left as it is.
    expect(isolateText('Ridge 4-12H')).toBe('Ridge 4-12H');

    const spec = {
      id: 'rates',
      title: 'Rates',
      rows: { monthly: false },
      series: [{ key: 'w', label: HOSTILE, unit: 'bbl/d', colour: '#000' }],
    } as unknown as ChartSpec;
    const range = { from: '2025-01-01', to: '2025-12-31' };
    expect(chartHeader(spec, { wellName: HOSTILE, unitSystem: 'imperial' }, range).wellName).toBe(
      `\u2068${HOSTILE}\u2069`,
    );
    expect(chartLegend(spec, new Set())[0]?.label).toBe(`\u2068${HOSTILE}\u2069`);
  });
});
