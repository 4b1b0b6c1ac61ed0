import type { ProductionField } from '../api/index.js';
import { HEADER_FAMILIES, type HeaderFamilyEntry } from './header-families.js';
import { isFieldTarget, type ColumnTarget } from './targets.js';
import { unitFromText, type ImportUnit } from './units.js';

/**
 * Column mapping from header text: "Oil (bbl/d)", "OIL_BBL", "Oil Rate",
 * "Gas (Mcf/d)", "Tubing Pressure [kPa]", "Hours On", "Prod Date", …
 * A header is split into its words and its unit (the text in brackets, or
 * unit words such as `bbl` in `OIL_BBL`); the words, less filler such as
 * "rate" or "daily", are looked up in a table of names.
 */

const NAMES: Record<string, ColumnTarget> = {};
function names(target: ColumnTarget, ...phrases: string[]): void {
  for (const phrase of phrases) NAMES[phrase] = target;
}
names(
  'date',
  'date',
  'day',
  'timestamp',
  'time stamp',
  'datetime',
  'date time',
  'time',
  'reading date',
  'report date',
  'test date',
  'gauge date',
  'dt',
  'period',
);
names('well-name', 'well', 'well name', 'wellname', 'name', 'lease well', 'well lease', 'entity');
names('well-name', 'well bore', 'wellbore', 'well bore name', 'wellbore name');
names('api-number', 'api', 'api number', 'api no', 'api num', 'api14', 'api 14', 'api10', 'api 10');
names('api-number', 'api wellno', 'api well no');
names('api-number', 'api12', 'api 12', 'uwi', 'well api', 'api well number');
names('oil_rate', 'oil', 'crude', 'bopd', 'oil bbl', 'oil m3');
names('water_rate', 'water', 'wtr', 'h2o', 'bwpd', 'water bbl', 'water m3');
names('gas_rate', 'gas', 'mcfd', 'mcf', 'gas mcf', 'gas e3m3');
names('bhp', 'bhp', 'bottom hole pressure', 'bottomhole pressure', 'bottom hole', 'bh pressure');
names('bhp', 'fbhp', 'flowing bhp', 'flowing bottom hole pressure', 'pbhp');
names('bhp', 'dhp', 'downhole pressure', 'down hole pressure', 'pdg', 'pdg pressure');
names('thp', 'thp', 'tubing pressure', 'tubing head pressure', 'tubing', 'tp', 'ftp', 'whp');
names('thp', 'wellhead pressure', 'well head pressure', 'flowing tubing pressure', 'tubing head');
names('thp', 'fwhp', 'fthp', 'whp pressure', 'wellhead');
names('choke_size', 'choke', 'choke size', 'bean', 'bean size', 'ck', 'choke setting');
names(
  'runtime',
  'runtime',
  'run time',
  'hours on',
  'hours',
  'hrs',
  'hrs on',
  'on hours',
  'on time',
);
names(
  'runtime',
  'uptime',
  'up time',
  'producing hours',
  'hours on line',
  'pump hours',
  'hours run',
);
names('runtime', 'run hours', 'online hours', 'on stream hours', 'hours online', 'hours produced');
names('runtime', 'hours on stream', 'on stream', 'onstream hours', 'on stream time');
names('gor', 'gor', 'gas oil ratio', 'gas oil');
names('watercut', 'watercut', 'water cut', 'wc', 'bsw', 'bs w', 'wct', 'water fraction');

/** Words that say nothing about which field a column is. */
const FILLER = new Set([
  'prod',
  'production',
  'produced',
  'daily',
  'rate',
  'rates',
  'volume',
  'volumes',
  'vol',
  'avg',
  'average',
  'total',
  'actual',
  'meas',
  'measured',
  'alloc',
  'allocated',
  'calc',
  'calculated',
  'reported',
  'value',
  'the',
  'of',
  'per',
]);

/** Abbreviations written out, so one table entry serves both. */
const SYNONYMS: Record<string, string> = {
  press: 'pressure',
  pres: 'pressure',
  prs: 'pressure',
  tbg: 'tubing',
  btm: 'bottom',
  hole: 'hole',
  bottomhole: 'bottomhole',
  wtr: 'water',
  wat: 'water',
  hr: 'hours',
  hrs: 'hours',
  no: 'no',
  nbr: 'number',
  num: 'number',
};

/** Words that are units, and so may sit in the name (OIL_BBL, Gas Mcf, BHP kPa). */
const UNIT_WORDS = new Set([
  'bbl',
  'bbls',
  'stb',
  'm3',
  'sm3',
  'mcf',
  'mscf',
  'mmcf',
  'scf',
  'e3m3',
  '103m3',
  'psi',
  'psia',
  'psig',
  'kpa',
  'kpag',
  'bar',
  'barg',
  'mpa',
  'in',
  'mm',
  '64ths',
  '64th',
  'h',
  'hr',
  'hrs',
  'hours',
  'min',
  'pct',
  'percent',
  '%',
  'fraction',
  'd',
  'day',
  'bpd',
]);

export interface HeaderReading {
  target: ColumnTarget;
  /** The unit the header names, when it names one we know for the target. */
  unit: ImportUnit | undefined;
  /** The unit text found in the header (for messages when it is not one we know). */
  unitText: string;
  /**
   * Why the column reads this way when the header alone does not say: the
   * dataset a unit comes from, or why a column that looks like a field is not.
   */
  note?: string;
  /** Set when the column looks like a field but is not one (the note says why). */
  notAField?: boolean;
}

/** Header text as compared for saved mappings: case, spacing and a BOM do not matter. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** The key a saved mapping is stored under: the whole header row, normalised. */
export function headerKey(headers: readonly string[]): string {
  return JSON.stringify(headers.map(normaliseHeader));
}

function words(text: string): string[] {
  return text
    .replace(CAMEL_CASE_JOIN, '$1 $2')
    .toLowerCase()
    .replace(/³/g, '3')
    .replace(/10\^3/g, '103')
    .split(/[^a-z0-9%]+/)
    .filter((word) => word !== '')
    .map((word) => SYNONYMS[word] ?? word);
}

/** `ReportDate`, `WellName`, `GasSold`: words run together. Not `kPa` (one lower-case letter). */
const CAMEL_CASE_JOIN = /([a-z]{2,})([A-Z][a-z]+)/g;

function lookUp(list: readonly string[]): ColumnTarget | undefined {
  if (list.length === 0) return undefined;
  return NAMES[list.join(' ')];
}

/** What the header names: a target and, for a production field, its unit. */
export function readHeader(header: string): HeaderReading {
  const text = header.replace(/^\uFEFF/, '').trim();
  const bracketed = /[([{]([^)\]}]*)[)\]}]/.exec(text);
  const bracketUnit = bracketed ? bracketed[1]!.trim() : '';
  const name = bracketed ? text.replace(bracketed[0], ' ') : text;
  const all = words(name);
  const family = HEADER_FAMILIES[all.join(' ')];
  if (family) return fromFamily(family, bracketUnit);
  const meaningful = all.filter((word) => !FILLER.has(word));
  const withoutUnits = meaningful.filter((word) => !UNIT_WORDS.has(word));
  const target =
    lookUp(all) ?? lookUp(meaningful) ?? lookUp(withoutUnits) ?? ('ignore' as ColumnTarget);
  const unitWords = meaningful.filter(
    (word) => UNIT_WORDS.has(word) && word !== 'd' && word !== 'day',
  );
  const unitText = bracketUnit !== '' ? bracketUnit : unitWords.join('/');
  if (!isFieldTarget(target)) return { target, unit: undefined, unitText: '' };
  if (target === 'choke_size' && PERCENT.has(normaliseUnit(unitText))) {
    return {
      target: 'ignore',
      unit: undefined,
      unitText,
      note: `a choke opening in ${unitText} is not a choke size (1/64 in or mm): not imported`,
      notAField: true,
    };
  }
  return { target, unit: unitOf(target, bracketUnit, unitWords), unitText };
}

const PERCENT = new Set(['%', 'pct', 'percent', '%open', 'pctopen']);

function normaliseUnit(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/** A header of a known dataset: its target, and the unit its documentation gives. */
function fromFamily(family: HeaderFamilyEntry, bracketUnit: string): HeaderReading {
  const { target } = family;
  if (family.notAField) {
    return { target, unit: undefined, unitText: '', note: family.notAField, notAField: true };
  }
  if (!isFieldTarget(target)) return { target, unit: undefined, unitText: '' };
  const unitText = bracketUnit !== '' ? bracketUnit : (family.unitText ?? '');
  const unit = unitText === '' ? undefined : unitFromText(target, unitText);
  const fromDataset = bracketUnit === '' && family.unitText !== undefined && unit !== undefined;
  return {
    target,
    unit,
    unitText,
    ...(fromDataset ? { note: `no unit in the header; ${family.source} gives ${unitText}` } : {}),
  };
}

function unitOf(
  field: ProductionField,
  bracketUnit: string,
  unitWords: readonly string[],
): ImportUnit | undefined {
  if (bracketUnit !== '') return unitFromText(field, bracketUnit);
  for (const word of unitWords) {
    const unit = unitFromText(field, word);
    if (unit) return unit;
  }
  return undefined;
}

/**
 * Which row of the first ones is the header: the first naming at least two
 * things we know (a date and a field, two fields, …). Title and export-info
 * lines above it (SCADA exports have them) are skipped. -1 when none does.
 */
export function findHeaderRow(rows: ReadonlyArray<readonly string[]>): number {
  for (let r = 0; r < rows.length; r++) {
    const known = rows[r]!.filter((cell) => readHeader(cell).target !== 'ignore').length;
    if (known >= 2) return r;
  }
  return -1;
}

/**
 * The headers of a year column and a month column, when the file has both:
 * such a file (Sodir's field production, most regulators' public data) holds
 * monthly totals, not days. Null otherwise.
 */
export function yearAndMonthHeaders(headers: readonly string[]): [string, string] | null {
  const year = headers.find((header) => words(header).includes('year'));
  const month = headers.find((header) => words(header).includes('month'));
  return year !== undefined && month !== undefined && year !== month ? [year, month] : null;
}
