import type { WellsIndexData } from '#shared/desktop/index.js';
import { searchWords, wellSearchKeys, type WellSearchKeys } from '#shared/wells/well-identifier.js';

/** The wells table's search index (read by well-index.ts) and its search, in memory. */

export interface WellIndex {
  ids: readonly string[];
  /** What the search reads, laid out for it (see searchWellIndex). */
  text: SearchText;
  projectTotal: number;
  offline: boolean;
  /** When its request set out: a row read before then may be out of date. */
  readAt: number;
}

/**
 * Every well's search keys (wellSearchKeys) joined into one string per kind, each well's
 * ended by a newline, with where each well's starts. A search word is then one `indexOf`
 * scan over the project (a word cannot match across wells: no search word holds a newline)
 * instead of a string test per well.
 */
interface SearchText {
  names: string;
  nameStarts: Int32Array;
  identifiers: string;
  identifierStarts: Int32Array;
}

/** The index of a wells-index answer. */
export function wellIndexFrom(data: WellsIndexData, offline: boolean, readAt: number): WellIndex {
  const keys = data.names.map((name, at) => searchKeysOf(name, data.apiNumbers[at] ?? null));
  return {
    ids: data.ids,
    text: searchText(keys),
    projectTotal: data.projectTotal,
    offline,
    readAt,
  };
}

/**
 * Search keys by name and identifier, kept from one index to the next: an index read again
 * after a change mostly names the same wells, and parsing 20,000 identifiers again held
 * the page for 20 ms. Let go when it outgrows the largest project seen twice over.
 */
const keyCache = new Map<string, WellSearchKeys>();
const KEY_CACHE_LIMIT = 200_000;

function searchKeysOf(name: string, apiNumber: string | null): WellSearchKeys {
  const cacheKey = apiNumber === null ? name : `${name}\u0000${apiNumber}`;
  let keys = keyCache.get(cacheKey);
  if (!keys) {
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
    keys = wellSearchKeys(name, apiNumber);
    keyCache.set(cacheKey, keys);
  }
  return keys;
}

function searchText(keys: readonly WellSearchKeys[]): SearchText {
  const names = joinParts(keys.map((key) => key.name));
  const identifiers = joinParts(keys.map((key) => key.id));
  return {
    names: names.text,
    nameStarts: names.starts,
    identifiers: identifiers.text,
    identifierStarts: identifiers.starts,
  };
}

/** The parts joined, each ended by a newline, and where each starts. */
function joinParts(parts: readonly string[]): { text: string; starts: Int32Array } {
  const starts = new Int32Array(parts.length);
  let length = 0;
  parts.forEach((part, index) => {
    starts[index] = length;
    length += part.length + 1;
  });
  return { text: `${parts.join('\n')}\n`, starts };
}

/**
 * The ids of the wells the search finds, in the index's order; every id for no search. The
 * same test as keysMatchWords (shared/wells/well-identifier.ts) and the core's SQL: each
 * word starts a word of the name (" word" in nameWords) or is a part of the identifier's key.
 */
export function searchWellIndex(index: WellIndex, search: string): readonly string[] {
  const words = searchWords(search);
  if (words.length === 0) return index.ids;
  const { text } = index;
  const tally = new Tally(index.ids.length);
  words.forEach((word, w) => {
    tally.word = w;
    tally.markWells(text.names, text.nameStarts, ` ${word.name}`);
    if (word.id !== '') tally.markWells(text.identifiers, text.identifierStarts, word.id);
  });
  const ids: string[] = [];
  for (let well = 0; well < index.ids.length; well++) {
    if (tally.found[well] === words.length) ids.push(index.ids[well] as string);
  }
  return ids;
}

/** Per well, how many of the search's words found it. */
class Tally {
  readonly found: Uint16Array;
  /** The last word that found each well: a word found twice in a well counts once. */
  private readonly lastWord: Int32Array;
  word = 0;

  constructor(count: number) {
    this.found = new Uint16Array(count);
    this.lastWord = new Int32Array(count).fill(-1);
  }

  /**
   * Counts the current word for the well of each place `part` occurs in `joinedText`. The
   * places come in order, so the well is found by walking `starts` forward.
   */
  markWells(joinedText: string, starts: Int32Array, part: string): void {
    let well = 0;
    for (let at = joinedText.indexOf(part); at >= 0; at = joinedText.indexOf(part, at + 1)) {
      while (well + 1 < starts.length && (starts[well + 1] as number) <= at) well++;
      if (this.lastWord[well] === this.word) continue;
      this.lastWord[well] = this.word;
      this.found[well] = (this.found[well] as number) + 1;
    }
  }
}
