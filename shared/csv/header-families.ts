import type { ColumnTarget } from './targets.js';

/**
 * Headers of published datasets that name no unit: the dataset's own
 * documentation says it. Equinor's Volve daily production (the Norwegian
 * shelf's reporting names: `BORE_OIL_VOL`, `AVG_WHP_P`, …) gives each day's
 * volumes in Sm³, which for a day's row are rates in Sm³/d, and pressures in
 * bar. Keys are a header's words as `readHeader` splits them (abbreviations
 * written out), joined by spaces.
 */
export interface HeaderFamilyEntry {
  target: ColumnTarget;
  /** The unit, as a header would write it; absent when the header's own words say it. */
  unitText?: string;
  /** Where the unit comes from, shown beside the column. */
  source?: string;
  /** Why a column that looks like a field is not one (shown, and the column is ignored). */
  notAField?: string;
}

const VOLVE = "Volve's daily reporting";

export const HEADER_FAMILIES: Readonly<Record<string, HeaderFamilyEntry>> = {
  dateprd: { target: 'date' },
  'npd well bore name': { target: 'well-name' },
  'bore oil vol': { target: 'oil_rate', unitText: 'Sm³', source: VOLVE },
  'bore gas vol': { target: 'gas_rate', unitText: 'Sm³', source: VOLVE },
  'bore water vol': { target: 'water_rate', unitText: 'Sm³', source: VOLVE },
  'avg downhole pressure': { target: 'bhp', unitText: 'bar', source: VOLVE },
  'avg whp p': { target: 'thp', unitText: 'bar', source: VOLVE },
  'avg choke size p': {
    target: 'ignore',
    notAField:
      'a choke opening in % (Volve reporting), not a choke size in 1/64 in or mm: not imported',
  },
};
