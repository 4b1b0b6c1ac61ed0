/**
 * A single linear pass over a JSON text, before JSON.parse builds anything, that
 * refuses shapes no request of this API has and that cost far more to build and
 * validate than their size suggests: deep nesting (each level is an object or array
 * to allocate, and validation walks them recursively), floods of values, and above
 * all many different member names (every new name is a new hidden class for the
 * engine: 600,000 of them took 0.4 s to parse and as long again to refuse).
 *
 * The deepest valid body is a production POST, {"records": [{…}]}: 3 levels. Its
 * largest holds 10,000 records of at most 10 members: 110,001 values, 99,999 commas,
 * 11 member names; no body of this API uses more than a few dozen names.
 */
export const JSON_SHAPE_LIMITS = {
  depth: 16,
  /** Array items and object members, counted by the commas between them. */
  values: 200_000,
  memberNames: 1_000,
} as const;

export type JsonShapeLimits = { [K in keyof typeof JSON_SHAPE_LIMITS]: number };

export interface JsonShapeProblem {
  /** What is wrong, for the error message: "nests arrays and objects more than 16 levels deep". */
  reason: string;
  /** Too many values is a body too large (413); the other limits are about its shape (400). */
  tooLarge: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** 1 for the characters the scan acts on, 0 for every other ASCII character. */
const STRUCTURAL = new Uint8Array(0x80);
for (const char of [QUOTE, COLON, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET]) {
  STRUCTURAL[char] = 1;
}

/**
 * The first limit `text` breaks, or undefined. Only the structure is looked at:
 * malformed JSON within the limits passes, for JSON.parse to refuse. Values are
 * counted by commas: n commas outside strings separate at least n + 1 values, so a
 * body is refused once its commas alone show more values than the limit. A member
 * name is the string before a colon, as sent (an escaped spelling of a name counts
 * as another name).
 */
export function jsonShapeProblem(
  text: string,
  limits: JsonShapeLimits = JSON_SHAPE_LIMITS,
): JsonShapeProblem | undefined {
  const names = new MemberNames();
  let depth = 0;
  let commas = 0;
  // Where the last string started and ended, sliced only when a colon makes it a name.
  let stringStart = 0;
  let stringEnd = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const char = text.charCodeAt(i);
    // Most characters are digits, letters or spaces: one table lookup passes them.
    if (char < 0x80 && STRUCTURAL[char] === 0) continue;
    if (char === QUOTE) {
      stringStart = i + 1;
      stringEnd = closingQuote(text, stringStart);
      i = stringEnd;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > limits.depth) {
        return {
          reason: `nests arrays and objects more than ${limits.depth} levels deep`,
          tooLarge: false,
        };
      }
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    } else if (char === COMMA) {
      if (++commas >= limits.values) {
        return {
          reason: `holds more than ${limits.values.toLocaleString('en-US')} array items and object members`,
          tooLarge: true,
        };
      }
    } else if (char === COLON) {
      names.add(text, stringStart, stringEnd);
      if (names.size > limits.memberNames) {
        return {
          reason: `uses more than ${limits.memberNames.toLocaleString('en-US')} different member names`,
          tooLarge: false,
        };
      }
    }
  }
  return undefined;
}

/**
 * The distinct member names seen, found without slicing the text: a body of 10,000 records names
 * the same ten members 100,000 times, and a slice and a Set lookup for each cost as much as the
 * rest of the scan. Names are kept in buckets by length and first and last character, so one
 * comparison in place (`startsWith` at the offset) usually settles whether a name is new.
 */
class MemberNames {
  private readonly buckets = new Map<number, string[]>();
  size = 0;

  add(text: string, start: number, end: number): void {
    const length = end - start;
    const key =
      length === 0
        ? 0
        : length * 0x10000 + ((text.charCodeAt(start) * 31 + text.charCodeAt(end - 1)) & 0xffff);
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = []));
    for (const name of bucket) if (text.startsWith(name, start)) return;
    bucket.push(text.slice(start, end));
    this.size++;
  }
}

/** Index of the quote that ends the string starting at `from` (or the text's length). */
function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at !== -1) {
    let backslashes = 0;
    for (let k = at - 1; k >= from && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return text.length;
}
