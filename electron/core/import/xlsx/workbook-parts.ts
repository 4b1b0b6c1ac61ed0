import { posix } from 'node:path';
import type { DateSystem } from './serial-date.js';
import { workbookError } from './workbook-error.js';
import { attribute, xmlReader, type XmlHandlers } from './xml-events.js';
import type { ZipArchive } from './zip-archive.js';

/**
 * The workbook's own description, read before any sheet: where the workbook
 * part is (the package's relationships), its sheets in order with their
 * parts, its date system, and where the shared strings and styles are. Chart
 * sheets, macros (vbaProject.bin) and external links are never read.
 */
export const MAX_META_BYTES = 8 * 1024 * 1024;

export interface SheetPart {
  name: string;
  path: string;
  hidden: boolean;
}

export interface WorkbookParts {
  sheets: SheetPart[];
  dateSystem: DateSystem;
  sharedStrings: string | null;
  styles: string | null;
  /** What the workbook holds that is left alone, for the preview's warnings. */
  notes: string[];
}

const REL = {
  document: '/officeDocument',
  worksheet: '/worksheet',
  sharedStrings: '/sharedStrings',
  styles: '/styles',
};

export async function readWorkbookParts(zip: ZipArchive, file: string): Promise<WorkbookParts> {
  const root = await relationships(zip, file, '_rels/.rels', '');
  const document = root.find((rel) => rel.type.endsWith(REL.document))?.target ?? 'xl/workbook.xml';
  if (!zip.has(document)) {
    throw workbookError(
      file,
      'is a ZIP archive but not an Excel workbook (it has no xl/workbook.xml: an OpenDocument or Word file?); save it as an Excel Workbook (.xlsx) or as CSV',
      'is not an Excel workbook',
    );
  }
  const folder = posix.dirname(document);
  const rels = await relationships(
    zip,
    file,
    posix.join(folder, '_rels', `${posix.basename(document)}.rels`),
    folder,
  );
  const byId = new Map(rels.map((rel) => [rel.id, rel]));
  const listed: Array<{ name: string; id: string; hidden: boolean }> = [];
  let dateSystem: DateSystem = 1900;
  await readXml(zip, file, document, {
    open(name, attributes) {
      if (name === 'workbookPr') {
        const value = attribute(attributes, 'date1904');
        if (value === '1' || value === 'true') dateSystem = 1904;
      } else if (name === 'sheet') {
        listed.push({
          name: attribute(attributes, 'name') ?? '',
          id: attribute(attributes, 'id') ?? '',
          hidden: (attribute(attributes, 'state') ?? 'visible') !== 'visible',
        });
      }
    },
  });
  const sheets: SheetPart[] = [];
  for (const sheet of listed) {
    const rel = byId.get(sheet.id);
    // Chart sheets and dialog sheets hold no cells.
    if (!rel || !rel.type.endsWith(REL.worksheet) || !zip.has(rel.target)) continue;
    sheets.push({ name: sheet.name, path: rel.target, hidden: sheet.hidden });
  }
  if (sheets.length === 0) {
    throw workbookError(file, 'has no worksheet (only charts?)', 'has no worksheet');
  }
  const part = (suffix: string) => {
    const target = rels.find((rel) => rel.type.endsWith(suffix))?.target;
    return target && zip.has(target) ? target : null;
  };
  return {
    sheets,
    dateSystem,
    sharedStrings: part(REL.sharedStrings),
    styles: part(REL.styles),
    notes: notesOn(zip, rels),
  };
}

function notesOn(zip: ZipArchive, rels: readonly Relationship[]): string[] {
  const notes: string[] = [];
  if (rels.some((rel) => rel.type.endsWith('/vbaProject')) || zip.has('xl/vbaProject.bin')) {
    notes.push(
      'The workbook holds macros; they are not run: only the values in its cells are read.',
    );
  }
  if (rels.some((rel) => rel.type.endsWith('/externalLink'))) {
    notes.push(
      'The workbook links to other workbooks; the values it saved from them are read as they are, not refreshed.',
    );
  }
  return notes;
}

interface Relationship {
  id: string;
  type: string;
  target: string;
}

async function relationships(
  zip: ZipArchive,
  file: string,
  path: string,
  folder: string,
): Promise<Relationship[]> {
  if (!zip.has(path)) return [];
  const out: Relationship[] = [];
  await readXml(zip, file, path, {
    open(name, attributes) {
      if (name !== 'Relationship') return;
      // External targets (links to other files, web addresses) are never followed.
      if (attribute(attributes, 'TargetMode') === 'External') return;
      const target = attribute(attributes, 'Target') ?? '';
      out.push({
        id: attribute(attributes, 'Id') ?? '',
        type: attribute(attributes, 'Type') ?? '',
        target: target.startsWith('/')
          ? target.slice(1)
          : posix.normalize(posix.join(folder, target)),
      });
    },
  });
  return out;
}

/** A small part (relationships, the workbook, styles) read whole through the XML reader. */
export async function readXml(
  zip: ZipArchive,
  file: string,
  path: string,
  handlers: XmlHandlers,
  cap = MAX_META_BYTES,
): Promise<void> {
  const reader = xmlReader(file, path, handlers);
  await zip.stream(path, cap, (text) => reader.write(text));
  reader.end();
}
