import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bridge, send } from '../bridge/bridge.js';
import { Dialog } from '../dialogs/Dialog.js';
import { closeDialog } from '../dialogs/open-dialog.js';
import { wellQueries } from '../queries/keys.js';
import { DateFormatChoice } from './DateFormatChoice.js';
import { formatBytes, type ImportFile } from './import-file.js';
import { ImportAsk, ImportPlausibility } from './ImportPlausibility.js';
import { ImportProgress } from './ImportProgress.js';
import { UndoImportButton } from './UndoImportButton.js';
import { ImportSummary } from './ImportSummary.js';
import { InvalidRows } from './InvalidRows.js';
import { MappingTable } from './MappingTable.js';
import { NamedWellNote } from './NamedWellNote.js';
import { SheetChoice } from './SheetChoice.js';
import { PreviewTable } from './PreviewTable.js';
import { ReplacedDays } from './ReplacedDays.js';
import { commitLabel, plural } from './summary-text.js';
import { useImportPreview } from './use-import-preview.js';
import './import.css';

export interface ImportDialogProps {
  projectId?: string | undefined;
  wellId?: string | undefined;
  file: ImportFile;
}

const ENCODINGS = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16 LE', 'utf-16be': 'UTF-16 BE' } as const;
const DELIMITERS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * Import a CSV file of daily production: the columns' mapping (each
 * changeable, with its unit), why the file waits when no column is the date,
 * the date format (always changeable; asked for when the dates are ambiguous),
 * a preview of the records as
 * they will be queued, every invalid row with its reason, then the commit and
 * the sync's progress.
 */
export function ImportDialog(props: ImportDialogProps) {
  const state = useImportPreview(props);
  const { shown, current, commit } = state;
  const well = useQuery({
    ...wellQueries.detail(props.projectId ?? '', props.wellId ?? ''),
    enabled: Boolean(props.projectId && props.wellId),
  });
  const wellName = well.data?.data.well.name;
  const committed = commit.data;

  const saveMapping = useMutation({
    mutationFn: (importId: string) => send('import-mapping-save', { importId }),
  });
  const exportInvalid = useMutation({
    mutationFn: async (importId: string) => {
      const file = await send('import-invalid-csv', { importId });
      return bridge.native.saveFile(
        {
          title: 'Export invalid rows',
          defaultName: file.fileName,
          filters: [{ name: 'CSV files', extensions: ['csv'] }],
        },
        file.csv,
      );
    },
  });

  // A file naming its wells goes to them, not to the well the dialog was opened on, unless it
  // names one well and goes to this one (namedWell).
  const byWellColumn =
    shown?.namedWell?.routing !== 'this-well' &&
    shown?.columns.some((c) => c.target === 'well-name' || c.target === 'api-number');
  const subtitle = shown ? (
    <>
      <span className="import-file-name">
        <bdi>{shown.fileName}</bdi>
      </span>{' '}
      · {formatBytes(shown.bytes)} ·{' '}
      {shown.workbook ? (
        <>
          Excel workbook · sheet “<bdi>{shown.workbook.sheet}</bdi>”
        </>
      ) : (
        <>
          {ENCODINGS[shown.encoding]} · {DELIMITERS[shown.delimiter] ?? shown.delimiter}-separated ·
          decimal “{shown.decimalSeparator}”
        </>
      )}
      {wellName && !byWellColumn && (
        <>
          {' '}
          · into <bdi>{wellName}</bdi>
        </>
      )}
    </>
  ) : (
    props.file.name
  );

  const importId = shown?.importId;
  const busy = commit.isPending;
  // The preview whose values that look wrong were asked about (a new mapping asks anew).
  const [asked, setAsked] = useState<string | null>(null);
  const askingNow = Boolean(current && asked === current.importId && !commit.isPending);
  const onCommit = () => {
    if (!current) return;
    if ((current.plausibility?.length ?? 0) > 0 && asked !== current.importId)
      setAsked(current.importId);
    else commit.mutate(current.importId);
  };
  const footer = (
    <>
      {shown && !committed && (
        <button
          type="button"
          className="button"
          disabled={!current || saveMapping.isPending || state.needsDate || Boolean(state.blocked)}
          onClick={() => current && saveMapping.mutate(current.importId)}
          data-testid="import-save-mapping"
        >
          {saveMapping.isSuccess ? 'Mapping saved' : 'Save this mapping'}
        </button>
      )}
      {shown && shown.summary.invalidRows > 0 && (
        <button
          type="button"
          className="button"
          disabled={!importId || exportInvalid.isPending}
          onClick={() => importId && exportInvalid.mutate(importId)}
          data-testid="import-export-invalid"
        >
          {bridge.host === 'electron' ? 'Export invalid rows…' : 'Download invalid rows'}
        </button>
      )}
      <span className="spacer" />
      <button
        type="button"
        className={`button${committed ? ' button-primary' : ''}`}
        onClick={closeDialog}
      >
        {committed || (state.error && !state.errorAfterPreview) ? 'Close' : 'Cancel'}
      </button>
      {!committed && !(state.error && !state.errorAfterPreview) && askingNow && current && (
        <ImportAsk
          days={plural(current.summary.validRows, 'day')}
          onImport={() => commit.mutate(current.importId)}
          onBack={() => setAsked(null)}
        />
      )}
      {!committed && !(state.error && !state.errorAfterPreview) && !askingNow && (
        <button
          type="button"
          className="button button-primary"
          disabled={!state.canCommit}
          onClick={onCommit}
          data-testid="import-commit"
        >
          {busy ? 'Importing…' : shown ? commitLabel(shown) : 'Import'}
        </button>
      )}
    </>
  );

  return (
    <Dialog
      title="Import file"
      subtitle={subtitle}
      testId="import-dialog"
      onClose={closeDialog}
      footer={footer}
    >
      <div className="import-layout" aria-busy={state.loading || state.refreshing}>
        {state.error && (
          <div className="callout callout-bad import-error" role="alert" data-testid="import-error">
            <div>
              <strong>
                {state.errorAfterPreview
                  ? 'This mapping cannot be read. '
                  : 'This file cannot be imported. '}
              </strong>
              {state.error}
              {!state.errorAfterPreview && (
                <div className="import-error-note">Nothing was queued.</div>
              )}
            </div>
          </div>
        )}
        {state.loading && !state.error && (
          <p className="import-loading muted" data-testid="import-loading">
            Reading {props.file.name}…
          </p>
        )}
        {commit.error && (
          <div className="callout callout-bad" role="alert" data-testid="import-error">
            {commit.error.message}
          </div>
        )}
        {saveMapping.error && (
          <div className="callout callout-bad" role="alert">
            {saveMapping.error.message}
          </div>
        )}
        {exportInvalid.error && (
          <div className="callout callout-bad" role="alert">
            {exportInvalid.error.message}
          </div>
        )}
        {exportInvalid.data && (
          <div className="callout callout-ok" role="status" data-testid="import-exported">
            {bridge.host === 'electron'
              ? `Saved ${exportInvalid.data}.`
              : `Downloaded ${exportInvalid.data}.`}
          </div>
        )}
        {committed && <ImportProgress commit={committed} />}
        {committed && (
          <UndoImportButton
            projectId={committed.projectId}
            batch={committed.changeBatch}
            fileName={shown?.fileName ?? null}
          />
        )}
        {shown && (
          <div className="import-columns">
            <section className="import-mapping-pane" aria-labelledby="import-mapping-title">
              <h3 id="import-mapping-title" className="import-section-title">
                Columns
                {shown.mappingSource === 'saved' && (
                  <span className="import-badge" data-testid="import-saved-mapping">
                    Saved mapping applied
                  </span>
                )}
                {saveMapping.isSuccess && (
                  <span className="import-badge import-badge-ok" role="status">
                    Saved for files with these headers
                  </span>
                )}
              </h3>
              {shown.workbook && (
                <SheetChoice
                  workbook={shown.workbook}
                  disabled={Boolean(committed) || busy}
                  onChange={state.chooseSheet}
                />
              )}
              {shown.namedWell && (
                <NamedWellNote
                  namedWell={shown.namedWell}
                  disabled={Boolean(committed) || busy || state.refreshing}
                  onChoose={state.setWellRouting}
                />
              )}
              {state.blocked && state.blocked.reason !== 'which-well' && (
                <div
                  className="callout callout-warn import-blocked"
                  role="alert"
                  data-testid="import-blocked"
                >
                  <div>
                    <strong>Not ready to import. </strong>
                    {state.blocked.message}
                  </div>
                </div>
              )}
              {state.blocked?.reason !== 'no-date-column' && (
                <DateFormatChoice
                  detected={shown.dateFormat}
                  ambiguity={state.ambiguity}
                  value={state.dateFormat}
                  samples={shown.columns.find((column) => column.target === 'date')?.samples ?? []}
                  disabled={Boolean(committed) || busy}
                  onChange={state.setDateFormat}
                />
              )}
              <MappingTable
                preview={shown}
                overrides={state.columns}
                initial={state.initial}
                disabled={Boolean(committed) || busy}
                onChange={state.setColumns}
              />
            </section>
            <section className="import-preview-pane" aria-labelledby="import-preview-title">
              <h3 id="import-preview-title" className="import-section-title">
                Preview
                {state.refreshing && <span className="import-refreshing muted">updating…</span>}
              </h3>
              {/* Blocked, every count is zero: the message says why, the counts would only confuse. */}
              {!state.needsDate && !state.blocked && <ImportSummary preview={shown} />}
              {!state.needsDate && !state.blocked && (
                <ReplacedDays
                  preview={shown}
                  disabled={Boolean(committed) || busy || state.refreshing}
                  onChoose={state.setUntouchedFields}
                />
              )}
              {!committed && <ImportPlausibility preview={shown} />}
              <PreviewTable preview={shown} waitingForDate={state.needsDate} />
              <InvalidRows preview={shown} />
            </section>
          </div>
        )}
      </div>
    </Dialog>
  );
}
