import { useRef } from 'react';
import type { ImportTarget } from './import-target.js';
import { importPageFile } from './start-import.js';
import './import.css';

/** What the file chooser offers: the files the importer reads (CSV and text, Excel workbooks). */
const IMPORT_ACCEPT = [
  '.csv',
  '.tsv',
  '.txt',
  '.xlsx',
  '.xlsm',
  'text/csv',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
].join(',');

/** "Import CSV or Excel…" on the well page: a file input (Electron then reads the file by its path). */
export function ImportButton(props: ImportTarget) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="well-button import-button"
        onClick={() => input.current?.click()}
        title="Import daily production from a CSV file or an Excel workbook (or drop the file on this page)"
        data-testid="import-button"
      >
        Import CSV or Excel…
      </button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file can be chosen again
          if (file) void importPageFile(file, props);
        }}
        data-testid="import-file-input"
      />
    </>
  );
}
