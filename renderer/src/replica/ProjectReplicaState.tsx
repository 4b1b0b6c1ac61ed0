import { useId } from 'react';
import '../pages/well/well.css';
import { headerText, leftOutText } from './replica-text.js';
import { useReplicaCommand, useReplicaStatus } from './use-replica.js';
import './replica.css';

/**
 * The project header's line on the replica: "On this computer · as of 28 Nov 10:42", how
 * far keeping it has got, or "Not kept on this computer" with the button that keeps it; and
 * the "Keep on this computer" switch that pins it (never released for lack of use).
 */
export function ProjectReplicaState({ projectId }: { projectId: string }) {
  const hintId = useId();
  const status = useReplicaStatus(projectId).data;
  const pin = useReplicaCommand('replica-pin');
  const resume = useReplicaCommand('replica-resume');
  // Nothing to say until the core answers; a refusal is the status bar's and storage page's
  // to show (this line is an aside to the project, not a place to act on errors).
  if (!status) return null;
  const args = { connectionId: status.connectionId, projectId: status.projectId };
  const leftOut = leftOutText(status);
  const error = pin.error ?? resume.error;
  return (
    <div className="project-replica replica-ui" data-testid="project-replica">
      <span data-testid="project-replica-text">{headerText(status)}</span>
      {status.state === 'not-kept' ? (
        <button
          type="button"
          className="well-button primary"
          disabled={pin.isPending}
          onClick={() => pin.mutate({ ...args, pinned: true })}
        >
          Keep on this computer
        </button>
      ) : (
        <span className="project-replica-pin">
          <label>
            <input
              type="checkbox"
              checked={status.pinned}
              disabled={pin.isPending}
              aria-describedby={hintId}
              onChange={(event) => pin.mutate({ ...args, pinned: event.target.checked })}
            />
            Keep on this computer
          </label>
          {/* Outside the label: it explains the switch, it is not its name. */}
          <span id={hintId} className="muted">
            (never released for lack of use)
          </span>
        </span>
      )}
      {(status.state === 'paused' || status.state === 'failed') && (
        <button
          type="button"
          className="well-button"
          disabled={resume.isPending}
          onClick={() => resume.mutate(args)}
        >
          {status.state === 'failed' ? 'Try again' : 'Resume'}
        </button>
      )}
      {leftOut && <span className="muted">{leftOut}</span>}
      {error && (
        <span className="replica-problem" role="alert">
          {error.message}
        </span>
      )}
    </div>
  );
}
