/**
 * A well's identifier (the API's `apiNumber`) as its authority writes it, and the key it is
 * searched by. Pure: the wells table, the well page, the report and the core's search all
 * read identifiers through here, so what is shown and what is found cannot disagree.
 *
 * Recognised forms:
 * - US API number, 10, 12 or 14 digits (state, county, well; sidetrack; event), bare or
 *   dashed at the API's own places: 42-501-20130, 42-501-20130-03, 42-501-20130-03-00.
 * - Canadian UWI on the Dominion Land Survey (survey digit 1), e.g. 100/11-08-069-10W6/00,
 *   given with or without separators (100110806910W600).
 * - Canadian UWI on the National Topographic System (survey digit 2), e.g.
 *   200/D-096-H/094-A-16/00, with or without separators.
 * - A DLS UWI as our server stores one: its API-number rule takes digits only, so the survey
 *   digit and the "W" are dropped, leaving 14 digits (00110806910600, or dashed
 *   00-11-08-069-10-6-00; server/demo/names.ts). Bare, it is told from a US API-14 by its
 *   first two digits: "00" is no US state code (those start at 01).
 *
 * Anything else is shown as typed: a guess at dashes would show a number nobody wrote.
 */

export type WellIdentifierKind = 'us-api' | 'dls' | 'nts';

export interface ParsedWellIdentifier {
  kind: WellIdentifierKind;
  /** The identifier as its authority writes it. */
  text: string;
}

/** Field ranges of a DLS legal location: LSD, section, township, range, meridian. */
const DLS_LIMITS = { lsd: 16, section: 36, township: 126, range: 34, meridian: 6 } as const;

const US_DASHED = /^\d{2}-\d{3}-\d{5}(-\d{2}(-\d{2})?)?$/;
const US_BARE = /^(\d{10}|\d{12}|\d{14})$/;
/** DLS with the separators taken out: survey 1, exception, LSD, sec, twp, rge, W, mer, event. */
const DLS_COMPACT = /^1([0-9A-Z]{2})(\d{2})(\d{2})(\d{3})(\d{2})W(\d)(\d{2})$/;
/** Our server's digits-only DLS: exception, LSD, sec, twp, rge, mer, event. */
const DLS_DIGITS = /^(\d{2})(\d{2})(\d{2})(\d{3})(\d{2})(\d)(\d{2})$/;
const DLS_DIGITS_DASHED = /^\d{2}-\d{2}-\d{2}-\d{3}-\d{2}-\d-\d{2}$/;
/** NTS with the separators taken out: survey 2, exception, quarter unit, unit, block, map… */
const NTS_COMPACT = /^2([0-9A-Z]{2})([A-D])(\d{3})([A-L])(\d{3})([A-P])(\d{2})(\d{2})$/;
/** What separates an identifier's parts, in any of the forms above. */
const SEPARATORS = /[\s/.-]/g;

interface DlsParts {
  exception: string;
  lsd: string;
  section: string;
  township: string;
  range: string;
  meridian: string;
  event: string;
}

function inRange(value: string, max: number): boolean {
  const n = Number(value);
  return n >= 1 && n <= max;
}

function dls(parts: DlsParts): ParsedWellIdentifier | null {
  const { exception, lsd, section, township, range, meridian, event } = parts;
  const valid =
    inRange(lsd, DLS_LIMITS.lsd) &&
    inRange(section, DLS_LIMITS.section) &&
    inRange(township, DLS_LIMITS.township) &&
    inRange(range, DLS_LIMITS.range) &&
    inRange(meridian, DLS_LIMITS.meridian);
  if (!valid) return null;
  return {
    kind: 'dls',
    text: `1${exception}/${lsd}-${section}-${township}-${range}W${meridian}/${event}`,
  };
}

function dlsFromMatch(match: RegExpMatchArray | null): ParsedWellIdentifier | null {
  if (!match) return null;
  const [
    exception = '',
    lsd = '',
    section = '',
    township = '',
    range = '',
    meridian = '',
    event = '',
  ] = match.slice(1);
  return dls({ exception, lsd, section, township, range, meridian, event });
}

function nts(compact: string): ParsedWellIdentifier | null {
  const match = NTS_COMPACT.exec(compact);
  if (!match) return null;
  const [exception, quarter, unit = '', block, map, letter, sheet = '', event] = match.slice(1);
  if (!inRange(unit, 100) || !inRange(sheet, 16)) return null;
  return {
    kind: 'nts',
    text: `2${exception}/${quarter}-${unit}-${block}/${map}-${letter}-${sheet}/${event}`,
  };
}

function usApi(text: string): ParsedWellIdentifier | null {
  if (!US_BARE.test(text) && !US_DASHED.test(text)) return null;
  const digits = text.replace(/-/g, '');
  if (digits.startsWith('00')) return null;
  const groups = [
    digits.slice(0, 2),
    digits.slice(2, 5),
    digits.slice(5, 10),
    digits.slice(10, 12),
    digits.slice(12, 14),
  ];
  return { kind: 'us-api', text: groups.filter((group) => group !== '').join('-') };
}

/** The identifier's kind and authority form, or null when it is none of the recognised forms. */
export function parseWellIdentifier(raw: string): ParsedWellIdentifier | null {
  const text = raw.trim().toUpperCase();
  if (text === '') return null;
  const compact = text.replace(SEPARATORS, '');
  const fromDigits =
    (US_BARE.test(text) && text.startsWith('00')) || DLS_DIGITS_DASHED.test(text)
      ? dlsFromMatch(DLS_DIGITS.exec(compact))
      : null;
  return (
    fromDigits ?? usApi(text) ?? dlsFromMatch(DLS_COMPACT.exec(compact)) ?? nts(compact) ?? null
  );
}

/** The identifier as its authority writes it; unrecognised input as typed (trimmed). */
export function formatWellIdentifier(raw: string): string {
  return parseWellIdentifier(raw)?.text ?? raw.trim();
}

/**
 * What an identifier is searched by: its authority form (when recognised) with every
 * separator taken out, upper-cased. The same function keys the stored identifier and the
 * search text, so "100110806910W600", "100/11-08-069-10W6/00" and our server's
 * "00110806910600" all find the well shown as 100/11-08-069-10W6/00; a part of one
 * ("42-501", "100/11-08") finds it too, as a part of its key.
 */
export function wellIdentifierKey(raw: string): string {
  return formatWellIdentifier(raw)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

/**
 * Whether a well's name or identifier matches a search, as the core's wells-list search
 * does (electron/core/cache/wells-list-sql.ts): a case-insensitive part of the name, or a
 * part of the identifier's key. For lists the renderer filters itself.
 */
export function wellMatchesSearch(
  well: { name: string; apiNumber: string | null },
  search: string,
): boolean {
  return keysMatchWords(wellSearchKeys(well.name, well.apiNumber), searchWords(search));
}

/** What the search reads of a well: its name's words and its identifier's key. */
export interface WellSearchKeys {
  name: string;
  id: string;
}

/** A well's search keys, computed once per well by a list searched at every keystroke. */
export function wellSearchKeys(name: string, apiNumber: string | null): WellSearchKeys {
  return { name: nameWords(name), id: apiNumber === null ? '' : wellIdentifierKey(apiNumber) };
}

/**
 * Whether every word of a search (searchWords) is found in the well's keys, in any order. A
 * loop without closures or string building: a list of 20,000 wells runs it at every key.
 */
export function keysMatchWords(keys: WellSearchKeys, words: readonly SearchWord[]): boolean {
  for (const word of words) {
    const inName = keys.name.includes(word.name) && keys.name.includes(` ${word.name}`);
    if (!inName && (word.id === '' || !keys.id.includes(word.id))) return false;
  }
  return true;
}

/**
 * Characters that break a name into words for the search, besides spaces: `#` ("#301H" is the
 * word "301h"), and the `-`, `/` and `_` of names like "15/9-F-12" (Volve) or "Elmworth HZ
 * 1-9-69-10", so "f-12" or "f 12" finds "15/9-F-12". The SQL (wells-list-sql.ts) replaces
 * the same characters.
 */
export const NAME_WORD_BREAKS = ['#', '-', '/', '_'] as const;

function breakWords(text: string): string {
  let out = text.toLowerCase();
  for (const mark of NAME_WORD_BREAKS) out = out.split(mark).join(' ');
  return out;
}

/**
 * A name as the search reads it: lower case, word breaks as spaces, led by a space, so
 * " word" finds a word that starts with it: "1-9" (" 1 9") finds "Elmworth HZ 1-9-69-10"
 * and not "Elmworth HZ 4-24-71-9".
 */
export function nameWords(name: string): string {
  return ` ${breakWords(name)}`;
}

/** A search word as the name (lower case) and as an identifier's key ('' when none). */
export interface SearchWord {
  name: string;
  id: string;
}

/**
 * The words of a search, each to be found in the name or the identifier, in any order:
 * "brushy 301h" finds "Brushy Draw 10-2 #301H". Groups of digits alone ("42 501 20130") are
 * one identifier typed with spaces.
 */
export function searchWords(search: string): SearchWord[] {
  const trimmed = search.trim();
  if (trimmed === '') return [];
  const words = trimmed.split(/\s+/);
  // Digits in groups ("42 501 20130"): one identifier typed with spaces.
  if (words.length > 1 && words.every((word) => /^\d+$/.test(word))) {
    return [{ name: trimmed.toLowerCase(), id: wellIdentifierKey(words.join('')) }];
  }
  return words.map((word) => ({ name: breakWords(word), id: wellIdentifierKey(word) }));
}
