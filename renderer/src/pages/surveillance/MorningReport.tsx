import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  LOSS_REASONS,
  type DeclineStream,
  type LostProductionResult,
  type VarianceListResult,
} from '#shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { pageFooterCss, reportFooter } from '../../export/report/page-footer.js';
import { useReportDocument } from '../../export/report/use-report-document.js';
import { connectionQueries, projectQueries } from '../../queries/keys.js';
import { statusLabel } from '../../shell/format.js';
import { formatInUnit } from '../well/chart-format.js';
import { streamUnits } from '../well/decline/stream-units.js';
import type { IsoRange } from '../well/date-range.js';
import { BASIS_LABEL, causesShort, causesText, REASON_LABEL } from './loss-text.js';
import { morningCsv } from './morning-csv.js';
import {
  FIT_LABEL,
  groupTotal,
  percentText,
  STREAM_OPTIONS,
  varianceText,
} from './variance-text.js';
import '../../export/report/report.css';

/** Wells in each of the report's two tables. */
export const REPORT_WELLS = 10;
const VARIANCE_DAYS = 30;

const STREAM_NAME = Object.fromEntries(STREAM_OPTIONS) as Record<DeclineStream, string>;

/**
 * The morning report: one page for the morning meeting. The wells furthest below their
 * forecast, the production lost over the window by reason and the wells that lost most,
 * the totals, and the basis of each figure (fit, window, units, as of). Printed like the
 * well report (its stylesheet and footer), once its figures are read.
 */
export function MorningReport(props: {
  projectId: string;
  stream: DeclineStream;
  window: IsoRange | null;
  onClose: () => void;
}) {
  const { projectId, stream } = props;
  const project = useQuery(projectQueries.detail(projectId));
  const connections = useQuery(connectionQueries.list());
  const variance = useQuery({
    queryKey: ['production', 'variance', projectId, stream, VARIANCE_DAYS],
    queryFn: () => send('variance-list', { projectId, stream, windowDays: VARIANCE_DAYS }),
  });
  const lost = useQuery({
    queryKey: ['production', 'lost', projectId, stream, props.window?.from, props.window?.to],
    queryFn: () => send('lost-production', { projectId, stream, ...(props.window ?? {}) }),
  });
  const system = project.data?.data.unitSystem ?? 'imperial';
  const unit = streamUnits(stream, system).volume;
  const ready = Boolean(project.data && connections.data && variance.data && lost.data);
  const error = project.error ?? variance.error ?? lost.error;
  const [printedAt] = useState(() => new Date());
  const footer = reportFooter({
    source: {
      connectionName: connections.data?.connections.find((c) => c.isCurrent)?.name ?? null,
      projectName: project.data?.data.name ?? null,
      // Computed now from this computer's copy: its as-of is the moment it was read.
      asOf: printedAt.toISOString(),
      offline: false,
    },
    unitSystem: system,
    printedAt,
  });
  const name = project.data?.data.name ?? 'Project';
  const title = `${name} - Morning report ${printedAt.toISOString().slice(0, 10)}`;
  const [status, setStatus] = useState<string | null>(null);

  useReportDocument(title, props.onClose);

  const printing = useRef(false);
  async function print() {
    if (printing.current) return;
    printing.current = true;
    setStatus(bridge.host === 'electron' ? 'Saving PDF…' : null);
    try {
      const saved = await bridge.native.printToPdf({
        title: 'Save the morning report as PDF',
        defaultName: `${title}.pdf`,
      });
      setStatus(saved ? `Saved ${saved}` : null);
    } catch (caught) {
      setStatus(`The report could not be printed: ${(caught as Error).message}`);
    } finally {
      printing.current = false;
    }
  }
  async function saveCsv() {
    if (!variance.data || !lost.data) return;
    try {
      await bridge.native.saveFile(
        {
          title: 'Save the morning report as CSV',
          defaultName: `${title}.csv`,
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        morningCsv(variance.data, lost.data, unit, system),
      );
    } catch (caught) {
      setStatus(`The CSV could not be saved: ${(caught as Error).message}`);
    }
  }
  const autoPrinted = useRef(false);
  useEffect(() => {
    if (!ready || autoPrinted.current) return;
    autoPrinted.current = true;
    void print();
  });

  return createPortal(
    <div className="report-overlay" role="dialog" aria-label="Morning report">
      <div className="report-bar">
        <strong>Morning report preview</strong>
        <span className="report-status" role="status">
          {error
            ? `The report could not be prepared: ${error.message}`
            : !ready
              ? 'Preparing the report…'
              : status}
        </span>
        <button
          type="button"
          className="well-button primary"
          disabled={!ready}
          data-testid="morning-print"
          onClick={() => void print()}
        >
          {bridge.host === 'electron' ? 'Save PDF…' : 'Print / Save as PDF…'}
        </button>
        <button
          type="button"
          className="well-button"
          disabled={!ready}
          data-testid="morning-csv"
          onClick={() => void saveCsv()}
        >
          Save CSV…
        </button>
        <button type="button" className="well-button" onClick={props.onClose}>
          Close
        </button>
      </div>
      <style>{pageFooterCss(footer)}</style>
      <div className="well-report" data-testid="morning-report" data-ready={ready}>
        {ready && variance.data && lost.data && (
          <section className="report-sheet">
            <header className="report-title">
              <h1>
                <bdi>{name}</bdi> · Morning report
              </h1>
              <p>
                {STREAM_NAME[stream]}, {system} units ({unit}) · Variance over each well&apos;s last{' '}
                {VARIANCE_DAYS} days with data · Lost production{' '}
                <span className="nowrap">
                  {lost.data.from} – {lost.data.to}
                </span>
              </p>
              <p>{footer.source}</p>
            </header>
            <VarianceSection result={variance.data} unit={unit} />
            <LossSection result={lost.data} unit={unit} />
            <p className="report-note">
              Variance: actual − forecast, each well against its saved fit as saved (a stale fit is
              marked); &quot;Below since&quot; is the first day of the current run more than{' '}
              {variance.data.tolerancePercent} % below it. Lost production: on shut-in days (runtime
              0) and short days (under 24 h), the potential (the saved forecast, or the mean of the
              last {lost.data.trailingDays} full producing days without a fit) minus what was made.
              Volumes are sums of daily rates, in {unit}.
            </p>
          </section>
        )}
      </div>
    </div>,
    document.body,
  );
}

function VarianceSection({ result, unit }: { result: VarianceListResult; unit: string }) {
  const below = result.wells.filter((row) => (row.volumeVariance ?? 0) < 0).slice(0, REPORT_WELLS);
  const total = groupTotal(result.wells);
  const volume = (value: number | null) => (value === null ? '—' : formatInUnit(value, unit));
  return (
    <>
      <h2>Furthest below forecast</h2>
      {total === null ? (
        <p>No well has a saved forecast of this stream.</p>
      ) : (
        <p data-testid="morning-variance-total">
          All {total.wells} wells with a forecast: {volume(total.actual)} {unit} against{' '}
          {volume(total.forecast)} {unit}, {varianceText(total.volumeVariance)} {unit} (
          {percentText(total.percentVariance)}).
        </p>
      )}
      {below.length > 0 && (
        <table className="report-table" data-testid="morning-variance">
          <thead>
            <tr>
              <th scope="col">Well</th>
              <th scope="col">Status</th>
              <th scope="col">Fit</th>
              <th scope="col">Actual ({unit})</th>
              <th scope="col">Forecast ({unit})</th>
              <th scope="col">Variance ({unit})</th>
              <th scope="col">Variance %</th>
              <th scope="col">Below since</th>
            </tr>
          </thead>
          <tbody>
            {below.map((row) => (
              <tr key={row.wellId}>
                <th scope="row">
                  <bdi>{row.name}</bdi>
                </th>
                <td>{statusLabel(row.status)}</td>
                <td>{FIT_LABEL[row.fit]}</td>
                <td>{volume(row.actual)}</td>
                <td>{volume(row.forecast)}</td>
                <td>{varianceText(row.volumeVariance)}</td>
                <td>{percentText(row.percentVariance)}</td>
                <td>{row.divergedSince ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function LossSection({ result, unit }: { result: LostProductionResult; unit: string }) {
  const losing = result.wells.filter((row) => row.lost > 0).slice(0, REPORT_WELLS);
  const volume = (value: number) => formatInUnit(value, unit);
  return (
    <>
      <h2>Lost production</h2>
      <p data-testid="morning-loss-total">
        {volume(result.total)} {unit} lost, {result.from} – {result.to}:{' '}
        {LOSS_REASONS.map(
          (reason) => `${REASON_LABEL[reason].toLowerCase()} ${volume(result.byReason[reason])}`,
        ).join(', ')}{' '}
        {unit}.
        {result.causes.some((cause) => cause.recorded) &&
          ` By reason: ${causesText(result.causes, volume, unit)}.`}
      </p>
      {losing.length > 0 && (
        <table className="report-table" data-testid="morning-loss">
          <thead>
            <tr>
              <th scope="col">Well</th>
              <th scope="col">Potential from</th>
              <th scope="col">Shut-in days</th>
              <th scope="col">Short days</th>
              {LOSS_REASONS.map((reason) => (
                <th scope="col" key={reason}>
                  {REASON_LABEL[reason]} ({unit})
                </th>
              ))}
              <th scope="col">Lost ({unit})</th>
              <th scope="col">Reasons</th>
            </tr>
          </thead>
          <tbody>
            {losing.map((row) => (
              <tr key={row.wellId}>
                <th scope="row">
                  <bdi>{row.name}</bdi>
                </th>
                <td>{BASIS_LABEL[row.basis]}</td>
                <td>{row.shutInDays}</td>
                <td>{row.reducedRuntimeDays}</td>
                {LOSS_REASONS.map((reason) => (
                  <td key={reason}>{volume(row.byReason[reason])}</td>
                ))}
                <td>{volume(row.lost)}</td>
                <td>{causesShort(row.causes, volume, unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
