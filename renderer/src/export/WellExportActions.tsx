import type { Aggregation } from '#shared/api/index.js';
import type { IsoRange } from '../pages/well/date-range.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import { ReportButton } from './report/ReportButton.js';
import './export.css';

/** The well page toolbar's exports: "Export CSV" and "Report PDF". */
export function WellExportActions(props: {
  projectId: string;
  wellId: string;
  wellName: string | null;
  range: IsoRange;
  aggregation: Aggregation;
  logScale: boolean;
  hasData: boolean;
}) {
  const disabled = !props.hasData || props.wellName === null;
  return (
    <div className="export-actions" role="group" aria-label="Export">
      <ExportCsvButton
        projectId={props.projectId}
        wellId={props.wellId}
        wellName={props.wellName ?? ''}
        range={props.range}
        aggregation={props.aggregation}
        disabled={disabled}
      />
      <ReportButton
        projectId={props.projectId}
        wellId={props.wellId}
        range={props.range}
        aggregation={props.aggregation}
        logScale={props.logScale}
        disabled={disabled}
      />
    </div>
  );
}
