import { unitLabel, type UnitSystem } from '#shared/api/index.js';
import type { DeclineStream } from '#shared/desktop/index.js';
import { cumulativeUnit, type VolumeField } from '#shared/production/index.js';
import { COLOURS } from '../chart-specs.js';

/** What each decline stream is called, drawn in and measured in on the well page. */
export const STREAM_LABEL: Record<DeclineStream, string> = {
  oil: 'Oil',
  gas: 'Gas',
  water: 'Water',
};

/** Np, Gp, Wp: the cumulative to date of each stream, as engineers write it. */
export const CUMULATIVE_SYMBOL: Record<DeclineStream, string> = {
  oil: 'Np',
  gas: 'Gp',
  water: 'Wp',
};

export const STREAM_FIELD: Record<DeclineStream, VolumeField> = {
  oil: 'oil_rate',
  gas: 'gas_rate',
  water: 'water_rate',
};

/** The rates chart's colour for each stream: the curve is drawn in its stream's colour. */
export const STREAM_COLOUR: Record<DeclineStream, string> = {
  oil: COLOURS.oil,
  gas: COLOURS.gas,
  water: COLOURS.water,
};

/** Gas has its own axis on the rates chart (its unit is not the liquids'). */
export const STREAM_AXIS: Record<DeclineStream, 'left' | 'right'> = {
  oil: 'left',
  gas: 'right',
  water: 'left',
};

export interface StreamUnits {
  /** bbl/d, Mscf/d, m³/d or 10³m³/d. */
  rate: string;
  /** bbl, Mscf, m³ or 10³m³. */
  volume: string;
}

export function streamUnits(stream: DeclineStream, system: UnitSystem): StreamUnits {
  return {
    rate: unitLabel(stream === 'gas' ? 'gasRate' : 'liquidRate', system),
    volume: cumulativeUnit(STREAM_FIELD[stream], system),
  };
}
