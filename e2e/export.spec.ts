import { type Download, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { readFile, writeFile } from 'node:fs/promises';
import { ShellPage } from './page-models/shell-page.js';
import { demoApiClient } from './support/demo-api.js';
import { wellIdsOf } from './support/open-well.js';
import { WellPage } from './page-models/well-page.js';
import { WellsPage } from './page-models/wells-page.js';
import { pdfPageTexts } from './support/pdf-text.js';

/**
 * Exports: a chart as PNG (twice the pixel ratio) and SVG with title, well, range,
 * units and legend in the image; a well's data as CSV with units in the headers; the
 * one-well report printed to PDF through its print stylesheet.
 */

const WELL = 'Elmworth HZ 1-9-69-10';
/** CHART_HEIGHT of renderer/src/pages/well/chart-layout.ts. */
const CHART_HEIGHT = 220;

test.beforeEach(async ({ page, host }) => {
  // The browser host prints with window.print(): record the call instead of opening a dialog.
  await page.addInitScript(() => {
    const record = globalThis as unknown as { printCalls: number; print: () => void };
    record.printCalls = 0;
    record.print = () => {
      record.printCalls++;
    };
  });
  await new ShellPage(page).open(host.launchUrl);
});

async function openWell(page: Page): Promise<WellPage> {
  const shell = new ShellPage(page);
  const wells = new WellsPage(page);
  const well = new WellPage(page);
  await shell.openProject('Montney Alberta');
  await wells.search.fill('Elmworth HZ 1-9');
  await expect(wells.count).toHaveText('1 of 70 wells');
  await wells.rows.first().getByRole('gridcell').first().click();
  await expect(shell.title).toHaveText(WELL);
  await well.chartsDrawn();
  return well;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** Width and height from a PNG's IHDR chunk (the first chunk, right after the signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** RFC 4180 records (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

test('export a chart as PNG and SVG, and the well’s records as CSV', async ({ page, host }) => {
  const well = await openWell(page);
  await well.range('3m');
  await expect(well.recordRows.first()).toBeVisible();
  await well.chartsDrawn();
  const surface = await well.rates.locator('svg.chart-surface').first().boundingBox();
  expect(surface?.height).toBe(CHART_HEIGHT);
  const cssWidth = Math.round(surface?.width ?? 0);

  // PNG: the chart at devicePixelRatio 2, under a header band (title, well, range, legend).
  const png = await downloaded(page, async () => {
    await page.getByTestId('chart-export-rates').click();
    await page.getByTestId('chart-export-rates-png').click();
  });
  expect(png.suggestedFilename()).toMatch(
    /^Elmworth-HZ-1-9-69-10-rates-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.png$/,
  );
  const size = pngSize(await bytesOf(png));
  expect(size.width).toBe(2 * cssWidth);
  expect(size.height % 2).toBe(0);
  const band = size.height / 2 - CHART_HEIGHT;
  expect(band).toBeGreaterThan(60);
  expect(band).toBeLessThan(160);

  // SVG: a standalone document with the legend (units included) and the well's name.
  const svgFile = await downloaded(page, async () => {
    await page.getByTestId('chart-export-rates').click();
    await page.getByTestId('chart-export-rates-svg').click();
  });
  expect(svgFile.suggestedFilename()).toMatch(/-rates-.*\.svg$/);
  const svg = (await bytesOf(svgFile)).toString('utf8');
  expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain(`>${WELL}</text>`);
  for (const legend of ['Oil (m³/d)', 'Water (m³/d)', 'Gas (10³m³/d)']) {
    expect(svg).toContain(`>${legend}</text>`);
  }
  expect(svg).toContain('>Rates</text>');
  expect(svg).toContain('series-line');

  // CSV: headers with units, CRLF, and the grid's value for a date.
  const csvFile = await downloaded(page, () => page.getByTestId('export-csv').click());
  expect(csvFile.suggestedFilename()).toMatch(/^Elmworth-HZ-1-9-69-10-daily-.*\.csv$/);
  const text = (await bytesOf(csvFile)).toString('utf8').replace(/^\uFEFF/, '');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([
    'Date',
    'Well',
    'Oil rate (m³/d)',
    'Water rate (m³/d)',
    'Gas rate (10³m³/d)',
    'BHP (kPa)',
    'THP (kPa)',
    'Choke (mm)',
    'Runtime (h)',
    'GOR (m³/m³)',
    'Watercut (%)',
    'Cumulative oil since first production (m³)',
    'Cumulative gas since first production (10³m³)',
    'Cumulative water since first production (m³)',
  ]);
  // Np at the last exported day: every day's oil since first production, as the server has it.
  const { projectId, wellId } = wellIdsOf(page);
  const last = rows.at(-1)!;
  const history = await demoApiClient(host.dataDir, host.demoApiUrl!).getProduction(
    projectId,
    wellId,
    { from: '1900-01-01', to: last[0]!, fields: ['oil_rate'] },
  );
  const np = history.data.reduce((sum, day) => sum + (day.oil_rate ?? 0), 0);
  expect(history.data[0]!.date < rows[0]![0]!).toBe(true); // the well produced before the range
  expect(Number(last[header!.indexOf('Cumulative oil since first production (m³)')])).toBeCloseTo(
    np,
    3,
  );
  const date = (await well.recordRows.first().getAttribute('data-date')) as string;
  const row = rows.find((cells) => cells[0] === date);
  expect(row, `a CSV row for ${date}`).toBeDefined();
  expect(row?.[1]).toBe(WELL);
  for (const [field, column] of [
    ['oil_rate', 'Oil rate (m³/d)'],
    ['gas_rate', 'Gas rate (10³m³/d)'],
    ['bhp', 'BHP (kPa)'],
  ] as const) {
    const shown = await well.cellNumber(date, field);
    const exported = Number(row?.[header!.indexOf(column)]);
    expect(exported).toBeCloseTo(shown, 3);
  }
  expect(rows.length).toBe(
    Number((await page.getByTestId('grid-count').textContent())?.split(' ')[0]),
  );
});

test('print the one-well report to PDF', async ({ page }) => {
  const well = await openWell(page);
  // The last year: three pages (a well opens on its whole life, a dozen years of months).
  await well.range('1y');
  await page.getByTestId('report-pdf').click();
  const report = page.locator('[data-testid=well-report][data-ready=true]');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('report-well-name')).toHaveText(WELL);
  await expect(page.getByTestId('report-fields')).toContainText('Lateral length (m)');
  await expect(report.locator('.well-chart .chart-surface')).toHaveCount(4);
  await expect(page.getByTestId('report-monthly')).toContainText('Volume (m³)');
  await expect(page.getByTestId('report-monthly')).toContainText('Avg rate (10³m³/d)');
  await expect(page.getByTestId('report-since-first')).toContainText('Since first production');
  await expect(report).toContainText('Cumulative volumes since first production');
  // The browser host printed (window.print) once the charts were drawn.
  expect(
    await page.evaluate(() => (globalThis as unknown as { printCalls: number }).printCalls),
  ).toBe(1);
  await expect(page).toHaveTitle(new RegExp(`^${WELL} - Production report`));

  // What the print dialog would save: page 1 header and two charts, page 2 two charts,
  // page 3 the monthly summary of the year.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('page-title')).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const raw = pdf.toString('latin1');
  expect(raw.startsWith('%PDF-')).toBe(true);
  expect(raw.match(/\/Type\s*\/Page(?![a-zA-Z])/g)).toHaveLength(3);
  expect(pdf.length).toBeGreaterThan(30_000);
  expect(raw).toMatch(new RegExp(`/Title\\s*\\(${WELL} - Production report`));

  // Every page's footer: the source, the unit system, the print time and "Page n of 3".
  await writeFile(test.info().outputPath('report.pdf'), pdf);
  const pages = await pdfPageTexts(pdf);
  expect(pages).toHaveLength(3);
  pages.forEach((text, index) => {
    const flat = text.replace(/\s+/g, ' ');
    expect(flat, `page ${index + 1}`).toContain(
      'Source: Demo workspace · Montney Alberta · data as of',
    );
    expect(flat, `page ${index + 1}`).toMatch(
      /Metric units · Printed \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect(flat, `page ${index + 1}`).toContain(`Page ${index + 1} of 3`);
  });
  // The totals end the monthly table, on the last page, after every month.
  const lines = pages[2]!.split('\n').map((line) => line.trim());
  const totalLine = lines.findIndex((line) => line.startsWith('Total,'));
  const lastMonthLine = lines.findLastIndex((line) => /^\d{4}-\d\d\s/.test(line));
  expect(lastMonthLine).toBeGreaterThan(0);
  expect(totalLine).toBeGreaterThan(lastMonthLine);
  // The label may wrap under its figures: "Total," then the range.
  expect(lines.slice(totalLine, totalLine + 3).join(' ')).toMatch(
    /^Total,.* \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d/,
  );

  // Closing the preview gives the page back.
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('report-close').click();
  await expect(page.getByTestId('well-report')).toHaveCount(0);
  await expect(page).toHaveTitle('Flowline');
});
