import type { UnitSystem } from '../../shared/api/index.js';

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

/** An Alberta field, placed by its Dominion Land Survey township and range (W6M). */
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
    { name: 'Loving', state: '42', county: '301', latitude: 31.84, longitude: -103.58, wellNumbers: [30000, 35999] },
    { name: 'Reeves', state: '42', county: '389', latitude: 31.42, longitude: -103.72, wellNumbers: [33000, 39999] },
    { name: 'Ward', state: '42', county: '475', latitude: 31.55, longitude: -103.22, wellNumbers: [36000, 39999] },
    { name: 'Culberson', state: '42', county: '109', latitude: 31.55, longitude: -104.12, wellNumbers: [32000, 33999] },
    { name: 'Eddy', state: '30', county: '015', latitude: 32.2, longitude: -103.95, wellNumbers: [42000, 49999] },
    { name: 'Lea', state: '30', county: '025', latitude: 32.2, longitude: -103.48, wellNumbers: [40000, 48999] },
  ],
  leases: [
    'Mesa Verde', 'Red Bluff', 'Pecos Valley', 'Toyah', 'Coyote', 'Brushy Draw', 'Salt Flat',
    'Sidewinder', 'Javelina', 'Red Hills', 'Jal Draw', 'Ocotillo', 'Sand Dune', 'Lobo',
    'Monument Draw', 'Windmill', 'Rattlesnake', 'Longhorn', 'Silver Spur', 'Caprock',
    'Hackberry', 'Mustang Draw', 'Bluestem', 'Thistle', 'Paisano', 'Dagger Draw',
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
    { name: 'McKenzie', state: '33', county: '053', latitude: 47.8, longitude: -103.3, wellNumbers: [3000, 9999] },
    { name: 'Mountrail', state: '33', county: '061', latitude: 48.15, longitude: -102.45, wellNumbers: [1000, 4999] },
    { name: 'Williams', state: '33', county: '105', latitude: 48.3, longitude: -103.4, wellNumbers: [2000, 5999] },
    { name: 'Dunn', state: '33', county: '025', latitude: 47.45, longitude: -102.65, wellNumbers: [1500, 3999] },
  ],
  leases: [
    'Lars', 'Jorgenson', 'Boomer', 'Hovde', 'Sandvik', 'Thorsgaard', 'Pederson', 'Lindvig',
    'Bratli', 'Haugen', 'Bear Den', 'Blue Buttes', 'Skunk Creek', 'Antelope', 'Tobacco Garden',
    'Charlson', 'Hawkeye', 'Larsen Trust', 'Nygaard', 'Olson', 'Rolfson', 'Stenehjem',
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
    { name: 'Elmworth', township: 70, range: 11 },
    { name: 'Sinclair', township: 73, range: 10 },
    { name: 'Valhalla', township: 74, range: 9 },
    { name: 'Glacier', township: 77, range: 13 },
    { name: 'Pouce Coupe', township: 79, range: 12 },
  ],
  leases: [],
  tvd: [6_500, 9_500],
  lateralMiles: [1, 1.25, 1.5, 1.5, 1.75, 2],
  padSize: [2, 6],
  production: {
    qi: [80, 450],
    diPerYear: [1, 2.5],
    b: [0.3, 0.9],
    dMinPerYear: [0.05, 0.08],
    gor: [6_000, 18_000],
    gorGrowth: [1.2, 1.8],
    watercutStart: [8, 25],
    watercutEnd: [20, 40],
    pressureGradient: [0.5, 0.62],
  },
};

/** The demo's projects in order; `wellCounts[i]` wells go to `BASINS[i]`. */
export const BASINS: readonly Basin[] = [DELAWARE, BAKKEN, MONTNEY];
