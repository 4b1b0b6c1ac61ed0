import type { UnitSystem } from '#shared/api/index.js';

/**
 * The report's running footer, on every printed page: where the data came from (the
 * connection, the project and when the server last confirmed the data), the unit system,
 * when it was printed, and "Page 2 of 4". Printed by Chromium (Electron's printToPDF, the
 * browser's "Save as PDF", Playwright's page.pdf) from CSS `@page` margin boxes
 * (`@bottom-left`, `@bottom-right`; Chromium 131 and later), whose `counter(page)` and
 * `counter(pages)` are the only way a page of HTML knows its number. They sit in the 12 mm
 * bottom margin the report prints with, so the sheets' layout does not change.
 */

export interface ReportSource {
  /** The connection's name as the person named it; null when there is none. */
  connectionName: string | null;
  projectName: string | null;
  /** When the server last confirmed the report's data (its oldest part); null if never. */
  asOf: string | null;
  /** The data was read while the server could not be reached (the copy on this computer). */
  offline: boolean;
}

export interface ReportFooter {
  /** "Source: Demo server · Montney Alberta · data as of 2024-05-06 10:42 UTC+02:00" */
  source: string;
  /** "Metric units · Printed 2024-05-07 09:15 UTC+02:00" (the page number follows it). */
  printed: string;
}

/**
 * "2024-05-06 10:42 UTC+02:00": local time, with its offset so a reader elsewhere can tell
 * ("2024-05-06 08:42 UTC" where local time is UTC).
 */
export function formatStamp(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  // UTC itself needs no offset, and the shorter stamp keeps the footer on one line.
  if (offset === 0) return `${day} ${time} UTC`;
  const sign = offset < 0 ? '−' : '+';
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${day} ${time} ${zone}`;
}

/**
 * The "as of" of reads that each carry `fetchedAt`: the oldest, or null when any part was
 * never confirmed by the server. Reads not answered yet (undefined) are left out.
 */
export function oldestAsOf(fetchedAt: ReadonlyArray<string | null | undefined>): string | null {
  const answered = fetchedAt.filter((value) => value !== undefined);
  if (answered.length === 0 || answered.includes(null)) return null;
  return (answered as string[]).reduce((oldest, value) =>
    Date.parse(value) < Date.parse(oldest) ? value : oldest,
  );
}

export function reportFooter(input: {
  source: ReportSource;
  unitSystem: UnitSystem;
  printedAt: Date;
}): ReportFooter {
  const { source } = input;
  const asOf = source.asOf
    ? `data as of ${formatStamp(new Date(source.asOf))}`
    : 'data not yet confirmed by the server';
  const parts = [
    source.connectionName ?? 'no connection',
    source.projectName ?? 'unknown project',
    source.offline ? `${asOf} (offline: the copy on this computer)` : asOf,
  ];
  return {
    source: `Source: ${parts.join(' · ')}`,
    printed: `${input.unitSystem === 'metric' ? 'Metric' : 'Imperial'} units · Printed ${formatStamp(
      input.printedAt,
    )}`,
  };
}

/** The footer as it reads on page `page` of `pages`: what the margin boxes print. */
export function footerText(footer: ReportFooter, page: number, pages: number): string {
  return `${footer.source} | ${footer.printed} · Page ${page} of ${pages}`;
}

/** A CSS string literal: quotes and backslashes escaped, line breaks and controls as spaces. */
export function cssString(text: string): string {
  let flat = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    flat += code < 0x20 || code === 0x7f ? ' ' : char;
  }
  return `"${flat.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const FOOTER_STYLE =
  "font-family: Helvetica, Arial, 'Liberation Sans', sans-serif; font-size: 7.5pt; color: #5b6b75;";

/**
 * The print stylesheet of the footer: `@page` margin boxes, the source at the left and
 * units, print time and page number at the right. In print media only; rendered in a
 * `<style>` while the report is open, so nothing else the app prints gets it.
 */
export function pageFooterCss(footer: ReportFooter): string {
  return [
    '@media print {',
    '  @page {',
    '    @bottom-left {',
    `      content: ${cssString(footer.source)};`,
    // The source is the longer text: without widths the two boxes split the line evenly.
    '      width: 58%;',
    `      ${FOOTER_STYLE}`,
    '      text-align: left;',
    '      vertical-align: middle;',
    '    }',
    '    @bottom-right {',
    '      width: 42%;',
    `      content: ${cssString(`${footer.printed} · Page `)} counter(page) " of " counter(pages);`,
    `      ${FOOTER_STYLE}`,
    '      text-align: right;',
    '      vertical-align: middle;',
    '      white-space: nowrap;',
    '    }',
    '  }',
    '}',
  ].join('\n');
}
