import { describe, expect, it } from 'vitest';
import {
  cssString,
  footerText,
  formatStamp,
  oldestAsOf,
  pageFooterCss,
  reportFooter,
} from './page-footer.js';

/** 2024-05-07 09:15 local time, whatever the machine's zone. */
const PRINTED = new Date(2024, 4, 7, 9, 15);
const AS_OF = new Date(2024, 4, 6, 10, 42).toISOString();

const footer = reportFooter({
  source: {
    connectionName: 'Calgary office',
    projectName: 'Montney Alberta',
    asOf: AS_OF,
    offline: false,
  },
  unitSystem: 'metric',
  printedAt: PRINTED,
});

describe('the report footer', () => {
  it('stamps times in local time with the UTC offset', () => {
    expect(formatStamp(PRINTED)).toMatch(/^2024-05-07 09:15 UTC([+−]\d{2}:\d{2})?$/);
  });

  it('gives the offset of a zone away from UTC, and none in UTC', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Edmonton';
      expect(formatStamp(new Date('2024-05-07T15:15:00Z'))).toBe('2024-05-07 09:15 UTC−06:00');
      process.env.TZ = 'UTC';
      expect(formatStamp(new Date('2024-05-07T15:15:00Z'))).toBe('2024-05-07 15:15 UTC');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('carries the source, the data’s as-of time, the units, the print time and the page', () => {
    expect(footer.source).toBe(
      `Source: Calgary office · Montney Alberta · data as of ${formatStamp(new Date(AS_OF))}`,
    );
    expect(footer.source).toContain('data as of 2024-05-06 10:42 UTC');
    expect(footer.printed).toBe(`Metric units · Printed ${formatStamp(PRINTED)}`);
    const page2 = footerText(footer, 2, 4);
    expect(page2).toContain('Calgary office');
    expect(page2).toContain('Montney Alberta');
    expect(page2).toContain('data as of 2024-05-06 10:42');
    expect(page2).toContain('Metric units');
    expect(page2).toContain('Printed 2024-05-07 09:15');
    expect(page2.endsWith('Page 2 of 4')).toBe(true);
  });

  it('says when the data was never confirmed by the server, or read offline', () => {
    const never = reportFooter({
      source: { connectionName: null, projectName: 'P', asOf: null, offline: false },
      unitSystem: 'imperial',
      printedAt: PRINTED,
    });
    expect(never.source).toBe('Source: no connection · P · data not yet confirmed by the server');
    expect(never.printed).toContain('Imperial units');
    const offline = reportFooter({
      source: { connectionName: 'C', projectName: 'P', asOf: AS_OF, offline: true },
      unitSystem: 'imperial',
      printedAt: PRINTED,
    });
    expect(offline.source).toContain('(offline: the copy on this computer)');
  });

  it('takes the oldest as-of of the reads, none when a part was never confirmed', () => {
    expect(oldestAsOf(['2024-05-06T10:00:00Z', '2024-05-01T08:00:00Z'])).toBe(
      '2024-05-01T08:00:00Z',
    );
    expect(oldestAsOf(['2024-05-06T10:00:00Z', undefined])).toBe('2024-05-06T10:00:00Z');
    expect(oldestAsOf(['2024-05-06T10:00:00Z', null])).toBeNull();
    expect(oldestAsOf([undefined])).toBeNull();
  });

  it('prints on every page from @page margin boxes, page numbers counted by Chromium', () => {
    const css = pageFooterCss(footer);
    expect(css.startsWith('@media print {')).toBe(true);
    expect(css).toMatch(/@page \{\s+@bottom-left \{/);
    expect(css).toContain(`content: ${cssString(footer.source)};`);
    expect(css).toContain(
      `content: ${cssString(`${footer.printed} · Page `)} counter(page) " of " counter(pages);`,
    );
    expect(css).toContain('@bottom-right');
  });

  it('writes names into CSS strings safely', () => {
    expect(cssString('A "quoted" \\ name\n}')).toBe('"A \\"quoted\\" \\\\ name }"');
    const css = pageFooterCss(
      reportFooter({
        source: { connectionName: '"; } body { x', projectName: 'P', asOf: null, offline: false },
        unitSystem: 'metric',
        printedAt: PRINTED,
      }),
    );
    expect(css).toContain('content: "Source: \\"; } body { x · P');
  });
});
