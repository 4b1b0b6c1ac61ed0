import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { declineQueries } from '#renderer/queries/decline-keys.js';
import { ForecastAllDialog } from './ForecastAllDialog.js';
import { progressText } from './forecast-all-text.js';

/** The project page's "Forecast all wells", which shows its progress while a run goes on. */
export function ForecastAllButton({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const status = useQuery(declineQueries.forecastAll(projectId)).data;
  const running = status?.state === 'running';
  return (
    <>
      <button
        type="button"
        className="well-button"
        data-testid="forecast-all-open"
        onClick={() => setOpen(true)}
      >
        {running && status ? `Forecast all wells: ${progressText(status)}` : 'Forecast all wells'}
      </button>
      {open && <ForecastAllDialog projectId={projectId} onClose={() => setOpen(false)} />}
    </>
  );
}
