import type { WellView } from '#shared/desktop/index.js';
import { latestRate } from '../wells/latest-rates.js';
import type { MapWell } from './map-geometry.js';

/**
 * The wells as the map draws them: a dot's size is the latest oil rate the wells table
 * shows in its Oil column (the same accessor), screening figures included.
 */
export function mapWells(wells: readonly WellView[]): MapWell[] {
  return wells.map((well) => ({
    id: well.id,
    name: well.name,
    status: well.status,
    latitude: well.latitude,
    longitude: well.longitude,
    oilRate: latestRate(well, 'oil'),
  }));
}
