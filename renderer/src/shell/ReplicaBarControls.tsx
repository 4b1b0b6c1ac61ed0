import { useEffect, useRef, useState } from 'react';
import type { ReplicaStatus } from '#shared/desktop/index.js';
import { useReplicaCommand } from '../replica/use-replica.js';

/**
 * The status bar's Pause / Resume and Cancel. Cancel stops keeping the project, which a
 * stray click should not do: it asks first, inline, and Escape or "Go on" takes it back.
 */
export function ReplicaBarControls({ status }: { status: ReplicaStatus }) {
  const pause = useReplicaCommand('replica-pause');
  const resume = useReplicaCommand('replica-resume');
  const cancel = useReplicaCommand('replica-cancel');
  const [asking, setAsking] = useState(false);
  const goOn = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const args = { connectionId: status.connectionId, projectId: status.projectId };
  const busy = pause.isPending || resume.isPending || cancel.isPending;
  const error = pause.error ?? resume.error ?? cancel.error;

  // The question takes the focus (its safe answer), and gives it back when answered.
  useEffect(() => {
    if (asking) goOn.current?.focus();
  }, [asking]);
  const stopAsking = () => {
    setAsking(false);
    requestAnimationFrame(() => cancelButton.current?.focus());
  };

  if (asking) {
    return (
      <div
        className="replica-bar-confirm"
        role="group"
        aria-label="Stop keeping this project"
        onKeyDown={(event) => {
          if (event.key === 'Escape') stopAsking();
        }}
      >
        <span>Stop keeping this project? Days already here stay.</span>
        <button
          type="button"
          className="well-button danger"
          disabled={busy}
          onClick={() => cancel.mutate(args, { onSettled: () => setAsking(false) })}
        >
          Stop keeping
        </button>
        <button type="button" className="well-button" ref={goOn} onClick={stopAsking}>
          Go on
        </button>
      </div>
    );
  }
  const held = status.state === 'paused' || status.state === 'failed';
  return (
    <div className="replica-bar-controls">
      {error && (
        <span className="replica-bar-error" role="alert">
          {error.message}
        </span>
      )}
      {held ? (
        <button
          type="button"
          className="well-button"
          disabled={busy}
          onClick={() => resume.mutate(args)}
        >
          {status.state === 'failed' ? 'Try again' : 'Resume'}
        </button>
      ) : (
        <button
          type="button"
          className="well-button"
          disabled={busy}
          onClick={() => pause.mutate(args)}
        >
          Pause
        </button>
      )}
      <button
        type="button"
        className="well-button"
        ref={cancelButton}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Cancel
      </button>
    </div>
  );
}
