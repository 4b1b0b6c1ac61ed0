import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { UnitSystem } from '#shared/api/index.js';
import {
  LOSS_REASONS,
  type DeclineStream,
  type LostProductionResult,
  type WellLossRow,
} from '#shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { projectQueries } from '../../queries/keys.js';
import { statusLabel } from '../../shell/format.js';
import { IsoDateInput } from '../../shell/IsoDateInput.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { Segmented } from '../field/Segmented.js';
import { checkCustomRange, type IsoRange } from '../well/date-range.js';
import { formatInUnit } from '../well/chart-format.js';
import { streamUnits } from '../well/decline/stream-units.js';
import { lossCsv } from './loss-csv.js';
import { LossChart } from './LossChart.js';
import { MorningReport } from './MorningReport.js';
import { BASIS_LABEL, causesShort, causesText, monthText, REASON_LABEL } from './loss-text.js';
import { CauseTable } from './CauseTable.js';
import { FIT_LABEL, STREAM_OPTIONS } from './variance-text.js';
import './surveillance.css';

/**
 * What the project's wells lost while shut in or running short, over a window (by default
 * the month of the last day with data and the two before it): the total by reason, a chart
 * and a table by month, and the wells ranked by lost volume. From this computer alone.
 */
export function LostProductionView({ projectId }: { projectId: string }) {
  const [, navigate] = useLocation();
  const [stream, setStream] = useState<DeclineStream>('oil');
  /** Null: the default window, worked out by the core from the data. */
  const [chosen, setChosen] = useState<IsoRange | null>(null);
  const [reporting, setReporting] = useState(false);
  const system = useQuery(projectQueries.detail(projectId)).data?.data.unitSystem ?? 'imperial';
  const list = useQuery({
    queryKey: ['production', 'lost', projectId, stream, chosen?.from, chosen?.to],
    queryFn: () => send('lost-production', { projectId, stream, ...(chosen ?? {}) }),
  });
  const unit = streamUnits(stream, system).volume;
  const volume = (value: number) => formatInUnit(value, unit);
  const openWell = (wellId: string) =>
    navigate(`/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(wellId)}`);
  const result = list.data;
  const losing = result?.wells.filter((row) => row.lost > 0) ?? [];

  return (
    <div className="variance-view loss-view" data-testid="loss-view">
      {reporting && (
        <MorningReport
          projectId={projectId}
          stream={stream}
          window={chosen}
          onClose={() => setReporting(false)}
        />
      )}
      <div className="filters variance-filters">
        <Segmented
          label="Stream"
          options={STREAM_OPTIONS}
          value={stream}
          onChange={setStream}
          testId="loss-stream"
        />
        {result && (
          <WindowFields
            key={`${result.from}/${result.to}`}
            shown={{ from: result.from, to: result.to }}
            custom={chosen !== null}
            onApply={setChosen}
            onDefault={() => setChosen(null)}
          />
        )}
        {result && <ExportLoss result={result} unit={unit} system={system} />}
        <button
          type="button"
          className="well-button"
          onClick={() => setReporting(true)}
          data-testid="morning-report-open"
        >
          Morning report
        </button>
      </div>
      {list.isError && <ErrorPanel error={list.error} />}
      <p className="variance-summary" role="status" data-testid="loss-summary">
        {list.isPending || !result
          ? 'Adding up lost production…'
          : summaryText(result, volume, unit)}
      </p>
      {result && (
        <div className="loss-months">
          <LossChart months={result.months} causes={result.causes} unit={unit} />
          <table className="data-table variance-table" data-testid="loss-months">
            <caption className="visually-hidden">Lost volume by month and reason</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                {LOSS_REASONS.map((reason) => (
                  <th scope="col" className="num" key={reason}>
                    {REASON_LABEL[reason]} ({unit})
                  </th>
                ))}
                <th scope="col" className="num">
                  Total ({unit})
                </th>
              </tr>
            </thead>
            <tbody>
              {result.months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{monthText(month.month)}</th>
                  {LOSS_REASONS.map((reason) => (
                    <td className="num" key={reason}>
                      {volume(month.byReason[reason])}
                    </td>
                  ))}
                  <td className="num">{volume(month.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result && result.causes.length > 0 && (
        <CauseTable causes={result.causes} total={result.total} volume={volume} unit={unit} />
      )}
      {losing.length > 0 && (
        <div className="table-wrap variance-table-wrap">
          <table className="data-table variance-table" data-testid="loss-table">
            <caption className="visually-hidden">Wells by lost volume, the most first</caption>
            <thead>
              <tr>
                <th scope="col">Well</th>
                <th scope="col">Status</th>
                <th scope="col">Potential from</th>
                <th scope="col" className="num">
                  Shut-in days
                </th>
                <th scope="col" className="num">
                  Short days
                </th>
                {LOSS_REASONS.map((reason) => (
                  <th scope="col" className="num" key={reason}>
                    {REASON_LABEL[reason]} ({unit})
                  </th>
                ))}
                <th scope="col" className="num">
                  Lost ({unit})
                </th>
                <th scope="col">Reasons</th>
              </tr>
            </thead>
            <tbody>
              {losing.map((row) => (
                <LossRow key={row.wellId} row={row} volume={volume} unit={unit} onOpen={openWell} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted variance-note">
        A day loses production when the well was shut in (runtime 0, or a rate of 0 with no runtime
        reported) or ran less than 24 hours: its potential minus what it made, never below zero. The
        potential is the saved forecast&apos;s rate that day; for a well without a fit, the mean
        rate of its last {result?.trailingDays ?? 30} full producing days (within the year before
        the window). A full day below the forecast is variance (the Variance tab), not lost
        production. Days without a record are not counted. Each lost day is put down to the well
        event covering it (the latest to start, when several do); days no event covers are listed as
        &ldquo;no event recorded&rdquo;. Record events on a well&apos;s page or in the Events tab.
      </p>
    </div>
  );
}

function summaryText(
  result: LostProductionResult,
  volume: (value: number) => string,
  unit: string,
): string {
  const wells = result.wells.filter((row) => row.lost > 0).length;
  const span = `${result.from} – ${result.to}`;
  if (wells === 0) return `No production lost to shut-in or short days, ${span}.`;
  const parts = LOSS_REASONS.map(
    (reason) => `${REASON_LABEL[reason].toLowerCase()} ${volume(result.byReason[reason])} ${unit}`,
  ).join(', ');
  return `Lost ${volume(result.total)} ${unit}, ${span}, at ${wells} well${wells === 1 ? '' : 's'}: ${parts}.`;
}

function LossRow(props: {
  row: WellLossRow;
  volume: (value: number) => string;
  unit: string;
  onOpen: (wellId: string) => void;
}) {
  const { row, volume } = props;
  const basis =
    row.basis === 'forecast'
      ? `${BASIS_LABEL.forecast}${row.fit === 'stale' ? ` (${FIT_LABEL.stale.toLowerCase()})` : ''}`
      : BASIS_LABEL.trailing;
  return (
    <tr data-testid="loss-row">
      <td>
        <button type="button" className="link-like" onClick={() => props.onOpen(row.wellId)}>
          <bdi>{row.name}</bdi>
        </button>
      </td>
      <td>{statusLabel(row.status)}</td>
      <td className={row.fit === 'stale' ? 'variance-stale' : undefined}>{basis}</td>
      <td className="num">{row.shutInDays}</td>
      <td className="num">{row.reducedRuntimeDays}</td>
      {LOSS_REASONS.map((reason) => (
        <td className="num" key={reason}>
          {volume(row.byReason[reason])}
        </td>
      ))}
      <td className="num variance-short">{volume(row.lost)}</td>
      <td className="loss-causes-cell" title={causesText(row.causes, volume, props.unit)}>
        {causesShort(row.causes, volume, props.unit)}
      </td>
    </tr>
  );
}

function ExportLoss(props: { result: LostProductionResult; unit: string; system: UnitSystem }) {
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setError(null);
    try {
      const { result } = props;
      await bridge.native.saveFile(
        {
          title: 'Export lost production as CSV',
          defaultName: `lost-production-${result.stream}-${result.from}_${result.to}.csv`,
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        lossCsv(result, props.unit, props.system),
      );
    } catch (caught) {
      setError(`Export failed: ${(caught as Error).message}`);
    }
  }
  return (
    <>
      <button
        type="button"
        className="well-button"
        onClick={() => void run()}
        data-testid="loss-export"
      >
        Export CSV
      </button>
      {error && (
        <span className="range-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** The window's two dates, applied together once both are valid and in order. */
function WindowFields(props: {
  shown: IsoRange;
  custom: boolean;
  onApply: (range: IsoRange) => void;
  onDefault: () => void;
}) {
  const [draft, setDraft] = useState(props.shown);
  const check = checkCustomRange(draft.from, draft.to);
  const changed = draft.from !== props.shown.from || draft.to !== props.shown.to;
  return (
    <form
      className="loss-window"
      onSubmit={(event) => {
        event.preventDefault();
        if (check.ok) props.onApply(check.range);
      }}
    >
      <label className="date-field">
        <span>From</span>
        <IsoDateInput
          value={draft.from}
          aria-invalid={!check.ok}
          data-testid="loss-from"
          onValue={(from) => setDraft({ ...draft, from })}
        />
      </label>
      <label className="date-field">
        <span>To</span>
        <IsoDateInput
          value={draft.to}
          aria-invalid={!check.ok}
          data-testid="loss-to"
          onValue={(to) => setDraft({ ...draft, to })}
        />
      </label>
      <button
        type="submit"
        className="well-button"
        disabled={!check.ok || !changed}
        data-testid="loss-apply"
      >
        Apply
      </button>
      {props.custom && (
        <button type="button" className="well-button" onClick={props.onDefault}>
          Last three months
        </button>
      )}
      {!check.ok && (
        <span className="range-error" role="alert">
          {check.message}
        </span>
      )}
    </form>
  );
}
