import { CoreError } from '#shared/desktop/index.js';

/**
 * A workbook refused: the sentence names the file and what was wrong with it
 * (`The workbook "x.xlsx" is encrypted …`), the issue says it in a few words
 * for the `source` argument. Nothing has been queued when it is thrown.
 */
export function workbookError(name: string, what: string, problem: string): CoreError {
  return new CoreError('validation', `The workbook "${name}" ${what}.`, {
    issues: [{ path: 'source', message: problem }],
  });
}
