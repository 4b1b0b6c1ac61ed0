import { useState } from 'react';
import type { Aggregation } from '#shared/api/index.js';
import type { IsoRange } from '../../pages/well/date-range.js';
import { WellReport } from './WellReport.js';

/** "Report PDF": opens the report preview, which prints itself once drawn. */
export function ReportButton(props: {
  projectId: string;
  wellId: string;
  range: IsoRange;
  aggregation: Aggregation;
  logScale: boolean;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="well-button"
        disabled={props.disabled}
        title="A one-well report (header, charts, monthly summary) as PDF"
        data-testid="report-pdf"
        onClick={() => setOpen(true)}
      >
        Report PDF
      </button>
      {open && <WellReport {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
