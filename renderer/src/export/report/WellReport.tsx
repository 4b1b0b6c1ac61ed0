import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Aggregation } from '#shared/api/index.js';
import { epochDay } from '#shared/production/index.js';
import { bridge } from '../../bridge/bridge.js';
import {
  cumulativeChart,
  pressuresChart,
  ratesChart,
  ratiosChart,
  rowAxis,
  type ChartSpec,
} from '../../pages/well/chart-specs.js';
import type { IsoRange } from '../../pages/well/date-range.js';
import { pendingBands } from '../../pages/well/pending.js';
import { productionQuery } from '../../pages/well/production-query.js';
import { volumesBeforeQuery } from '../../pages/well/volumes-before-query.js';
import { TimeChart } from '../../pages/well/TimeChart.js';
import { withWaterOnItsOwnAxis } from '../../pages/well/water-axis.js';
import { connectionQueries, projectQueries, wellQueries } from '../../queries/keys.js';
import { rangeDetail } from '../chart-header.js';
import { exportFileName } from '../file-name.js';
import { isolateText } from '../../shell/isolate-text.js';
import { declineQueries } from '../../queries/decline-keys.js';
import { DeclineSheet } from './DeclineSheet.js';
import { MonthlyTable } from './MonthlyTable.js';
import { monthlySummary } from './monthly-summary.js';
import { oldestAsOf, pageFooterCss, reportFooter } from './page-footer.js';
import { useReportDocument } from './use-report-document.js';
import { wellFieldTexts } from '../../pages/well/well-fields.js';
import './report.css';

const NO_ZOOM = () => undefined;

/**
 * The one-well report: header fields with units, the four charts, and a monthly summary,
 * laid out as pages (report.css: on screen a preview of sheets, in print only the sheets),
 * each printed page with a footer: the data's source and "as of", the unit system, the
 * print time and "Page 2 of 4" (page-footer.ts).
 * Once its charts are drawn it prints itself: Electron's printToPDF and a save dialog, or the
 * browser's print dialog ("Save as PDF"). The preview stays open to print again or close.
 */
export function WellReport(props: {
  projectId: string;
  wellId: string;
  range: IsoRange;
  aggregation: Aggregation;
  logScale: boolean;
  onClose: () => void;
}) {
  const { projectId, wellId, range, aggregation } = props;
  const well = useQuery(wellQueries.detail(projectId, wellId));
  const production = useQuery(productionQuery(projectId, wellId, range, aggregation));
  const daily = useQuery(productionQuery(projectId, wellId, range, 'daily'));
  const w = well.data?.data.well;
  const system = well.data?.data.unitSystem ?? 'imperial';
  const view = production.data?.data;
  const dailyView = daily.data?.data;

  // Every stream with a saved decline fit gets a sheet (chart with the curve, parameters, EUR).
  const fits = useQuery(declineQueries.fits(projectId, wellId));
  const declineSettings = useQuery(declineQueries.settings(projectId));
  const declineReady = !fits.isPending && !declineSettings.isPending;
  const before = useQuery(volumesBeforeQuery(projectId, wellId, range.from));
  // Where the data came from, for the footer of every page.
  const connections = useQuery(connectionQueries.list());
  const project = useQuery(projectQueries.detail(projectId));
  const sourceReady = !connections.isPending && !project.isPending;
  const connectionName =
    connections.data?.connections.find((connection) => connection.isCurrent)?.name ?? null;
  const projectName = project.data?.data.name ?? null;
  const asOf = oldestAsOf([production.data?.fetchedAt, daily.data?.fetchedAt]);
  const offline = Boolean(production.data?.offline || daily.data?.offline);
  const footerAt = useCallback(
    (printedAt: Date) =>
      reportFooter({
        source: { connectionName, projectName, asOf, offline },
        unitSystem: system,
        printedAt,
      }),
    [connectionName, projectName, asOf, offline, system],
  );
  const [printedAt, setPrintedAt] = useState(() => new Date());
  const footer = footerAt(printedAt);
  // The footer's print time is the time of printing, whoever starts it (the browser's own
  // Print too, through `beforeprint`): written into the page stylesheet at once, as Chromium
  // lays the page out for print before React would render again.
  const pageStyle = useRef<HTMLStyleElement>(null);
  const stampPrintTime = useCallback(() => {
    const now = new Date();
    setPrintedAt(now);
    if (pageStyle.current) pageStyle.current.textContent = pageFooterCss(footerAt(now));
  }, [footerAt]);
  useEffect(() => {
    window.addEventListener('beforeprint', stampPrintTime);
    return () => window.removeEventListener('beforeprint', stampPrintTime);
  }, [stampPrintTime]);
  const volumesBefore = before.data?.volumes ?? null;
  const specs = useMemo<ChartSpec[]>(() => {
    if (!view || !dailyView || before.isPending) return [];
    const rows = rowAxis(view);
    return [
      ratesChart(view, rows, props.logScale),
      pressuresChart(view, rows),
      ratiosChart(view, rows, props.logScale),
      ...withWaterOnItsOwnAxis(cumulativeChart(dailyView, rowAxis(dailyView), volumesBefore)),
    ];
  }, [view, dailyView, props.logScale, volumesBefore, before.isPending]);
  const bands = useMemo(
    () => (view ? pendingBands(view.dates, view.states, view.aggregation, view.deletions) : []),
    [view],
  );
  const summary = useMemo(
    () => (dailyView ? monthlySummary(dailyView, dailyView.unitSystem) : null),
    [dailyView],
  );
  const timeWindow = useMemo(
    () => ({ from: epochDay(range.from), to: epochDay(range.to) }),
    [range.from, range.to],
  );

  const fileName = w
    ? exportFileName({ well: w.name, what: 'report', ...range, ext: 'pdf' })
    : 'report.pdf';
  const title = w
    ? `${isolateText(w.name)} - Production report ${range.from} to ${range.to}`
    : 'Flowline report';
  const { ref: reportRef, drawn: chartsDrawn } = useChartsDrawn(
    specs.length > 0 && summary !== null && w !== undefined && declineReady && sourceReady,
  );
  const [status, setStatus] = useState<string | null>(null);

  useReportDocument(title, props.onClose);

  const printing = useRef(false);
  async function print() {
    if (printing.current) return;
    printing.current = true;
    // Electron's printToPDF fires no `beforeprint`.
    stampPrintTime();
    setStatus(bridge.host === 'electron' ? 'Saving PDF…' : null);
    try {
      const saved = await bridge.native.printToPdf({
        title: 'Save report as PDF',
        defaultName: fileName,
      });
      setStatus(saved ? `Saved ${saved}` : null);
    } catch (error) {
      setStatus(`The report could not be printed: ${(error as Error).message}`);
    } finally {
      printing.current = false;
    }
  }
  const autoPrinted = useRef(false);
  useEffect(() => {
    if (!chartsDrawn || autoPrinted.current) return;
    autoPrinted.current = true;
    void print();
  });

  const error = well.error ?? production.error ?? daily.error;
  const sheets = w && summary && (
    <>
      <section className="report-sheet">
        <header className="report-title">
          <h1 data-testid="report-well-name">
            <bdi>{w.name}</bdi>
          </h1>
          <p>Production report · {rangeDetail(range, aggregation, system)}</p>
          <p data-testid="report-source">{footer.source}</p>
        </header>
        <table className="report-fields" data-testid="report-fields">
          <tbody>
            {pairs(wellFieldTexts(w, system)).map((pair) => (
              <tr key={pair.map((field) => field.key).join()}>
                {pair.map((field) => [
                  <th key={`${field.key}-label`} scope="row">
                    {field.label}
                  </th>,
                  <td key={`${field.key}-value`}>{field.value}</td>,
                ])}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="report-charts">{specs.slice(0, 2).map(chart)}</div>
      </section>
      <section className="report-sheet">
        <div className="report-charts">{specs.slice(2).map(chart)}</div>
      </section>
      <section className="report-sheet">
        <MonthlyTable summary={summary} before={volumesBefore} />
      </section>
      {declineSettings.data &&
        specs[0] &&
        (fits.data?.fits ?? []).map((fit) => (
          <DeclineSheet
            key={fit.stream}
            fit={fit}
            settings={declineSettings.data}
            rates={specs[0] as ChartSpec}
            range={timeWindow}
            bands={bands}
            unitSystem={system}
          />
        ))}
    </>
  );

  function chart(spec: ChartSpec) {
    return (
      <TimeChart
        key={spec.id}
        spec={spec}
        timeWindow={timeWindow}
        bands={bands}
        syncId={`report-${wellId}`}
        onZoom={NO_ZOOM}
        onResetZoom={NO_ZOOM}
      />
    );
  }

  return createPortal(
    <div className="report-overlay" role="dialog" aria-label="Well report">
      <div className="report-bar">
        <strong>Report preview</strong>
        <span className="report-status" role="status">
          {error
            ? `The report could not be prepared: ${error.message}`
            : !chartsDrawn
              ? 'Preparing the report…'
              : status}
        </span>
        <button
          type="button"
          className="well-button primary"
          disabled={!chartsDrawn}
          data-testid="report-print"
          onClick={() => void print()}
        >
          {bridge.host === 'electron' ? 'Save PDF…' : 'Print / Save as PDF…'}
        </button>
        <button
          type="button"
          className="well-button"
          data-testid="report-close"
          onClick={props.onClose}
        >
          Close
        </button>
      </div>
      <style ref={pageStyle} data-testid="report-page-style">
        {pageFooterCss(footer)}
      </style>
      <div
        className="well-report"
        ref={reportRef}
        data-testid="well-report"
        data-ready={chartsDrawn ? 'true' : 'false'}
      >
        {sheets}
      </div>
    </div>,
    document.body,
  );
}

function pairs<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += 2) result.push(items.slice(i, i + 2));
  return result;
}

/**
 * True once every chart of the report has drawn (its line paths or its "nothing to plot"
 * note): charts size themselves from their width after mounting, so this waits for that.
 */
function useChartsDrawn(loaded: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!loaded || drawn) return;
    let frame = 0;
    const started = performance.now();
    const check = () => {
      const figures = [...(ref.current?.querySelectorAll('.well-chart') ?? [])];
      const done =
        figures.length > 0 &&
        figures.every((figure) => figure.querySelector('.chart-surface, .chart-empty'));
      if (done || performance.now() - started > 5_000) {
        // One more frame, so the last chart's paint is in before printing.
        frame = requestAnimationFrame(() => setDrawn(true));
        return;
      }
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [loaded, drawn]);
  return { ref, drawn };
}
