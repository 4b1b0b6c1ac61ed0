import type {
  DeclineFitHistoryEntry,
  DeclineSettings,
  SavedDeclineFit,
} from '#shared/desktop/index.js';
import { DeclinePanel } from '../DeclinePanel.js';
import { useDecline } from '../use-decline.js';

/** The well page's decline panel on one well's oil, and the answers its handlers give. */

export const SETTINGS: DeclineSettings = {
  model: 'modified-hyperbolic',
  dMinEffectivePercent: 6,
  economicLimit: { oil: 5, gas: 20, water: 5 },
  endDate: null,
  maxYears: 50,
};

export const PROJECT = 'prj_permian';
export const WELL = 'well_7';
export const TUNED = { kind: 'hyperbolic', qi: 812.5, di: 1.0375, b: 0.83 } as const;
export const RUN = { kind: 'exponential', qi: 640, di: 0.4 } as const;

/** A history entry: a monthly Forecast all fit unless `overrides` say otherwise. */
export function entry(
  id: number,
  overrides: Partial<DeclineFitHistoryEntry> = {},
): DeclineFitHistoryEntry {
  return {
    id,
    source: 'forecast-all',
    recordedAt: `2026-11-2${id}T09:00:00.000Z`,
    restoredFrom: null,
    current: false,
    frequency: 'monthly',
    window: { from: '2022-02-01', to: '2023-12-01' },
    windowChosen: false,
    anchorDate: '2022-02-01',
    model: RUN,
    origin: 'fitted',
    goodness: { rmseLog: 0.05, r2Log: 0.97 },
    eur: 250_000,
    ...overrides,
  };
}

/** The well's saved oil fit of `model`; an edited one is daily, over the window it was edited on. */
export function saved(model: SavedDeclineFit['model'], origin: SavedDeclineFit['origin']) {
  return {
    wellId: WELL,
    stream: 'oil',
    frequency: origin === 'edited' ? 'daily' : 'monthly',
    window: { from: '2022-01-01', to: '2023-11-30' },
    windowChosen: origin === 'edited',
    anchorDate: '2022-01-01',
    model,
    origin,
    goodness: { rmseLog: 0.04, r2Log: 0.98 },
    pointsUsed: 600,
    pointsExcluded: 0,
    poor: false,
    reasons: [],
    savedAt: '2026-11-24T09:00:00.000Z',
    stale: false,
    forecast: null,
  } satisfies SavedDeclineFit;
}

/** The panel as the well page renders it, on its real useDecline. */
export function Panel() {
  const decline = useDecline(PROJECT, WELL, 'oil');
  return (
    <DeclinePanel
      projectId={PROJECT}
      wellId={WELL}
      unitSystem="imperial"
      stream="oil"
      onStream={() => {}}
      frequency="monthly"
      decline={decline}
      preview={null}
      csv={null}
      choosingWindow={false}
      onChoosingWindow={() => {}}
      horizon={null}
      onHorizon={() => {}}
    />
  );
}
