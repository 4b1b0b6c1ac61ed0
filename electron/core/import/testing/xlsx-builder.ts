import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * Minimal Excel workbooks written for tests (yazl zips them): sheets of
 * cells given as numbers (stored as numbers, optionally with a date style),
 * strings (shared strings) or raw cell XML, and the 1900 or 1904 date system.
 * Parts can be replaced or added to build hostile workbooks.
 */
export type Cell =
  | number
  | string
  | null
  | { date: number }
  | { formula: string; cached?: number }
  | { xml: string };

export interface SheetSpec {
  name: string;
  rows: Cell[][];
  hidden?: boolean;
  /** Row number of the first row (1 by default): rows above it are absent, as Excel leaves them. */
  firstRow?: number;
}

export interface WorkbookSpec {
  sheets: SheetSpec[];
  date1904?: boolean;
  /** Extra or replaced parts, by path. */
  parts?: Record<string, string | Buffer>;
}

const DATE_STYLE = 1; // cellXfs[1]: numFmtId 14 (m/d/yyyy), a built-in date

export function buildWorkbook(spec: WorkbookSpec): Promise<Buffer> {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (text: string) => {
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      strings.push(text);
      stringIndex.set(text, index);
    }
    return index;
  };
  const parts: Record<string, string | Buffer> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr${spec.date1904 ? ' date1904="1"' : ''}/><sheets>${spec.sheets
      .map(
        (sheet, i) =>
          `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}"${sheet.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`,
      )
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${spec.sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join(
        '',
      )}<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  };
  spec.sheets.forEach((sheet, i) => {
    parts[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheet, shared);
  });
  parts['xl/sharedStrings.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings
      .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
      .join('')}</sst>`;
  Object.assign(parts, spec.parts);
  return zipParts(parts);
}

export function sheetXml(sheet: SheetSpec, shared: (text: string) => number): string {
  const first = sheet.firstRow ?? 1;
  const rows = sheet.rows
    .map((cells, r) => {
      const line = first + r;
      const xml = cells.map((cell, c) => cellXml(cell, `${columnName(c)}${line}`, shared)).join('');
      return `<row r="${line}">${xml}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

function cellXml(cell: Cell, ref: string, shared: (text: string) => number): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
  if ('date' in cell) return `<c r="${ref}" s="${DATE_STYLE}"><v>${cell.date}</v></c>`;
  if ('formula' in cell) {
    const cached = cell.cached === undefined ? '' : `<v>${cell.cached}</v>`;
    return `<c r="${ref}"><f>${escapeXml(cell.formula)}</f>${cached}</c>`;
  }
  return cell.xml.replace('{ref}', ref);
}

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;',
  );
}

/** Parts zipped (deflated); a part may be a stream, for sheets too large to hold as one string. */
export function zipParts(parts: Record<string, string | Buffer | Readable>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(parts)) {
    if (content instanceof Readable) zip.addReadStream(content, path);
    else zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), path);
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
