import { readXml } from './workbook-parts.js';
import type { ZipArchive } from './zip-archive.js';

/**
 * Which cell styles show a number as a date: a cell holds only the number
 * (the serial day) and the index of its style (`s`), whose number format says
 * "date". The built-in formats 14–22 and 45–47 are dates (ECMA-376 Part 1,
 * 18.8.30), as are the East Asian built-ins 27–36 and 50–58; a custom format
 * is a date when it has day, month, year, hour or second codes outside quotes
 * and brackets (`dd/mm/yyyy`, `d-mmm-yy`, but not `0.00` or `[Red]#,##0`).
 */
export type DateStyles = (style: number) => boolean;

const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

export async function readDateStyles(
  zip: ZipArchive,
  file: string,
  path: string | null,
): Promise<DateStyles> {
  if (!path) return () => false;
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await readXml(zip, file, path, {
    open(name, attributes) {
      if (name === 'numFmt') {
        custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        formats.push(Number(attributes.numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  const dates = formats.map((id) => {
    const code = custom.get(id);
    return code === undefined ? BUILT_IN_DATES.has(id) : isDateFormatCode(code);
  });
  return (style) => dates[style] === true;
}

export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '') // quoted text
    .replace(/\\./g, '') // escaped characters
    .replace(/\[[^\]]*\]/g, '') // colours, conditions, elapsed time, locales
    .replace(/_.|\*./g, ''); // padding
  return /[dmyhs]/i.test(bare.split(';')[0] ?? '');
}
