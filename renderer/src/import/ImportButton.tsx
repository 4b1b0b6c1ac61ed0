import { useRef } from 'react';
import type { ImportTarget } from './import-target.js';
import { importPageFile } from './start-import.js';
import './import.css';

/** "Import CSV…" on the well page: a file input (Electron then reads the file by its path). */
export function ImportButton(props: ImportTarget) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="well-button import-button"
        onClick={() => input.current?.click()}
        title="Import daily production from a CSV file (or drop the file on this page)"
        data-testid="import-button"
      >
        Import CSV…
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/plain"
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
