import {
  convert,
  FIELD_RULES,
  type ProductionField,
  type Quantity,
  type UnitSystem,
} from '../api/index.js';

/**
 * Units a file's column may be in, per quantity. Each is expressed as a
 * multiple of the API's unit in one system (`value × scale` is in `system`'s
 * unit), so conversion reuses shared/api's `convert` and its rounding: a
 * column already in the project's units is not touched at all.
 */
export interface ImportUnit {
  id: string;
  system: UnitSystem;
  scale: number;
  /** Spellings in headers, normalised (see normaliseUnitText). */
  aliases: readonly string[];
}

export type ImportQuantity = Exclude<Quantity, 'length'>;

export const IMPORT_UNITS: Record<ImportQuantity, readonly ImportUnit[]> = {
  liquidRate: [
    {
      id: 'bbl/d',
      system: 'imperial',
      scale: 1,
      aliases: ['bbl', 'bbls', 'bopd', 'bwpd', 'bpd', 'blpd', 'stb', 'b', 'barrels'],
    },
    { id: 'm3/d', system: 'metric', scale: 1, aliases: ['m3', 'sm3', 'cum'] },
    { id: 'L/d', system: 'metric', scale: 0.001, aliases: ['l', 'litres', 'liters'] },
  ],
  gasRate: [
    {
      id: 'Mcf/d',
      system: 'imperial',
      scale: 1,
      aliases: ['mcf', 'mscf', 'mcfd', 'mscfd', 'mcfpd'],
    },
    {
      id: 'MMcf/d',
      system: 'imperial',
      scale: 1000,
      aliases: ['mmcf', 'mmscf', 'mmcfd', 'mmscfd'],
    },
    { id: 'scf/d', system: 'imperial', scale: 0.001, aliases: ['scf', 'cf', 'ft3', 'scfd'] },
    {
      id: 'e3m3/d',
      system: 'metric',
      scale: 1,
      aliases: [
        'e3m3',
        '103m3',
        '10^3m3',
        '1000m3',
        'km3',
        'e3sm3',
        '103sm3',
        'thousandm3',
        'ksm3',
        '1000sm3',
      ],
    },
    {
      id: 'e6m3/d',
      system: 'metric',
      scale: 1000,
      aliases: ['e6m3', '106m3', '10^6m3', 'msm3', 'e6sm3', '106sm3', 'millsm3', 'mmm3'],
    },
    { id: 'm3/d', system: 'metric', scale: 0.001, aliases: ['m3', 'sm3'] },
  ],
  pressure: [
    { id: 'psi', system: 'imperial', scale: 1, aliases: ['psi', 'psia', 'psig', 'lb/in2'] },
    { id: 'kPa', system: 'metric', scale: 1, aliases: ['kpa', 'kpaa', 'kpag'] },
    { id: 'bar', system: 'metric', scale: 100, aliases: ['bar', 'barg', 'bara'] },
    { id: 'MPa', system: 'metric', scale: 1000, aliases: ['mpa', 'mpag', 'mpaa'] },
  ],
  choke: [
    {
      id: '1/64 in',
      system: 'imperial',
      scale: 1,
      aliases: ['64ths', '64th', '/64', '1/64', '1/64in', '64', '64thsin', '/64in', '64in'],
    },
    { id: 'in', system: 'imperial', scale: 64, aliases: ['in', 'inch', 'inches', '"'] },
    { id: 'mm', system: 'metric', scale: 1, aliases: ['mm'] },
  ],
  duration: [
    { id: 'h', system: 'imperial', scale: 1, aliases: ['h', 'hr', 'hrs', 'hour', 'hours'] },
    { id: 'min', system: 'imperial', scale: 1 / 60, aliases: ['min', 'mins', 'minutes'] },
  ],
  gasOilRatio: [
    { id: 'scf/bbl', system: 'imperial', scale: 1, aliases: ['scf/bbl', 'scf/stb', 'cf/bbl'] },
    { id: 'Mcf/bbl', system: 'imperial', scale: 1000, aliases: ['mcf/bbl', 'mscf/bbl'] },
    { id: 'm3/m3', system: 'metric', scale: 1, aliases: ['m3/m3', 'sm3/sm3', 'm3/sm3'] },
  ],
  percent: [
    { id: '%', system: 'imperial', scale: 1, aliases: ['%', 'pct', 'percent'] },
    { id: 'fraction', system: 'imperial', scale: 100, aliases: ['fraction', 'frac', 'dec', 'v/v'] },
  ],
};

export function quantityOf(field: ProductionField): ImportQuantity {
  return FIELD_RULES[field].quantity as ImportQuantity;
}

export function unitsOf(field: ProductionField): readonly ImportUnit[] {
  return IMPORT_UNITS[quantityOf(field)];
}

/** The unit the project's own values are in: what a column without a unit is taken to be. */
export function projectUnit(field: ProductionField, system: UnitSystem): ImportUnit {
  return unitsOf(field).find((unit) => unit.system === system && unit.scale === 1)!;
}

export function findUnit(field: ProductionField, id: string): ImportUnit | undefined {
  return unitsOf(field).find((unit) => unit.id === id);
}

/** `10³m³/d` → `103m3`, `bbl/day` → `bbl`, `Mcf per day` → `mcf`. */
export function normaliseUnitText(text: string): string {
  return text
    .toLowerCase()
    .replace(/³/g, '3')
    .replace(/\s+/g, '')
    .replace(/(?:\/d|\/day|perday)$/, '');
}

/** The unit a header's unit text names for the field's quantity, if it is one we know. */
export function unitFromText(field: ProductionField, text: string): ImportUnit | undefined {
  const raw = text.toLowerCase().replace(/³/g, '3').replace(/\s+/g, '');
  const normalised = normaliseUnitText(text);
  return unitsOf(field).find(
    (unit) => unit.aliases.includes(raw) || unit.aliases.includes(normalised),
  );
}

/**
 * A converter from the column's unit to the project's units. The identity
 * when they agree, so values typed in the project's units arrive as typed.
 */
export function unitConverter(
  field: ProductionField,
  unit: ImportUnit,
  system: UnitSystem,
): (value: number) => number {
  const quantity = quantityOf(field);
  const { scale } = unit;
  if (unit.system === system) {
    return scale === 1 ? (value) => value : (value) => roundTo12(value * scale);
  }
  return scale === 1
    ? (value) => convert(quantity, value, unit.system, system)
    : (value) => convert(quantity, roundTo12(value * scale), unit.system, system);
}

/** As shared/api rounds converted values: 1.1 bar is 110 kPa, not 110.00000000000001. */
function roundTo12(value: number): number {
  return Number(value.toPrecision(12));
}
