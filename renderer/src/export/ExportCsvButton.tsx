import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Aggregation } from '#shared/api/index.js';
import { wellCsvFile } from '#shared/csv/well-export.js';
import { bridge } from '../bridge/bridge.js';
import type { IsoRange } from '../pages/well/date-range.js';
import { productionQuery } from '../pages/well/production-query.js';
import { volumesBeforeQuery } from '../pages/well/volumes-before-query.js';
import { exportFileName } from './file-name.js';

/**
 * "Export CSV": the rows of the selected range as the charts show them — daily records, or
 * the monthly rows when monthly is shown — with units in the headers (shared/csv/well-export).
 * A daily export imports back unchanged.
 */
export function ExportCsvButton(props: {
  projectId: string;
  wellId: string;
  wellName: string;
  range: IsoRange;
  aggregation: Aggregation;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const { projectId, wellId, range, aggregation } = props;
      const result = await queryClient.fetchQuery(
        productionQuery(projectId, wellId, range, aggregation),
      );
      const monthly = aggregation === 'monthly';
      // Daily exports end with Np, Gp and Wp: the volumes before the range are needed.
      const before = monthly
        ? null
        : (await queryClient.fetchQuery(volumesBeforeQuery(projectId, wellId, range.from))).volumes;
      await bridge.native.saveFile(
        {
          title: 'Export production as CSV',
          defaultName: exportFileName({
            well: props.wellName,
            what: monthly ? 'monthly' : 'daily',
            ...range,
            ext: 'csv',
          }),
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        wellCsvFile(result.data, props.wellName, before),
      );
    } catch (caught) {
      setError(`CSV export failed: ${(caught as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="well-button"
        disabled={props.disabled || busy}
        title={`The ${props.aggregation} rows of the selected range, with units`}
        data-testid="export-csv"
        onClick={() => void run()}
      >
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {error && (
        <span className="export-status error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
