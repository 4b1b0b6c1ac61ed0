import { CoreCallError } from '../bridge/bridge.js';

/** A failure as a person needs it: the message, and the server's request id when there is one. */
export function ErrorPanel({ error }: { error: Error }) {
  const requestId = error instanceof CoreCallError ? error.error.details?.requestId : undefined;
  return (
    <div className="error-panel" role="alert">
      <strong>{error.message}</strong>
      {requestId && <span className="muted"> (request {requestId})</span>}
    </div>
  );
}
