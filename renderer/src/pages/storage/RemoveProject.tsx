import { useEffect, useRef, useState } from 'react';
import type { ReplicaStatus } from '#shared/desktop/index.js';
import { useReplicaCommand } from '../../replica/use-replica.js';
import { formatBytes } from '../../shell/format.js';

/**
 * "Remove from this computer": deletes the project's days here, after asking. The core
 * refuses while the project has edits not yet sent (`conflict`); its message says so, and
 * stays beside the project it is about.
 */
export function RemoveProject({ status }: { status: ReplicaStatus }) {
  const remove = useReplicaCommand('replica-remove');
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const name = status.projectName;
  const error = remove.error;

  return (
    <div className="storage-remove">
      {asking ? (
        <span
          className="storage-confirm"
          role="group"
          aria-label={`Remove ${name} from this computer`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setAsking(false);
          }}
        >
          <span>
            Remove {formatBytes(status.bytes)} of days of <bdi>{name}</bdi>?
          </span>
          <button
            type="button"
            className="well-button danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { connectionId: status.connectionId, projectId: status.projectId },
                { onSettled: () => setAsking(false) },
              )
            }
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
          <button
            type="button"
            className="well-button"
            ref={keep}
            onClick={() => {
              setAsking(false);
              requestAnimationFrame(() => start.current?.focus());
            }}
          >
            Keep
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="well-button"
          ref={start}
          // The visible words first (what speech input users say), then which project.
          aria-label={`Remove from this computer: ${name}`}
          onClick={() => {
            remove.reset();
            setAsking(true);
          }}
        >
          Remove from this computer
        </button>
      )}
      {error && (
        <p className="replica-problem" role="alert">
          {error.message.includes(name) ? error.message : `${name}: ${error.message}`}
        </p>
      )}
    </div>
  );
}
