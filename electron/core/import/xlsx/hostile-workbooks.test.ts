import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CoreError } from '#shared/desktop/index.js';
import { openRows } from '../open-rows.js';
import type { RowSource } from '../row-source.js';
import { zipParts } from '../testing/xlsx-builder.js';
import { MAX_SHEET_ROWS } from './sheet-rows.js';

/**
 * Workbooks built to hurt, each refused with a sentence naming what was wrong
 * or read within its bounds, and nothing run. Memory is measured as the peak
 * growth of the heap and of buffers while the workbook is read; no timing is
 * asserted.
 */

const MB = 1024 * 1024;

/** A part of `megabytes` of spaces (valid XML whitespace), streamed: building the bomb holds none of it. */
function spaces(megabytes: number): Readable {
  const block = Buffer.alloc(MB, 0x20);
  let left = megabytes;
  return new Readable({
    read() {
      this.push(left-- > 0 ? block : null);
    },
  });
}

/** The minimal parts of a workbook of one sheet, the sheet replaced. */
async function withSheet(sheet: string | Readable, extra: Record<string, string> = {}) {
  const ok = await buildWorkbookParts();
  return zipParts({ ...ok, 'xl/worksheets/sheet1.xml': sheet, ...extra });
}

async function buildWorkbookParts(): Promise<Record<string, string>> {
  const rels = (body: string) =>
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`;
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return {
    '_rels/.rels': rels(
      `<Relationship Id="rId1" Type="${R}/officeDocument" Target="xl/workbook.xml"/>`,
    ),
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R}"><sheets><sheet name="Daily" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels(
      `<Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${R}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${R}/externalLink" Target="externalLinks/externalLink1.xml"/>` +
        `<Relationship Id="rId4" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>`,
    ),
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Date</t></si><si><t>Oil</t></si></sst>`,
  };
}

const SHEET = (rows: string) =>
  `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** Peak growth of heap and buffers while `read` runs, and what it threw. */
async function measured(read: () => Promise<unknown>): Promise<{ peakMb: number; error: unknown }> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 1);
  let error: unknown = null;
  try {
    await read();
  } catch (thrown) {
    error = thrown;
  }
  clearInterval(timer);
  peak = Math.max(peak, used());
  return { peakMb: (peak - base) / MB, error };
}

async function readAll(bytes: Buffer): Promise<{ source: RowSource; rows: string[][] }> {
  const source = await openRows(bytes, 'hostile.xlsx', {});
  const rows: string[][] = [];
  await source.each((record) => rows.push(record), 0);
  return { source, rows };
}

/** Rewrites one part's uncompressed size in the central directory: a ZIP that lies. */
function lieAboutSize(zip: Buffer, path: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.length - 22; at >= 0; at--) {
    if (out.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === path) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`no central directory entry for ${path}`);
}

describe('hostile workbooks', () => {
  it('a ZIP bomb is refused from its declared size, before it is inflated', async () => {
    const bomb = await zipParts({
      ...(await buildWorkbookParts()),
      'xl/worksheets/sheet1.xml': SHEET(''),
      'xl/sharedStrings.xml': spaces(100),
    });
    expect(bomb.length).toBeLessThan(MB);
    const { peakMb, error } = await measured(() => readAll(bomb));
    expect(error).toBeInstanceOf(CoreError);
    expect((error as Error).message).toBe(
      'The workbook "hostile.xlsx" has a part (xl/sharedStrings.xml) that unpacks to 100.0 MB or more; at most 64.0 MB of it is read (a ZIP bomb, or a sheet to split).',
    );
    expect(peakMb).toBeLessThan(16);
  });

  it('a ZIP bomb that understates its size is stopped where the lie shows', async () => {
    const honest = await withSheet(spaces(300));
    const bomb = lieAboutSize(honest, 'xl/worksheets/sheet1.xml', 4096);
    const { peakMb, error } = await measured(() => readAll(bomb));
    expect(error).toBeInstanceOf(CoreError);
    expect((error as Error).message).toMatch(
      /^The workbook "hostile\.xlsx" is not a readable ZIP workbook \(xl\/worksheets\/sheet1\.xml\): too many bytes in the stream/,
    );
    expect(peakMb).toBeLessThan(32);
  });

  it('a sheet that says it has a million rows is refused before its rows are read', async () => {
    const sheet = SHEET('<row r="1"><c r="A1" t="s"><v>0</v></c></row>').replace(
      '<sheetData>',
      '<dimension ref="A1:B1000000"/><sheetData>',
    );
    const refused = await readAll(await withSheet(sheet)).catch((thrown: unknown) => thrown);
    expect((refused as Error).message).toBe(
      `The workbook "hostile.xlsx" has more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows in the sheet "Daily"; at most that many are read: split it (by well or by year).`,
    );
  });

  it('a million rows without a dimension are read up to the cap, in bounded memory', async () => {
    let row = 0;
    const rows = new Readable({
      read() {
        if (row === 0) this.push('<?xml version="1.0"?><worksheet><sheetData>');
        if (row >= 1_000_000) {
          this.push('</sheetData></worksheet>');
          this.push(null);
          return;
        }
        const lines: string[] = [];
        for (const end = row + 10_000; row < end; row++) {
          lines.push(`<row r="${row + 1}"><c r="A${row + 1}"><v>${row}</v></c></row>`);
        }
        this.push(lines.join(''));
      },
    });
    const bytes = await withSheet(rows);
    const source = await openRows(bytes, 'hostile.xlsx', {});
    let count = 0;
    const { peakMb, error } = await measured(() => source.each(() => count++, -1));
    expect((error as Error).message).toMatch(/has more than 500,000 rows in the sheet "Daily"/);
    expect(count).toBe(MAX_SHEET_ROWS);
    expect(peakMb).toBeLessThan(64);
  });

  it('formulas are their saved values, never calculated; macros and links are left alone', async () => {
    const sheet = SHEET(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
        '<row r="2"><c r="A2"><v>45474</v></c><c r="B2"><f>1+1</f><v>2</v></c></row>' +
        '<row r="3"><c r="A3"><v>45475</v></c><c r="B3"><f>WEBSERVICE("http://x")</f></c></row>',
    );
    const { source, rows } = await readAll(
      await withSheet(sheet, {
        'xl/vbaProject.bin': 'Attribute VB_Name = "Evil"',
        'xl/externalLinks/externalLink1.xml': '<externalLink/>',
      }),
    );
    expect(rows).toEqual([
      ['Date', 'Oil'],
      ['2024-07-01', '2'],
      ['2024-07-02', '=WEBSERVICE("http://x")'],
    ]);
    expect(source.warnings).toEqual([
      'The workbook holds macros; they are not run: only the values in its cells are read.',
      'The workbook links to other workbooks; the values it saved from them are read as they are, not refreshed.',
      '2 cells hold formulas: read as the values Excel last saved, never calculated here.',
    ]);
  });

  it('a part with a document type (entity expansion) is refused', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>`;
    const error = await readAll(await withSheet(laughs)).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toMatch(
      /^The workbook "hostile\.xlsx" has a part \(xl\/worksheets\/sheet1\.xml\) that is not well-formed XML: it declares a document type/,
    );
  });

  it('an .xls and a ZIP that is not a workbook are named for what they are', async () => {
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const error = await readAll(xls).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toBe(
      'The file "hostile.xlsx" is an old Excel .xls workbook (Excel 97–2003), which is not read; save it as an Excel Workbook (.xlsx) or as CSV first, not a CSV text file.',
    );
    const docx = await zipParts({ 'word/document.xml': '<document/>' });
    const notBook = await readAll(docx).catch((thrown: unknown) => thrown);
    expect((notBook as Error).message).toBe(
      'The workbook "hostile.xlsx" is a ZIP archive but not an Excel workbook (it has no xl/workbook.xml: an OpenDocument or Word file?); save it as an Excel Workbook (.xlsx) or as CSV.',
    );
  });
});
