import {
  FIELD_RULES,
  apiNumberDigits,
  type UnitSystem,
  type WellStatus,
  type WellInFeetKnownInPart,
  type WellType,
} from '#shared/api/index.js';
import type { ApiWell } from '#shared/client/index.js';
import type { RowSyncState, ScreeningStream, WellView } from '#shared/desktop/index.js';
import { displayConverter, toCacheNullable } from './cache-units.js';

/** A well between the API (project units) and the cache (feet). */

/** A well as written to the cache; keys are the column names. */
export interface StoredWell {
  id: string;
  project_id: string;
  name: string;
  name_key: string;
  api_number: string | null;
  api_digits: string | null;
  /** null: the service did not say (docs/compatibility.md). */
  type: WellType | null;
  status: WellStatus | null;
  latitude: number | null;
  longitude: number | null;
  spud_date: string | null;
  first_production_date: string | null;
  lateral_length_ft: number | null;
  perf_top_ft: number | null;
  perf_bottom_ft: number | null;
  created_at: string | null;
  updated_at: string | null;
}

/**
 * A well as read from the cache, with what the cache knows of its production:
 * its latest producing day (production_latest, imperial rates) and its widest
 * covered range (coverage), null when there is none.
 */
export type WellRow = WellInFeetKnownInPart & {
  fetchedAt: string;
  lastProductionDate: string | null;
  lastOilRate: number | null;
  lastGasRate: number | null;
  lastWaterRate: number | null;
  offlineFrom: string | null;
  offlineTo: string | null;
  /** The screening figures (well_screening), null members when the well has none. */
  screeningAsOf: string | null;
  oilChange: number | null;
  gasChange: number | null;
  waterChange: number | null;
  /** JSON of the three streams' sparklines, read only when wells-list asks for one. */
  sparklines: string | null;
};

/** The lower-cased name the server sorts and searches by (docs/api-decisions.md). */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

/** A well without a name (the published schema allows it) is listed, sorted and found by its id. */
export function wellName(well: Pick<ApiWell, 'id' | 'name'>): string {
  return well.name ?? well.id;
}

export function wellToStored(well: ApiWell, system: UnitSystem): StoredWell {
  const name = wellName(well);
  return {
    id: well.id,
    project_id: well.projectId,
    name,
    name_key: nameKey(name),
    api_number: well.apiNumber,
    api_digits: well.apiNumber === null ? null : apiNumberDigits(well.apiNumber),
    type: well.type,
    status: well.status,
    latitude: well.latitude,
    longitude: well.longitude,
    spud_date: well.spudDate,
    first_production_date: well.firstProductionDate,
    lateral_length_ft: toCacheNullable('length', well.lateralLength, system),
    perf_top_ft: toCacheNullable('length', well.perfInterval?.topMd ?? null, system),
    perf_bottom_ft: toCacheNullable('length', well.perfInterval?.bottomMd ?? null, system),
    created_at: well.createdAt,
    updated_at: well.updatedAt,
  };
}

/** Builds the views of many wells of one project with one converter. */
export function wellViewer(
  system: UnitSystem,
  sparklines: readonly ScreeningStream[] = [],
): (row: WellRow, state?: RowSyncState, decline?: WellView['decline']) => WellView {
  const length = displayConverter('length', system);
  const show = (feet: number | null) => (feet === null ? null : length(feet));
  // The converters production-get uses, so the values equal its values for that day.
  const oil = nullable(displayConverter(FIELD_RULES.oil_rate.quantity, system));
  const gas = nullable(displayConverter(FIELD_RULES.gas_rate.quantity, system));
  const water = nullable(displayConverter(FIELD_RULES.water_rate.quantity, system));
  const convert = { oil, gas, water };
  const sparklinesOf = (json: string | null) => {
    const chosen: Partial<Record<ScreeningStream, Array<number | null>>> = {};
    if (sparklines.length === 0 || json === null) return chosen;
    const all = JSON.parse(json) as Record<ScreeningStream, Array<number | null>>;
    for (const stream of sparklines) chosen[stream] = all[stream].map(convert[stream]);
    return chosen;
  };
  // Not shared/api's wellFromFeet: a service may give one end of the perforations, kept here.
  return (row, state = 'synced', decline = {}) => ({
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    apiNumber: row.apiNumber,
    type: row.type,
    status: row.status,
    latitude: row.latitude,
    longitude: row.longitude,
    spudDate: row.spudDate,
    firstProductionDate: row.firstProductionDate,
    lateralLength: show(row.lateralLengthFt),
    perfInterval:
      row.perfTopFt === null && row.perfBottomFt === null
        ? null
        : { topMd: show(row.perfTopFt), bottomMd: show(row.perfBottomFt) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    syncState: state,
    lastProduction:
      row.lastProductionDate === null
        ? null
        : {
            date: row.lastProductionDate,
            oilRate: oil(row.lastOilRate),
            gasRate: gas(row.lastGasRate),
            waterRate: water(row.lastWaterRate),
          },
    availableOffline:
      row.offlineFrom === null || row.offlineTo === null
        ? null
        : { from: row.offlineFrom, to: row.offlineTo },
    decline,
    screening:
      row.screeningAsOf === null
        ? null
        : {
            asOf: row.screeningAsOf,
            change: { oil: row.oilChange, gas: row.gasChange, water: row.waterChange },
            sparklines: sparklinesOf(row.sparklines),
          },
  });
}

function nullable(convert: (stored: number) => number) {
  return (stored: number | null) => (stored === null ? null : convert(stored));
}
