import { MAX_CHANGES_PAGE, type ChangesListResult } from '#shared/desktop/index.js';
import { csvText, type CsvValue } from '#shared/csv/csv-writer.js';
import { send } from '../../bridge/bridge.js';
import type { ChangeFilters } from './change-queries.js';
import { CSV_HEADER, csvRows } from './change-text.js';

/** Every change the filters match, newest first as on screen, as one CSV text (a line per value). */
export async function changesCsv(filters: ChangeFilters): Promise<{ csv: string; rows: number }> {
  const rows: CsvValue[][] = [CSV_HEADER];
  let before: number | null = null;
  do {
    const page: ChangesListResult = await send('changes-list', {
      ...filters,
      limit: MAX_CHANGES_PAGE,
      ...(before === null ? {} : { before }),
    });
    for (const change of page.changes) rows.push(...csvRows(change));
    before = page.nextBefore;
  } while (before !== null);
  return { csv: csvText(rows), rows: rows.length - 1 };
}
