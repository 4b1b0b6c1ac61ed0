import { useState } from 'react';
import { bridge } from '#renderer/bridge/bridge.js';
import { exportFileName } from '#renderer/export/file-name.js';
import { isoDay } from '../date-range.js';
import { DAY_MS } from '../series.js';
import { forecastCsvFile, type ForecastCsvInput } from './forecast-csv.js';
import { lastForecastDay } from './forecast-preview.js';

/** "Forecast CSV": the parameters on screen and their monthly forecast, saved as a file. */
export function ForecastCsvButton(props: { input: ForecastCsvInput | null }) {
  const [error, setError] = useState<string | null>(null);
  async function run() {
    const { input } = props;
    if (!input) return;
    setError(null);
    try {
      await bridge.native.saveFile(
        {
          title: 'Export the forecast as CSV',
          defaultName: exportFileName({
            well: input.wellName,
            what: `${input.fit.stream}-forecast`,
            from: isoDay(Math.floor(input.forecast.startDay) * DAY_MS),
            to: isoDay(lastForecastDay(input.forecast) * DAY_MS),
            ext: 'csv',
          }),
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        forecastCsvFile(input),
      );
    } catch (caught) {
      setError(`Forecast CSV failed: ${(caught as Error).message}`);
    }
  }
  return (
    <>
      <button
        type="button"
        className="well-button"
        disabled={!props.input}
        title="The parameters, then the forecast month by month, with units"
        data-testid="decline-forecast-csv"
        onClick={() => void run()}
      >
        Forecast CSV
      </button>
      {error && (
        <span className="export-status error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
