import { z } from 'zod';
import { saveFileArgsSchema, type SaveFileArgs } from './ipc-guard.js';

/**
 * `native.printToPdf`: the window's page printed with its print stylesheet (the well report's
 * A4/Letter layout) by Chromium's printToPDF, then saved where the user says through the
 * same save dialog as every export. Free of Electron imports: main.ts hands in the window's
 * webContents and its save function, so this is tested with stand-ins.
 */

/** The same rules as a save's options (a file name, not a path; a short title). */
const saveOptions = saveFileArgsSchema.shape.options;

export const printToPdfArgsSchema = z.strictObject({
  options: z.strictObject({
    title: saveOptions.shape.title,
    defaultName: saveOptions.shape.defaultName,
  }),
});
export type PrintToPdfArgs = z.infer<typeof printToPdfArgsSchema>;

/** The part of Electron's printToPDF options we use. */
export interface PdfPrintOptions {
  printBackground: boolean;
  preferCSSPageSize: boolean;
  pageSize: 'A4' | 'Letter';
  /** Inches. */
  margins: { top: number; bottom: number; left: number; right: number };
}

export interface PdfSource {
  printToPDF(options: PdfPrintOptions): Promise<Uint8Array>;
}

/** 12 mm, as the report's `@page` rule says. */
const MARGIN_IN = 12 / 25.4;

/** Letter where paper is Letter (US, Canada, Mexico…), A4 elsewhere: the print stylesheet fits both. */
export function pageSizeFor(locale: string): 'A4' | 'Letter' {
  const region = locale.split(/[-_]/)[1]?.toUpperCase();
  return region !== undefined && ['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE'].includes(region)
    ? 'Letter'
    : 'A4';
}

export async function printToPdf(
  args: PrintToPdfArgs,
  source: PdfSource,
  save: (args: SaveFileArgs) => Promise<string | null>,
  locale = 'en-GB',
): Promise<string | null> {
  const pdf = await source.printToPDF({
    printBackground: true,
    // The stylesheet sets no paper size (it fits A4 and Letter) and 12 mm margins.
    preferCSSPageSize: false,
    pageSize: pageSizeFor(locale),
    margins: { top: MARGIN_IN, bottom: MARGIN_IN, left: MARGIN_IN, right: MARGIN_IN },
  });
  const defaultName = /\.pdf$/i.test(args.options.defaultName)
    ? args.options.defaultName
    : `${args.options.defaultName}.pdf`;
  return save({
    options: {
      title: args.options.title ?? 'Save report as PDF',
      defaultName,
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    },
    data: new Uint8Array(pdf),
  });
}
