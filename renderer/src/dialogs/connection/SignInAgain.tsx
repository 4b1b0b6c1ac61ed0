import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ConnectionSummary, SyncStatus } from '../../../../shared/desktop/index.js';
import { CoreCallError, send } from '../../bridge/bridge.js';
import { formatTime } from '../../shell/format.js';
import {
  verdictOfError,
  verdictOfTest,
  type ConnectionVerdict,
} from '../../sync/connection-messages.js';
import { VerdictBox } from './VerdictBox.js';

/**
 * After a 401 the sync engine pauses until the connection's token changes. A
 * new token is checked here against the connection's own address with one
 * call. The core has no handler yet that replaces a saved connection's token in
 * place (connections-add would make a second connection, leaving the queued
 * changes behind on the first), so this stops at the check and says so.
 */
export function SignInAgain({
  connection,
  status,
}: {
  connection: ConnectionSummary;
  status: SyncStatus | undefined;
}) {
  const tokenId = useId();
  const [token, setToken] = useState('');
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const test = useMutation({
    mutationFn: () =>
      send('connections-test', { baseUrl: connection.baseUrl, token: token.trim() }),
    onSuccess: (result) => setVerdict(verdictOfTest(result)),
    onError: (error) =>
      setVerdict(
        error instanceof CoreCallError
          ? verdictOfError(error.error)
          : { ok: false, headline: error.message, advice: null, detail: null, reference: null },
      ),
  });
  const pending = status?.pending ?? 0;
  const refusedAt = status?.lastError?.type === 'unauthorized' ? status.lastContactAt : null;

  return (
    <section
      className="sign-in"
      data-testid="sign-in-again-section"
      aria-labelledby={`${tokenId}-h`}
    >
      <h3 id={`${tokenId}-h`} className="sign-in-title">
        Sign in again to {connection.name}
      </h3>
      <p className="sign-in-text">
        {connection.hasToken
          ? `The server refused the saved token${refusedAt ? ` (last contact ${formatTime(refusedAt)})` : ''}: it has expired or was revoked.`
          : 'No token is saved for this connection on this computer.'}{' '}
        {pending > 0
          ? `Your ${pending === 1 ? 'pending change stays' : `${pending.toLocaleString('en-US')} pending changes stay`} queued here; nothing is sent until a valid token is in place.`
          : 'Nothing is sent until a valid token is in place.'}
      </p>
      <div className="field">
        <label htmlFor={tokenId}>New API token</label>
        <div className="token-input">
          <input
            id={tokenId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              setVerdict(null);
            }}
            data-testid="sign-in-token"
            autoFocus
          />
          <button
            type="button"
            className="button"
            disabled={token.trim() === '' || test.isPending}
            onClick={() => test.mutate()}
            data-testid="sign-in-test"
          >
            {test.isPending ? 'Testing…' : 'Test token'}
          </button>
        </div>
      </div>
      {verdict && <VerdictBox verdict={verdict} />}
      <p className="field-hint" data-testid="sign-in-unavailable">
        Saving a new token for an existing connection is not available in this version yet. Your
        queued changes stay on this computer and are sent once it is.
      </p>
    </section>
  );
}
