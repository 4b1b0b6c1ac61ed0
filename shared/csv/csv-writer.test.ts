import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CSV_SEPARATORS,
  csvCell,
  csvLine,
  csvText,
  neutraliseFormulas,
  type CsvSeparator,
} from './csv-writer.js';
import { looksNumeric } from './numbers.js';

/**
 * A spreadsheet's reading of a delimited file with the separator it chose (which need not be
 * the file's): quotes count only at the very start of a field, a closing quote is followed by
 * literal text up to the next separator, and CR, LF or CRLF end a row outside quotes.
 */
function readAs(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let atFieldStart = true;
  while (i < text.length) {
    const char = text[i]!;
    if (atFieldStart && char === '"') {
      atFieldStart = false;
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else {
          field += text[i++];
        }
      }
      continue;
    }
    atFieldStart = false;
    if (char === separator) {
      row.push(field);
      field = '';
      atFieldStart = true;
      i++;
    } else if (char === '\r' || char === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      atFieldStart = true;
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += char;
      i++;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** True when a spreadsheet would run the field as a formula: the neutraliser's contract. */
function runsAsFormula(field: string): boolean {
  const rest = field.replace(/^[\s"\u200B-\u200D\u2060\uFEFF]*/, '');
  return /^[=+\-@]/.test(rest) && !looksNumeric(field.replace(/"/g, ''));
}

const READERS = [',', ';', '\t', '|'] as const;

const HOSTILE = [
  '=1+1',
  ' =1+1',
  '\u00A0=1+1',
  '\u200B@SUM(1)',
  '\t=1+1',
  '\r=1+1',
  '+cmd',
  '-2+3+cmd|" /C calc"!A0',
  '@SUM(A1)',
  'Well 1;=HYPERLINK("http://x","y")',
  'Well 1; =1+1',
  'Well 1\t=1+1',
  'Well 1\t\t-1+1',
  'Well 1,=1+1',
  'Well 1\n=1+1',
  'Well 1\r\n@cmd',
  'Well 1;"=1+1"',
  '"=1+1"',
  'a;b;c;+x',
];

describe('CSV writer', () => {
  it('writes each separator as RFC 4180 and reads back as written', () => {
    const rows = [
      ['Well', 'Note', 'Rate'],
      ['Ridge 4-12H', 'a,b; c\td "q"', '-5'],
      ['two\nlines', '', '1,5'],
    ];
    for (const separator of CSV_SEPARATORS) {
      expect(readAs(csvText(rows, separator), separator)).toEqual(rows);
    }
    expect(csvText(rows, ';').split('\r\n')[0]).toBe('Well;Note;Rate');
    expect(csvText(rows, '\t').split('\r\n')[1]).toBe('Ridge 4-12H\t"a,b; c\td ""q"""\t-5');
  });

  it('neutralises a formula at the start of a field, past white space and quotes', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u00A0@x')).toBe("'\u00A0@x");
    expect(csvCell('"=1+1"')).toBe(`"'""=1+1"""`);
    expect(csvCell('\t=1+1')).toBe(`"'\t'=1+1"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('+1.5')).toBe('+1.5');
    expect(csvCell('Ridge - East')).toBe('Ridge - East');
  });

  it('defuses a number in a tab file after a field a `;` reader may open as a quoted cell', () => {
    // Read at `;`, `"a;"<tab>+1` holds the cell `<tab>+1…`, which runs as a formula.
    const text = csvText([['', ';', '+1'], ['=']], '\t');
    expect(text).toBe(`\t";"\t'+1\r\n'=\r\n`);
    expect(csvLine(['x', 'a;', -1], '\t')).toBe(`x\t"a;"\t'-1`);
    expect(csvLine(['x', 'a', -1], '\t')).toBe('x\ta\t-1');
    for (const field of readAs(text, ';').flat()) expect(runsAsFormula(field)).toBe(false);
  });

  it('neutralises a formula after ; , tab or a line break inside a field', () => {
    expect(neutraliseFormulas('Well 1;=HYPERLINK("x")')).toBe(`Well 1;'=HYPERLINK("x")`);
    expect(neutraliseFormulas('Well 1\t=1+1')).toBe("Well 1\t'=1+1");
    expect(neutraliseFormulas('Well 1,@cmd')).toBe("Well 1,'@cmd");
    expect(neutraliseFormulas('Well 1\n +cmd')).toBe("Well 1\n' +cmd");
    // A reader that starts a cell there reads on past the field's end: no number exemption.
    expect(neutraliseFormulas('Well 1;-5')).toBe("Well 1;'-5");
    expect(csvCell('-5,5')).toBe(`"'-5,5"`);
    expect(neutraliseFormulas('A-1; B-2')).toBe('A-1; B-2');
    expect(csvCell('Well 1;=1+1')).toBe(`"Well 1;'=1+1"`);
  });

  it('keeps a number a number except at the start of a row, which another reader runs on', () => {
    expect(csvLine(['a', '-5', -3.5, '+1.5'])).toBe('a,-5,-3.5,+1.5');
    // Read at `;`, the row `-5,1+SUM(1)` is one field: a formula.
    expect(csvLine(['-5', '1+SUM(1)'])).toBe("'-5,1+SUM(1)");
    expect(csvLine([-5, 'b'], ';')).toBe("'-5;b");
    // A row of one field may be the rest of a quoted cell an earlier row opened for a reader.
    expect(csvLine(['-5'])).toBe("'-5");
    expect(csvText([['', '\t'], ['+1']])).toBe(`,"'\t"\r\n'+1\r\n`);
  });

  it('leaves no field a spreadsheet would run, whichever separator writes or reads', () => {
    for (const writer of CSV_SEPARATORS) {
      const text = csvText([HOSTILE, ...HOSTILE.map((cell) => ['Well', cell, '-5'])], writer);
      for (const reader of READERS) {
        for (const field of readAs(text, reader).flat()) {
          expect(
            runsAsFormula(field),
            `${JSON.stringify(field)} (${writer} read as ${reader})`,
          ).toBe(false);
        }
      }
    }
  });

  it('holds for any text built from the characters that matter', () => {
    const char = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      ';',
      ',',
      '\t',
      '\r',
      '\n',
      '"',
      "'",
      ' ',
      '\u00A0',
      'a',
      '1',
      '.',
    );
    const cell = fc.array(char, { maxLength: 12 }).map((chars) => chars.join(''));
    const separator = fc.constantFrom<CsvSeparator>(...CSV_SEPARATORS);
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        separator,
        (rows, writer) => {
          const text = csvText(rows, writer);
          for (const reader of READERS) {
            for (const field of readAs(text, reader).flat()) {
              if (runsAsFormula(field)) return false;
            }
          }
          return true;
        },
      ),
      { numRuns: 2000 },
    );
  });
});
