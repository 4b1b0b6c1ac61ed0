import { readXml } from './workbook-parts.js';
import { workbookError } from './workbook-error.js';
import type { ZipArchive } from './zip-archive.js';

/**
 * The workbook's shared strings (cells of type `s` hold an index into them),
 * kept in memory while the sheet is read: capped by the part's size and by
 * their number. A string is its text runs joined; phonetic guides (`rPh`,
 * Japanese readings) are not part of the text.
 */
export const MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;
export const MAX_SHARED_STRINGS = 2_000_000;

export async function readSharedStrings(
  zip: ZipArchive,
  file: string,
  path: string | null,
): Promise<string[]> {
  if (!path) return [];
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await readXml(
    zip,
    file,
    path,
    {
      open(name) {
        if (name === 'si') {
          current = [];
        } else if (name === 'rPh') {
          phonetic++;
        } else if (name === 't' && current && phonetic === 0) {
          inText = true;
        }
      },
      text(text) {
        if (inText) current!.push(text);
      },
      close(name) {
        if (name === 't') {
          inText = false;
        } else if (name === 'rPh') {
          phonetic--;
        } else if (name === 'si' && current) {
          if (strings.length === MAX_SHARED_STRINGS) {
            throw workbookError(
              file,
              `holds more than ${MAX_SHARED_STRINGS.toLocaleString('en-US')} different texts; at most that many are read`,
              'has too many shared strings',
            );
          }
          strings.push(current.join(''));
          current = null;
        }
      },
    },
    MAX_SHARED_STRINGS_BYTES,
  );
  return strings;
}
