/**
 * The field delimiter of a delimited text file, from its first lines: the
 * candidate that splits most lines into the same number of fields (more than
 * one). Quoted text is skipped, so "1,5" in a semicolon file does not count.
 */
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export const DELIMITER_NAMES: Record<Delimiter, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
};

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count++;
  }
  return count;
}

export function detectDelimiter(lines: readonly string[]): Delimiter {
  const sample = lines.filter((line) => line.trim() !== '').slice(0, 50);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const frequency = new Map<number, number>();
    for (const count of counts)
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    // The most common non-zero count, and how many lines have it (ties: more fields).
    let mode = 0;
    let lines = 0;
    for (const [count, seen] of frequency) {
      if (seen > lines || (seen === lines && count > mode)) {
        mode = count;
        lines = seen;
      }
    }
    const score = lines * 1000 + mode;
    if (lines > 0 && score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}
