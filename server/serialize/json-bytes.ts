/**
 * A JSON body written as UTF-8 bytes into one reused buffer, for the production read path:
 * no string per value, no concatenation, and nothing left for the socket to encode. Used
 * synchronously (start, writes, finish with no await between), so one scratch buffer serves
 * every request.
 *
 * Numbers are written exactly as JSON.stringify writes them. Most stored values have a few
 * decimals (2 in practice: rates to the hundredth), and for those the digits come straight
 * from an integer (see `decimalDigits`, and `hundredthsOrNumber` for the daily body's fast
 * lane); any other number goes through String(). Text known ahead (keys) can be written a
 * 32-bit word at a time (`asciiWords`, `words`).
 */

const QUOTE = 0x22;
const DOT = 0x2e;
const MINUS = 0x2d;
const ZERO = 0x30;
const NULL_BYTES = bytes('null');

/** Scales tried for the integer path: 10^0 … 10^6, so a value is never below 1e-6 (see below). */
const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
const FIRST_K = 2;

/**
 * Below this the scaled integer is exact and a step of 10^-k dwarfs the spacing of doubles
 * near the value (10^-k > |v| × 1e-15 > one ulp of v), which the proof in `decimalDigits`
 * relies on.
 */
const SCALED_LIMIT = 1e15;

/** Below this the fast lane's integer part is an int32 and at most 7 digits. */
const HUNDREDTHS_LIMIT = 1e7;

/** '00' to '99' as byte pairs: digit pair n is at 2n. */
const DIGIT_PAIRS = new Uint8Array(200);
for (let n = 0; n < 100; n++) {
  DIGIT_PAIRS[2 * n] = ZERO + ((n / 10) | 0);
  DIGIT_PAIRS[2 * n + 1] = ZERO + (n % 10);
}

/** Text of up to 4 ASCII characters as one little-endian word (asciiWords' first). */
function word(text: string): number {
  return asciiWords(text).words[0] as number;
}

/** String(n) for n below 10,000, as a word and its length. */
const PLAIN_WORDS = new Uint32Array(10_000);
const PLAIN_LENGTHS = new Uint8Array(10_000);
/** n below 10,000 as four digits, zero-padded: the low digits of a larger number. */
const PADDED_WORDS = new Uint32Array(10_000);
for (let n = 0; n < 10_000; n++) {
  const text = String(n);
  PLAIN_WORDS[n] = word(text);
  PLAIN_LENGTHS[n] = text.length;
  PADDED_WORDS[n] = word(text.padStart(4, '0'));
}
/** The fraction of n hundredths (0–99) as String() ends a number: "", ".5", ".05", ".25". */
const FRACTION_WORDS = new Uint32Array(100);
const FRACTION_LENGTHS = new Uint8Array(100);
for (let n = 1; n < 100; n++) {
  const text = `.${String(n).padStart(2, '0')}`.replace(/0$/, '');
  FRACTION_WORDS[n] = word(text);
  FRACTION_LENGTHS[n] = text.length;
}

/** The longest String() of a finite double is 24 characters ("-1.2345678901234567e-300"). */
export const MAX_NUMBER_BYTES = 24;

export function bytes(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

/**
 * ASCII text encoded ahead as little-endian 32-bit words, for `JsonBytes.words`: a write of
 * whole words takes a third of the stores of a byte-by-byte copy. The last word is padded
 * with zeros past the text.
 */
export interface AsciiWords {
  readonly words: Uint32Array;
  readonly length: number;
}

/** The bytes a words() write may put past its text, which the caller reserves too. */
export const WORDS_OVERSHOOT = 3;

export function asciiWords(text: string): AsciiWords {
  // Made per month on the daily read path too: from the character codes, no buffer. A typed
  // array, since words above 2^30 would make a plain array hold boxed doubles.
  const words = new Uint32Array(Math.ceil(text.length / 4));
  for (let at = 0; at < text.length; at += 4) {
    let word = 0;
    for (let i = Math.min(at + 3, text.length - 1); i >= at; i--) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code > 0x7e)
        throw new Error(`not printable ASCII: ${JSON.stringify(text)}`);
      word = word * 256 + code;
    }
    words[at / 4] = word;
  }
  return { words, length: text.length };
}

export class JsonBytes {
  private buffer = Buffer.allocUnsafe(256 * 1024);
  private view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
  private at = 0;

  start(): void {
    this.at = 0;
  }

  /** Room for `count` more bytes; call once per row with that row's largest size. */
  reserve(count: number): void {
    if (this.at + count <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + count));
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
    this.view = new DataView(grown.buffer, grown.byteOffset, grown.length);
  }

  /** Any text, as UTF-8 (reserves for itself). */
  text(value: string): void {
    this.reserve(Buffer.byteLength(value, 'utf8'));
    this.at += this.buffer.write(value, this.at, 'utf8');
  }

  /** Pre-encoded bytes (keys, punctuation): the caller has reserved room. */
  raw(value: Uint8Array): void {
    const buffer = this.buffer;
    let at = this.at;
    for (let i = 0; i < value.length; i++) buffer[at++] = value[i] as number;
    this.at = at;
  }

  /**
   * Text encoded by asciiWords, a word at a time. The last word may put up to
   * WORDS_OVERSHOOT bytes past the text: they lie beyond the end of what is written, so the
   * next write covers them or finish leaves them out. The caller has reserved the text's
   * length + WORDS_OVERSHOOT.
   */
  words(text: AsciiWords): void {
    const view = this.view;
    const words = text.words;
    let at = this.at;
    for (let i = 0; i < words.length; i++, at += 4) view.setUint32(at, words[i] as number, true);
    this.at += text.length;
  }

  byte(value: number): void {
    this.buffer[this.at++] = value;
  }

  /**
   * A quoted string known to need no escaping (a validated ISO date): copied byte by byte when
   * it is plain ASCII, otherwise quoted by JSON.stringify. The caller has reserved its length + 2.
   */
  plainString(value: string): void {
    const buffer = this.buffer;
    let at = this.at;
    buffer[at++] = QUOTE;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code < 0x20 || code > 0x7e || code === QUOTE || code === 0x5c) {
        this.text(JSON.stringify(value));
        return;
      }
      buffer[at++] = code;
    }
    buffer[at++] = QUOTE;
    this.at = at;
  }

  /** A value or null, as JSON.stringify writes it; the caller has reserved MAX_NUMBER_BYTES. */
  numberOrNull(value: number | null | undefined): void {
    if (value === null || value === undefined || !Number.isFinite(value)) this.raw(NULL_BYTES);
    else if (!this.decimalDigits(value)) this.ascii(String(value));
  }

  /** A day of the month (1–31) as two digits and a closing quote; the caller has reserved 3 bytes. */
  dayOfMonth(day: number): void {
    const buffer = this.buffer;
    let at = this.at;
    buffer[at++] = DIGIT_PAIRS[2 * day] as number;
    buffer[at++] = DIGIT_PAIRS[2 * day + 1] as number;
    buffer[at++] = QUOTE;
    this.at = at;
  }

  /**
   * Characters `start`..`end` of ASCII text (a stored JSON number): the caller has reserved
   * MAX_NUMBER_BYTES, which no number's text exceeds.
   */
  asciiSlice(value: string, start: number, end: number): void {
    const buffer = this.buffer;
    let at = this.at;
    for (let i = start; i < end; i++) buffer[at++] = value.charCodeAt(i);
    this.at = at;
  }

  /**
   * numberOrNull's fast lane for a positive value to the hundredth below 1e7 (nearly every
   * stored rate): the same text decimalDigits writes at k = 2, with int32 arithmetic and the
   * text as words from tables (up to four digits, then the fraction). Anything else goes to
   * numberOrNull.
   */
  hundredthsOrNumber(value: number): void {
    if (value > 0 && value < HUNDREDTHS_LIMIT) {
      const scaled = Math.round(value * 100);
      if (scaled / 100 === value) {
        // value is scaled / 100 exactly, so its integer part is the quotient and the rest
        // the remainder (a hundredths step is far above the spacing of doubles below 1e7).
        // Written as words from tables: at most 11 bytes land, within the reserved 24.
        const whole = value | 0;
        const view = this.view;
        let at = this.at;
        if (whole < 10_000) {
          view.setUint32(at, PLAIN_WORDS[whole] as number, true);
          at += PLAIN_LENGTHS[whole] as number;
        } else {
          const high = (whole / 10_000) | 0;
          view.setUint32(at, PLAIN_WORDS[high] as number, true);
          at += PLAIN_LENGTHS[high] as number;
          view.setUint32(at, PADDED_WORDS[whole - high * 10_000] as number, true);
          at += 4;
        }
        const hundredths = scaled - whole * 100;
        view.setUint32(at, FRACTION_WORDS[hundredths] as number, true);
        this.at = at + (FRACTION_LENGTHS[hundredths] as number);
        return;
      }
    }
    this.numberOrNull(value);
  }

  /** A copy of what was written, sized exactly (the scratch buffer is reused). */
  finish(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.at));
  }

  private ascii(value: string): void {
    const buffer = this.buffer;
    let at = this.at;
    for (let i = 0; i < value.length; i++) buffer[at++] = value.charCodeAt(i);
    this.at = at;
  }

  /**
   * Writes `value` when it is n / 10^k for an integer n (k ≤ 6, n < 1e15) and says whether it
   * did. Its text is then n's digits with the point k from the right, trailing zeros dropped,
   * which is what String() gives: String() writes the fewest significant digits that read
   * back as the value, and any other decimal with no more digits is a multiple of 10^-k, so at
   * least 10^-k away, more than an ulp, and reads back as another double. From 1e-6 up to
   * 1e21 String() writes plain decimals (no exponent), which covers every value taken here.
   */
  private decimalDigits(value: number): boolean {
    const magnitude = value < 0 ? -value : value;
    if (magnitude === 0) {
      // -0 too: JSON.stringify(-0) is "0".
      this.byte(ZERO);
      return true;
    }
    // From k = 2: stored rates are to the hundredth, and any value with fewer decimals passes
    // there too (n / 10^j with j < 2 is 10^(2-j) n / 100, the same double), its extra zeros
    // dropped below; the proof holds for any k that passes, so the text is the same.
    for (let k = FIRST_K; k < POW10.length; k++) {
      const scale = POW10[k] as number;
      const scaled = Math.round(magnitude * scale);
      if (scaled >= SCALED_LIMIT) return false;
      if (scaled / scale !== magnitude) continue;
      if (value < 0) this.byte(MINUS);
      // Exact: scaled / scale is at least 1/scale away from the next integer, far above its ulp.
      const whole = Math.floor(scaled / scale);
      let fraction = scaled - whole * scale;
      let places = k;
      while (places > 0 && fraction % 10 === 0) {
        fraction /= 10;
        places--;
      }
      this.digits(whole, 1);
      if (places > 0) {
        this.byte(DOT);
        this.digits(fraction, places);
      }
      return true;
    }
    return false;
  }

  /** A non-negative integer below 2^53 in decimal, left-padded with zeros to `width` digits. */
  private digits(value: number, width: number): void {
    let count = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
    if (count < width) count = width;
    const buffer = this.buffer;
    let at = this.at + count;
    this.at = at;
    let rest = value;
    for (let i = 0; i < count; i++) {
      const next = Math.floor(rest / 10);
      buffer[--at] = ZERO + (rest - next * 10);
      rest = next;
    }
  }
}
