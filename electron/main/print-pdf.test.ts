import { describe, expect, it } from 'vitest';
import { IpcRefused, parseIpcArgs, type SaveFileArgs } from './ipc-guard.js';
import {
  pageSizeFor,
  printToPdf,
  printToPdfArgsSchema,
  type PdfPrintOptions,
} from './print-pdf.js';

describe('print-to-pdf arguments', () => {
  const parse = (value: unknown) =>
    parseIpcArgs(printToPdfArgsSchema, 'flowline:print-to-pdf', value);

  it('takes a file name and an optional title', () => {
    expect(parse({ options: { defaultName: 'Well-1H-report.pdf' } })).toEqual({
      options: { defaultName: 'Well-1H-report.pdf' },
    });
    expect(parse({ options: { defaultName: 'r.pdf', title: 'Save report' } }).options.title).toBe(
      'Save report',
    );
  });

  it('refuses paths, unknown keys and other shapes before anything prints', () => {
    for (const bad of [
      { options: { defaultName: '../../etc/passwd' } },
      { options: { defaultName: 'C:\\Users\\x.pdf' } },
      { options: { defaultName: '' } },
      { options: { defaultName: 'r.pdf', path: '/tmp/r.pdf' } },
      { options: { defaultName: 'r.pdf' }, data: 'x' },
      { options: {} },
      'r.pdf',
      null,
    ]) {
      expect(() => parse(bad), JSON.stringify(bad)).toThrow(IpcRefused);
    }
  });
});

describe('printToPdf', () => {
  it('prints with the page stylesheet, then saves the bytes as a PDF through the save dialog', async () => {
    const printed: PdfPrintOptions[] = [];
    const saved: SaveFileArgs[] = [];
    const bytes = Buffer.from('%PDF-1.4 fake');
    const path = await printToPdf(
      { options: { defaultName: 'Well-1H-report' } },
      {
        printToPDF: async (options) => {
          printed.push(options);
          return bytes;
        },
      },
      async (args) => {
        saved.push(args);
        return '/home/u/Well-1H-report.pdf';
      },
      'en-US',
    );
    expect(path).toBe('/home/u/Well-1H-report.pdf');
    expect(printed[0]).toMatchObject({ printBackground: true, pageSize: 'Letter' });
    expect(saved[0]?.options).toEqual({
      title: 'Save report as PDF',
      defaultName: 'Well-1H-report.pdf',
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    });
    expect(Buffer.from(saved[0]!.data as Uint8Array).toString()).toBe('%PDF-1.4 fake');
  });

  it('picks Letter paper where Letter is used, A4 elsewhere', () => {
    expect(pageSizeFor('en-US')).toBe('Letter');
    expect(pageSizeFor('fr-CA')).toBe('Letter');
    expect(pageSizeFor('en-GB')).toBe('A4');
    expect(pageSizeFor('de')).toBe('A4');
  });
});
