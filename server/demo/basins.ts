import type { UnitSystem } from '#shared/api/index.js';

/**
 * The three demo basins: names, places and the engineering ranges each well's
 * parameters are drawn from. Pure data, so a reviewer can check the numbers
 * against public figures without reading any generator code.
 */

export type Range = readonly [min: number, max: number];

/** A US county: its API state and county codes and a point inside its play. */
export interface County {
  name: string;
  state: string; // API state code, 2 digits
  county: string; // API county code, 3 digits
  latitude: number;
  longitude: number;
  /** Range of the 5-digit unique well numbers recently issued there. */
  wellNumbers: Range;
}

/**
 * An Alberta field, placed by its Dominion Land Survey township and range (W6M).
 * Ranges stay at 12 or below (pads wander ±2) so no well crosses 120° W into BC.
 */
export interface DlsField {
  name: string;
  township: number;
  range: number;
}

/** Ranges that shape a producer's daily history (all imperial). */
export interface ProductionProfile {
  /** Peak oil (condensate) rate, bbl/d. */
  qi: Range;
  /** Initial nominal decline, 1/year. */
  diPerYear: Range;
  b: Range;
  dMinPerYear: Range;
  /** GOR at first production, scf/bbl, and the factor it grows by over ~10 years. */
  gor: Range;
  gorGrowth: Range;
  /** Watercut (%) after flowback and the level it creeps up to late in life. */
  watercutStart: Range;
  watercutEnd: Range;
  /** Initial reservoir pressure gradient, psi/ft of true vertical depth. */
  pressureGradient: Range;
}

interface BasinBase {
  project: { name: string; description: string; timezone: string; unitSystem: UnitSystem };
  leases: readonly string[];
  /** True vertical depth of the target zone, ft. */
  tvd: Range;
  /** Lateral lengths by section count, in miles (1 mile ≈ one section). */
  lateralMiles: readonly number[];
  padSize: Range;
  production: ProductionProfile;
}

/** US wells: lease names, API numbers by state and county. */
export interface UsBasin extends BasinBase {
  survey: 'us';
  /** How wells are named in this state (see names.ts). */
  naming: 'permian' | 'bakken';
  counties: readonly County[];
}

/** Canadian wells: named and numbered by their legal (DLS) location. */
export interface DlsBasin extends BasinBase {
  survey: 'dls';
  fields: readonly DlsField[];
}

export type Basin = UsBasin | DlsBasin;

function county(
  name: string,
  code: `${string}-${string}`,
  latitude: number,
  longitude: number,
  wellNumbers: Range,
): County {
  const [state, countyCode] = code.split('-') as [string, string];
  return { name, state, county: countyCode, latitude, longitude, wellNumbers };
}

const DELAWARE: UsBasin = {
  survey: 'us',
  naming: 'permian',
  project: {
    name: 'Permian Delaware Basin',
    description:
      'Wolfcamp and Bone Spring horizontals in Loving, Reeves, Ward and Culberson counties (TX) ' +
      'and Eddy and Lea counties (NM). Demo data.',
    timezone: 'America/Chicago',
    unitSystem: 'imperial',
  },
  counties: [
    county('Loving', '42-301', 31.84, -103.58, [30_000, 35_999]),
    county('Reeves', '42-389', 31.42, -103.72, [33_000, 39_999]),
    county('Ward', '42-475', 31.55, -103.22, [36_000, 39_999]),
    county('Culberson', '42-109', 31.55, -104.12, [32_000, 33_999]),
    county('Eddy', '30-015', 32.2, -103.95, [42_000, 49_999]),
    county('Lea', '30-025', 32.2, -103.48, [40_000, 48_999]),
  ],
  leases: [
    'Mesa Verde',
    'Red Bluff',
    'Pecos Valley',
    'Toyah',
    'Coyote',
    'Brushy Draw',
    'Salt Flat',
    'Sidewinder',
    'Javelina',
    'Red Hills',
    'Jal Draw',
    'Ocotillo',
    'Sand Dune',
    'Lobo',
    'Monument Draw',
    'Windmill',
    'Rattlesnake',
    'Longhorn',
    'Silver Spur',
    'Caprock',
    'Hackberry',
    'Mustang Draw',
    'Bluestem',
    'Thistle',
    'Paisano',
    'Dagger Draw',
  ],
  tvd: [9_200, 12_000],
  lateralMiles: [1, 1.5, 2, 2, 2, 2.5, 3],
  padSize: [1, 6],
  production: {
    qi: [550, 1_600],
    diPerYear: [1.8, 3.5],
    b: [0.9, 1.4],
    dMinPerYear: [0.07, 0.1],
    gor: [1_500, 3_500],
    gorGrowth: [1.6, 3],
    watercutStart: [45, 60],
    watercutEnd: [68, 85],
    pressureGradient: [0.6, 0.72],
  },
};

const BAKKEN: UsBasin = {
  survey: 'us',
  naming: 'bakken',
  project: {
    name: 'Williston Bakken',
    description:
      'Middle Bakken and Three Forks horizontals in McKenzie, Mountrail, Williams and Dunn ' +
      'counties, North Dakota. Demo data.',
    timezone: 'America/Denver',
    unitSystem: 'imperial',
  },
  counties: [
    county('McKenzie', '33-053', 47.8, -103.3, [3000, 9999]),
    county('Mountrail', '33-061', 48.15, -102.45, [1000, 4999]),
    county('Williams', '33-105', 48.3, -103.4, [2000, 5999]),
    county('Dunn', '33-025', 47.45, -102.65, [1500, 3999]),
  ],
  leases: [
    'Lars',
    'Jorgenson',
    'Boomer',
    'Hovde',
    'Sandvik',
    'Thorsgaard',
    'Pederson',
    'Lindvig',
    'Bratli',
    'Haugen',
    'Bear Den',
    'Blue Buttes',
    'Skunk Creek',
    'Antelope',
    'Tobacco Garden',
    'Charlson',
    'Hawkeye',
    'Larsen Trust',
    'Nygaard',
    'Olson',
    'Rolfson',
    'Stenehjem',
  ],
  tvd: [10_000, 11_100],
  lateralMiles: [1, 2, 2, 2, 2, 3],
  padSize: [1, 5],
  production: {
    qi: [400, 1_300],
    diPerYear: [1.5, 3],
    b: [0.7, 1.2],
    dMinPerYear: [0.06, 0.09],
    gor: [700, 1_300],
    gorGrowth: [1.5, 2.5],
    watercutStart: [20, 40],
    watercutEnd: [45, 65],
    pressureGradient: [0.55, 0.65],
  },
};

const MONTNEY: DlsBasin = {
  survey: 'dls',
  project: {
    name: 'Montney Alberta',
    description:
      'Liquids-rich Montney gas-condensate horizontals around Grande Prairie, west of the 6th ' +
      'meridian. Oil rates are condensate. Demo data.',
    timezone: 'America/Edmonton',
    unitSystem: 'metric',
  },
  fields: [
    { name: 'Kakwa', township: 63, range: 6 },
    { name: 'Karr', township: 64, range: 4 },
    { name: 'Wapiti', township: 67, range: 8 },
    { name: 'Gold Creek', township: 68, range: 5 },
    { name: 'Elmworth', township: 70, range: 10 },
    { name: 'Sinclair', township: 73, range: 10 },
    { name: 'Valhalla', township: 74, range: 9 },
    { name: 'Glacier', township: 77, range: 10 },
    { name: 'Pouce Coupe', township: 79, range: 10 },
  ],
  leases: [],
  tvd: [6_500, 9_500],
  lateralMiles: [1, 1.25, 1.5, 1.5, 1.75, 2],
  padSize: [2, 6],
  production: {
    qi: [80, 450],
    diPerYear: [0.9, 2],
    b: [0.3, 1],
    dMinPerYear: [0.05, 0.08],
    gor: [6_000, 18_000],
    gorGrowth: [1.2, 1.8],
    watercutStart: [8, 25],
    watercutEnd: [28, 45],
    pressureGradient: [0.5, 0.62],
  },
};

/** The demo's projects in order; `wellCounts[i]` wells go to `BASINS[i]`. */
export const BASINS: readonly Basin[] = [DELAWARE, BAKKEN, MONTNEY];
