import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CHANGE_SOURCES, type ChangeSource } from '#shared/desktop/index.js';
import { bridge } from '../../bridge/bridge.js';
import { fileSlug } from '../../export/file-name.js';
import { projectQueries, wellQueries } from '../../queries/keys.js';
import { formatCount } from '../../shell/format.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { changeQueries, type ChangeFilters } from './change-queries.js';
import { ChangeRow } from './ChangeRow.js';
import { FIELD_CHOICES, SOURCE_LABEL } from './change-text.js';
import { changesCsv } from './export-changes.js';
import './changes.css';

/**
 * The project's change log: every value changed on this computer, newest first, with who,
 * when, from where (the grid, a paste, a file, a status change, a delete) and before and
 * after. Filtered by well (`?well=` in the address, from the well page), source, field and
 * the days the changes were made; exported as CSV with the same filters.
 */
export function ChangeLog({ projectId }: { projectId: string }) {
  const wellId = new URLSearchParams(useSearch()).get('well') ?? undefined;
  const [, navigate] = useLocation();
  const [source, setSource] = useState<ChangeSource | ''>('');
  const [field, setField] = useState('');
  const [madeFrom, setMadeFrom] = useState('');
  const [madeTo, setMadeTo] = useState('');
  const filters: ChangeFilters = {
    projectId,
    ...(wellId ? { wellId } : {}),
    ...(source ? { sources: [source] } : {}),
    ...(field ? { field } : {}),
    ...(madeFrom ? { madeFrom } : {}),
    ...(madeTo ? { madeTo } : {}),
  };
  const log = useInfiniteQuery(changeQueries.list(filters));
  const well = useQuery({ ...wellQueries.detail(projectId, wellId ?? ''), enabled: !!wellId });
  const changes = log.data?.pages.flatMap((page) => page.changes) ?? [];
  const total = log.data?.pages[0]?.total ?? 0;
  const wellName = well.data?.data.well.name ?? changes[0]?.wellName ?? wellId;
  const projectName = useQuery(projectQueries.detail(projectId)).data?.data.name ?? 'project';

  return (
    <div className="change-log" data-testid="change-log">
      <div className="filters change-filters">
        {wellId && (
          <p className="change-well" data-testid="change-well-filter">
            Well: <bdi>{wellName}</bdi>{' '}
            <button
              type="button"
              className="well-button"
              onClick={() => navigate(`/projects/${encodeURIComponent(projectId)}/changes`)}
            >
              Show every well
            </button>
          </p>
        )}
        <select
          aria-label="Source"
          value={source}
          onChange={(event) => setSource(event.target.value as ChangeSource | '')}
          data-testid="change-source"
        >
          <option value="">All sources</option>
          {CHANGE_SOURCES.map((value) => (
            <option key={value} value={value}>
              {SOURCE_LABEL[value]}
            </option>
          ))}
        </select>
        <select
          aria-label="Field"
          value={field}
          onChange={(event) => setField(event.target.value)}
          data-testid="change-field"
        >
          <option value="">All fields</option>
          {FIELD_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <label className="change-date">
          Made from
          <input
            type="date"
            value={madeFrom}
            onChange={(event) => setMadeFrom(event.target.value)}
            data-testid="change-from"
          />
        </label>
        <label className="change-date">
          to
          <input
            type="date"
            value={madeTo}
            onChange={(event) => setMadeTo(event.target.value)}
            data-testid="change-to"
          />
        </label>
        <ExportChanges
          filters={filters}
          disabled={total === 0}
          scope={wellId ? (wellName ?? 'well') : projectName}
        />
      </div>
      {log.isError && <ErrorPanel error={log.error} />}
      <p className="muted change-count" role="status" data-testid="change-count">
        {log.isPending
          ? 'Reading the change log…'
          : total === 0
            ? 'No changes made on this computer match.'
            : `${formatCount(total)} ${total === 1 ? 'change' : 'changes'}, newest first${
                changes.length < total ? ` (showing ${formatCount(changes.length)})` : ''
              }.`}
      </p>
      {changes.length > 0 && (
        <div className="table-wrap change-table-wrap">
          <table className="data-table change-table" data-testid="change-table">
            <caption className="visually-hidden">Changes made on this computer</caption>
            <thead>
              <tr>
                <th scope="col">Changed</th>
                <th scope="col">By</th>
                <th scope="col">Source</th>
                {!wellId && <th scope="col">Well</th>}
                <th scope="col">Day</th>
                <th scope="col">Values: before → after</th>
                <th scope="col">Sync</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change, index) => (
                <ChangeRow
                  key={change.id}
                  change={change}
                  projectId={projectId}
                  showWell={!wellId}
                  // An import is taken back from its newest row; its other rows say nothing more.
                  offerUndo={
                    change.source === 'import' && changes[index - 1]?.batch !== change.batch
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className="well-button"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          data-testid="change-more"
        >
          {log.isFetchingNextPage ? 'Reading…' : 'Show older changes'}
        </button>
      )}
      {total > 0 && (
        <p className="muted change-note">
          Times are this computer&apos;s local time; the CSV gives them in UTC. Values are exactly
          as recorded, in the project&apos;s units.
        </p>
      )}
    </div>
  );
}

function ExportChanges(props: { filters: ChangeFilters; disabled: boolean; scope: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  async function run() {
    setState({ busy: true, error: null });
    try {
      const { csv } = await changesCsv(props.filters);
      const today = new Date().toISOString().slice(0, 10);
      await bridge.native.saveFile(
        {
          title: 'Export the change log as CSV',
          defaultName: `${fileSlug(props.scope)}-changes-${today}.csv`,
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        csv,
      );
      setState({ busy: false, error: null });
    } catch (caught) {
      setState({ busy: false, error: `Export failed: ${(caught as Error).message}` });
    }
  }
  return (
    <>
      <button
        type="button"
        className="well-button"
        disabled={props.disabled || state.busy}
        onClick={() => void run()}
        data-testid="change-export"
      >
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {state.error && (
        <span className="export-status error" role="alert">
          {state.error}
        </span>
      )}
    </>
  );
}
