import { unitLabel, type UnitSystem } from '../api/index.js';

/**
 * The words of each plausibility warning, apart from the checks: the records grid and
 * the importer (plausibility.ts, on records) and the data-quality scan (on columns)
 * check the same things in different shapes and must word them alike.
 */

export type RateName = 'oil_rate' | 'gas_rate' | 'water_rate';

const NAMES = {
  oil_rate: 'Oil rate',
  gas_rate: 'Gas rate',
  water_rate: 'Water rate',
  bhp: 'BHP',
  thp: 'THP',
  gor: 'GOR',
} as const;
const PRESSURE_REASON = {
  bhp: "beyond any well's bottom-hole pressure",
  thp: "beyond any wellhead's rated pressure",
} as const;

export function beforeSpudMessage(
  field: RateName,
  value: number,
  date: string,
  spudDate: string,
  system: UnitSystem,
): string {
  return `${NAMES[field]} ${withUnit(value, field, system)} on ${date}, before the well was spudded on ${spudDate}: a well cannot produce before it is drilled`;
}

/** `ceiling`: the ceiling in the project's units, `ceilingPsi` in psi. */
export function pressureCeilingMessage(
  field: 'bhp' | 'thp',
  value: number,
  ceiling: number,
  ceilingPsi: number,
  system: UnitSystem,
): string {
  const limit =
    system === 'imperial'
      ? withUnit(ceiling, field, system, 0)
      : `${withUnit(ceiling, field, system, 0)} (${format(ceilingPsi, 0)} psi)`;
  return `${NAMES[field]} ${withUnit(value, field, system)} is above ${limit}, ${PRESSURE_REASON[field]}`;
}

export function gorMismatchMessage(
  recorded: number,
  fromRates: number,
  apart: number,
  system: UnitSystem,
): string {
  return `GOR ${withUnit(recorded, 'gor', system)} is ${times(apart)} off the day's own rates, which give ${withUnit(fromRates, 'gor', system)} (1000 × gas ÷ oil)`;
}

export function rateJumpMessage(
  field: RateName,
  value: number,
  highest: number,
  basisDays: number,
  system: UnitSystem,
): string {
  return `${NAMES[field]} ${withUnit(value, field, system)} is ${times(value / highest)} the well's highest of its last ${basisDays} producing days (${withUnit(highest, field, system)})`;
}

const QUANTITY_OF = {
  oil_rate: 'liquidRate',
  water_rate: 'liquidRate',
  gas_rate: 'gasRate',
  bhp: 'pressure',
  thp: 'pressure',
  gor: 'gasOilRatio',
} as const;

function withUnit(
  value: number,
  field: keyof typeof QUANTITY_OF,
  system: UnitSystem,
  decimals = 3,
): string {
  return `${format(value, decimals)} ${unitLabel(QUANTITY_OF[field], system)}`;
}

// Built once: a file of a hundred thousand suspicious rows formats two numbers each.
const FORMATS = new Map<number, Intl.NumberFormat>();
function format(value: number, decimals: number): string {
  let formatter = FORMATS.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    FORMATS.set(decimals, formatter);
  }
  return formatter.format(value);
}

/** "63×", or "12.5×" below twenty, where the decimal still says something. */
function times(ratio: number): string {
  return `${format(ratio, ratio < 20 ? 1 : 0)}×`;
}
