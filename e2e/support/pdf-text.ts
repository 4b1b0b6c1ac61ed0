import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of each page of a PDF, as poppler's `pdftotext -layout` reads it (CI installs
 * poppler-utils): what a reader of the printed file would see, page by page.
 */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'flowline-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    // Pages end with a form feed; the last one leaves an empty tail.
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
