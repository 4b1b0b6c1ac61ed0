import type { WellType } from '#shared/api/index.js';
import type { Basin, DlsBasin, UsBasin } from './basins.js';
import type { Random } from './random.js';

/**
 * Where a pad sits and what its wells are called. Real horizontal wells are
 * drilled several to a pad: they share a surface location a few feet apart
 * and a lease name, and are numbered 1H, 2H, … — the demo does the same so
 * lists, maps and searches behave as they would on field data.
 */
export interface Site {
  latitude: number;
  longitude: number;
  name(slot: number, type: WellType, rng: Random, used: UsedIdentities): WellIdentity;
}

export interface WellIdentity {
  name: string;
  apiNumber: string;
}

/** Names must be unique within a project and API numbers across the dataset. */
export interface UsedIdentities {
  names: Set<string>;
  /** Well identifiers: a US API number's first 10 digits, a Canadian UWI's 14. */
  apiNumbers: Set<string>;
}

const LABELS: Record<Exclude<WellType, 'producer'>, string> = {
  injector: 'WIW',
  swd: 'SWD',
  observer: 'OBS',
};

/** Wells on a pad are ~25 ft apart at surface: about 0.00008° of longitude. */
const SLOT_SPACING_DEG = 0.00008;
const MAX_ATTEMPTS = 10_000;

export function createSite(basin: Basin, rng: Random): Site {
  return basin.survey === 'us' ? usSite(basin, rng) : dlsSite(basin, rng);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Draws candidates until one is unused; gives up rather than spin when a range is exhausted. */
function firstFree(candidate: (attempt: number) => string, used: Set<string>): string {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const value = candidate(attempt);
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
  throw new RangeError('too many demo wells for the available names or API numbers');
}

// ---------------------------------------------------------------- US wells

function usSite(basin: UsBasin, rng: Random): Site {
  const county = rng.pick(basin.counties);
  const latitude = county.latitude + 0.08 * rng.gauss();
  const longitude = county.longitude + 0.1 * rng.gauss();
  const lease = rng.pick(basin.leases);
  const section = rng.int(1, 36);
  const section2 = ((section + rng.int(1, 12) - 1) % 36) + 1;
  const block = rng.int(1, 9);
  const bench = rng.int(1, 3);
  const pattern = rng.int(0, 2);
  // North Dakota's PLSS township and range, from the pad's position (T150N R98W ≈ Watford City).
  const township = Math.round(150 + (latitude - 47.8) / 0.0868);
  const range = Math.round(98 + (-103.28 - longitude) / 0.13);

  function producerName(k: number, threeForks: boolean): string {
    const suffix = threeForks ? 'TFH' : 'H';
    if (basin.naming === 'bakken') {
      if (pattern === 0)
        return `${lease} ${township}-${range}-${section}-${section2}-${k}${suffix}`;
      if (pattern === 1) return `${lease} ${section}-${section2} #${k}${suffix}`;
      return `${lease} Federal ${k}-${section}${suffix}`;
    }
    if (pattern === 0) return `${lease} ${section}-${section2} State Com ${bench}0${k}H`;
    if (pattern === 1) return `${lease} ${section}-${block} #${k}H`;
    return `${lease} ${section}-${k}H`;
  }

  return {
    latitude: round6(latitude),
    longitude: round6(longitude),
    name(slot, type, wellRng, used) {
      const threeForks = basin.naming === 'bakken' && wellRng.chance(0.3);
      const name = firstFree(
        (attempt) =>
          type === 'producer'
            ? producerName(slot + 1 + 10 * attempt, threeForks)
            : `${lease} ${LABELS[type]} #${slot + 1 + attempt}`,
        used.names,
      );
      const base = firstFree(() => {
        const [low, high] = county.wellNumbers;
        return `${county.state}${county.county}${String(wellRng.int(low, high)).padStart(5, '0')}`;
      }, used.apiNumbers);
      return { name, apiNumber: formatUsApi(base, wellRng) };
    },
  };
}

/**
 * The same 10-digit well identifier written the ways operators' systems do:
 * with or without dashes, bare or with the sidetrack (12) and event (14) codes.
 */
function formatUsApi(base: string, rng: Random): string {
  const sidetrack = rng.chance(0.9) ? '00' : '01';
  const event = rng.chance(0.85) ? '00' : rng.pick(['01', '02']);
  const dashed = `${base.slice(0, 2)}-${base.slice(2, 5)}-${base.slice(5)}`;
  const form = rng.next();
  if (form < 0.3) return dashed;
  if (form < 0.45) return base;
  if (form < 0.6) return `${dashed}-${sidetrack}`;
  if (form < 0.7) return `${base}${sidetrack}`;
  if (form < 0.85) return `${dashed}-${sidetrack}-${event}`;
  return `${base}${sidetrack}${event}`;
}

// ------------------------------------------------------ Canadian (DLS) wells

/**
 * Alberta has no API numbers. Its Unique Well Identifier (e.g. 100/02-15-063-05W6/00)
 * is the bottom-hole legal location; dropping the survey digit and the "W" leaves
 * 14 digits (location exception, LSD, section, township, range, meridian, event
 * sequence), which fits the API-number rule and stays recognisable to a Canadian.
 */
function dlsSite(basin: DlsBasin, rng: Random): Site {
  const field = rng.pick(basin.fields);
  const township = Math.max(1, field.township + rng.int(-2, 2));
  const range = Math.max(1, field.range + rng.int(-2, 2));
  const section = rng.int(1, 36);
  const [latitude, longitude] = dlsCoordinates(township, range, section, rng.int(1, 16));

  return {
    latitude,
    longitude,
    name(_slot, type, wellRng, used) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        // Bottom-hole locations fan out from the pad into this and the neighbouring
        // sections, and further across the township once those fill up.
        const spread = 1 + Math.floor(attempt / 100);
        const bhSection = Math.min(36, Math.max(1, section + wellRng.int(-spread, spread)));
        const lsd = wellRng.int(1, 16);
        const location = `${lsd}-${bhSection}-${township}-${range}`;
        const name = `${field.name} ${type === 'producer' ? 'HZ' : LABELS[type]} ${location}`;
        const parts = [
          '00',
          String(lsd).padStart(2, '0'),
          String(bhSection).padStart(2, '0'),
          String(township).padStart(3, '0'),
          String(range).padStart(2, '0'),
          '6',
          '00',
        ];
        const digits = parts.join('');
        if (used.names.has(name) || used.apiNumbers.has(digits)) continue;
        used.names.add(name);
        used.apiNumbers.add(digits);
        return { name, apiNumber: wellRng.chance(0.5) ? digits : parts.join('-') };
      }
      throw new RangeError('too many demo wells for the available legal locations');
    },
  };
}

/**
 * The centre of a legal subdivision west of the 6th meridian (118° W). Townships
 * are six miles square and numbered north from 49° N; sections 1–36 and LSDs 1–16
 * snake back and forth from the south-east corner.
 */
export function dlsCoordinates(
  township: number,
  range: number,
  section: number,
  lsd: number,
): [latitude: number, longitude: number] {
  const townshipDeg = (6 * 1.609344) / 111.2;
  const sectionRow = Math.floor((section - 1) / 6);
  const sectionColumn = sectionRow % 2 === 0 ? (section - 1) % 6 : 5 - ((section - 1) % 6);
  const lsdRow = Math.floor((lsd - 1) / 4);
  const lsdColumn = lsdRow % 2 === 0 ? (lsd - 1) % 4 : 3 - ((lsd - 1) % 4);
  const latitude = 49 + (township - 1 + (sectionRow + (lsdRow + 0.5) / 4) / 6) * townshipDeg;
  const rangeDeg = (6 * 1.609344) / (111.32 * Math.cos((latitude * Math.PI) / 180));
  const longitude = -118 - (range - 1 + (sectionColumn + (lsdColumn + 0.5) / 4) / 6) * rangeDeg;
  return [round6(latitude), round6(longitude)];
}

/** A well's surface location: its pad's, offset along the pad by its slot. */
export function slotLocation(site: Site, slot: number): { latitude: number; longitude: number } {
  return { latitude: site.latitude, longitude: round6(site.longitude + slot * SLOT_SPACING_DEG) };
}
