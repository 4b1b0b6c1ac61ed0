import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useRoute } from 'wouter';
import { send } from '../../bridge/bridge.js';
import { downloadQueries, projectQueries } from '../../queries/keys.js';
import { formatCount } from '../../shell/format.js';
import { isolateText } from '../../shell/isolate-text.js';
import { presetOf, presetRange, type RangePreset } from '../../sync/download-estimate.js';
import { Dialog } from '../Dialog.js';
import { closeDialog } from '../open-dialog.js';
import { DownloadEstimate } from './DownloadEstimate.js';
import { DownloadProgress } from './DownloadProgress.js';
import { laterDownloadStatus } from './later-status.js';
import { RangePicker } from './RangePicker.js';
import { useDownloadStatus } from './use-download-status.js';
import './download-dialog.css';

export interface DownloadDialogProps {
  projectId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * "Keep on this computer": a project and a date range (the whole history unless the caller
 * names one), what it will cost, then progress with ETA and Cancel. Opened projects are
 * kept by themselves in the background (replica/); this brings a project's history here
 * now, before a trip. Starting again after a cancel or a failure continues where it stopped
 * (the core fetches only what is missing).
 */
export function DownloadDialog(props: DownloadDialogProps) {
  const client = useQueryClient();
  const projectFieldId = useId();
  const [, route] = useRoute<{ projectId: string }>('/projects/:projectId/*?');
  const projects = useQuery(projectQueries.list());
  const [chosenProject, setChosenProject] = useState(props.projectId ?? route?.projectId);
  const projectId = chosenProject ?? projects.data?.data[0]?.id;
  const project = projects.data?.data.find((p) => p.id === projectId);

  // The whole history by default, as the working set keeps it: a trip should not find the
  // older days missing. The well page passes the range it shows.
  const initial = props.from && props.to ? { from: props.from, to: props.to } : presetRange('all');
  const [preset, setPreset] = useState<RangePreset>(() => presetOf(initial));
  const [range, setRange] = useState(initial);

  const status = useDownloadStatus(projectId).data;
  const running = status?.state === 'running';
  // While a download runs, its range is the one that counts (the core refuses another).
  const shownRange =
    running && status.from && status.to ? { from: status.from, to: status.to } : range;
  const sameRange = status?.from === shownRange.from && status?.to === shownRange.to;
  const resumable = sameRange && (status?.state === 'cancelled' || status?.state === 'failed');
  // A finished download of this range: running it again would fetch only wells still missing.
  const missing =
    sameRange && status?.state === 'done' && status.available
      ? status.available.wellsTotal - status.available.wellsCovered
      : null;

  const remember = (next: typeof status) =>
    next &&
    client.setQueryData(downloadQueries.status(next.projectId).queryKey, (previous) =>
      laterDownloadStatus(previous, next),
    );
  const start = useMutation({
    mutationFn: () =>
      send('offline-download-start', { projectId: projectId!, from: range.from, to: range.to }),
    onSuccess: remember,
  });
  const cancel = useMutation({
    mutationFn: () => send('offline-download-cancel', { projectId: projectId! }),
    onSuccess: remember,
  });
  const error = start.error ?? cancel.error;

  return (
    <Dialog
      title="Keep on this computer"
      subtitle="Wells and daily production, here for work without a connection. Projects you open are kept by themselves; this brings one here now."
      testId="download-dialog"
      onClose={closeDialog}
      footer={
        <>
          {running && (
            <span className="footer-note">You can close this; the download continues.</span>
          )}
          <button
            type="button"
            className={`button${missing === 0 ? ' button-primary' : ''}`}
            onClick={closeDialog}
          >
            {missing === 0 ? 'Done' : 'Close'}
          </button>
          {running ? (
            <button
              type="button"
              className="button button-danger"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
              data-testid="download-cancel"
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel download'}
            </button>
          ) : missing === 0 ? null : (
            <button
              type="button"
              className="button button-primary"
              disabled={!project || start.isPending}
              onClick={() => start.mutate()}
              data-testid="download-start"
            >
              {resumable
                ? 'Resume download'
                : missing !== null
                  ? `Fetch the ${formatCount(missing)} missing wells`
                  : 'Download history'}
            </button>
          )}
        </>
      }
    >
      <div className="field">
        <label htmlFor={projectFieldId}>Project</label>
        <select
          id={projectFieldId}
          value={projectId ?? ''}
          disabled={running || !projects.data}
          onChange={(event) => setChosenProject(event.target.value)}
          data-testid="download-project"
          data-autofocus
        >
          {projects.data?.data.map((p) => (
            <option key={p.id} value={p.id}>
              {/* An <option> holds text only: FSI…PDI instead of <bdi>. */}
              {isolateText(p.name)} — {formatCount(p.wellCount)} wells
            </option>
          ))}
        </select>
        {projects.isError && <span className="field-problem">{projects.error.message}</span>}
      </div>

      <RangePicker
        preset={running ? presetOf(shownRange) : preset}
        range={shownRange}
        disabled={running}
        onPreset={(next) => {
          setPreset(next);
          if (next !== 'custom') setRange(presetRange(next));
        }}
        onCustom={setRange}
      />

      {error && (
        <div className="callout callout-bad" role="alert">
          {error.message}
        </div>
      )}
      {status && status.state !== 'idle' && (sameRange || running) && (
        <DownloadProgress status={status} />
      )}
      {!running && project && (!sameRange || status?.state === 'idle' || resumable) && (
        <DownloadEstimate project={project} range={shownRange} last={status} />
      )}
    </Dialog>
  );
}
