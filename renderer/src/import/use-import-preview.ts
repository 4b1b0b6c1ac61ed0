import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DateFormat } from '#shared/csv/index.js';
import type {
  ColumnOverride,
  ImportCommitResult,
  ImportPreviewResult,
  ImportWellRouting,
  UntouchedFieldChoice,
} from '#shared/desktop/index.js';
import { send } from '../bridge/bridge.js';
import { readImportSource, type ImportFile } from './import-file.js';

let sessions = 0;

export type AmbiguousDate = NonNullable<ImportPreviewResult['ambiguousDate']>;

/**
 * The import dialog's state: the file read (a browser File's text), the
 * preview for the mapping and date format chosen so far, and the commit.
 * Each change of mapping asks the core for a new preview; the last good one
 * stays on screen meanwhile (and when a change makes the file unreadable, so
 * the person can undo it).
 */
export function useImportPreview(props: {
  projectId?: string | undefined;
  wellId?: string | undefined;
  file: ImportFile;
}) {
  const { projectId, wellId, file } = props;
  const [columns, setColumns] = useState<ColumnOverride[] | undefined>();
  const [dateFormat, setDateFormat] = useState<DateFormat | undefined>();
  // A file naming one well, opened on another: where its rows go (the core's default first).
  const [wellRouting, setWellRouting] = useState<ImportWellRouting | undefined>();
  // A workbook's sheet; the core reads the first sheet with data until one is chosen.
  const [sheet, setSheet] = useState<string | undefined>();
  // Fields the file lacks, on the days it replaces: the core keeps them unless told to clear.
  const [untouchedFields, setUntouchedFields] = useState<UntouchedFieldChoice | undefined>();
  const [ambiguity, setAmbiguity] = useState<AmbiguousDate | null>(null);
  const [shown, setShown] = useState<ImportPreviewResult | undefined>();
  // The mapping the file opened with, to mark the columns the person changed.
  const [initial, setInitial] = useState<ImportPreviewResult['columns'] | undefined>();
  // Query keys are hashed as JSON, where every File is {}: each dialog gets its own number.
  const [session] = useState(() => ++sessions);

  const source = useQuery({
    queryKey: ['import', 'source', session],
    queryFn: () => readImportSource(file),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const readSource = source.data?.ok ? source.data.source : undefined;

  const preview = useQuery({
    queryKey: [
      'import',
      'preview',
      session,
      projectId,
      wellId,
      columns,
      dateFormat,
      wellRouting,
      sheet,
      untouchedFields,
    ],
    queryFn: () =>
      send('import-preview', {
        projectId: projectId!,
        ...(wellId ? { wellId } : {}),
        source: readSource!,
        ...(columns ? { columns } : {}),
        ...(dateFormat ? { dateFormat } : {}),
        ...(wellRouting ? { wellRouting } : {}),
        ...(sheet ? { sheet } : {}),
        ...(untouchedFields ? { untouchedFields } : {}),
      }),
    enabled: Boolean(projectId && readSource),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  // A new preview is taken in during render (React's way for state that follows other state),
  // so no frame shows the new preview's table with the old one's mapping.
  if (preview.data && preview.data !== shown) {
    setShown(preview.data);
    setInitial((first) => first ?? preview.data.columns);
    // The candidates stay offered after one is chosen (the next preview no longer asks).
    if (preview.data.ambiguousDate) setAmbiguity(preview.data.ambiguousDate);
  }

  const commit = useMutation<ImportCommitResult, Error, string>({
    mutationFn: (importId) => send('import-commit', { importId }),
  });

  const error =
    (!projectId
      ? 'Open a project, or one of its wells, before importing a file: the rows need somewhere to go.'
      : null) ??
    (source.data && !source.data.ok ? source.data.message : null) ??
    source.error?.message ??
    preview.error?.message ??
    null;

  const current = preview.data && !preview.isFetching ? preview.data : undefined;
  // From the preview on screen: after a format is chosen, the records wait for the next one.
  const needsDate = Boolean(shown?.ambiguousDate);
  // The file read but no column is the date: the mapping is shown to fix that, nothing else.
  const blocked = shown?.blocked ?? null;
  return {
    /** The preview on screen (possibly older than the latest request). */
    shown,
    initial,
    /** The preview matching the current choices; undefined while one is being made. */
    current,
    loading: source.isPending || (preview.isFetching && !shown),
    refreshing: preview.isFetching && Boolean(shown),
    error,
    /** An error after a good preview: shown above the mapping, which stays editable. */
    errorAfterPreview: Boolean(error && shown),
    columns,
    setColumns,
    dateFormat,
    setDateFormat,
    wellRouting,
    setWellRouting,
    setUntouchedFields,
    sheet,
    // Another sheet has other headers: the mapping and date format start afresh.
    chooseSheet: (name: string) => {
      setSheet(name);
      setColumns(undefined);
      setDateFormat(undefined);
      setAmbiguity(null);
      setInitial(undefined);
    },
    ambiguity,
    needsDate,
    blocked,
    canCommit: Boolean(
      current &&
      !current.blocked &&
      !needsDate &&
      current.summary.validRows > 0 &&
      !commit.isPending &&
      !commit.data,
    ),
    commit,
  };
}
