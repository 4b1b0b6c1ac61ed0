import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ConnectionSummary, SyncStatus } from '#shared/desktop/index.js';
import { CoreCallError, send } from '../../bridge/bridge.js';
import { connectionQueries, syncQueries } from '../../queries/keys.js';
import { formatTime } from '../../shell/format.js';
import {
  verdictOfError,
  verdictOfTest,
  type ConnectionVerdict,
} from '../../sync/connection-messages.js';
import { VerdictBox } from './VerdictBox.js';

/**
 * After a 401 the sync engine pauses until the connection's token changes. A
 * new token can be tested (one call to the connection's own address) and
 * saved in place with connections-set-token, which tests it again and saves
 * nothing if the server refuses it. The queued changes belong to this
 * connection, so they stay and go out with the new token.
 */
export function SignInAgain({
  connection,
  status,
  onSaved,
}: {
  connection: ConnectionSummary;
  status: SyncStatus | undefined;
  /** After the token was saved (the dialog closes; the sync status shows the changes going out). */
  onSaved: () => void;
}) {
  const client = useQueryClient();
  const tokenId = useId();
  const [token, setToken] = useState('');
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const test = useMutation({
    mutationFn: () =>
      send('connections-test', { baseUrl: connection.baseUrl, token: token.trim() }),
    onSuccess: (result) => setVerdict(verdictOfTest(result)),
    onError: (error) => setVerdict(failure(error)),
  });
  const save = useMutation({
    mutationFn: () =>
      send('connections-set-token', { connectionId: connection.id, token: token.trim() }),
    onSuccess: async () => {
      setToken('');
      await Promise.all([
        client.invalidateQueries({ queryKey: connectionQueries.all }),
        client.invalidateQueries({ queryKey: syncQueries.all }),
      ]);
      onSaved();
    },
    onError: (error) => setVerdict(failure(error)),
  });
  const pending = status?.pending ?? 0;
  const refusedAt = status?.lastError?.type === 'unauthorized' ? status.lastContactAt : null;
  const busy = test.isPending || save.isPending;
  const ready = token.trim() !== '';

  return (
    <section
      className="sign-in"
      data-testid="sign-in-again-section"
      aria-labelledby={`${tokenId}-h`}
    >
      <h3 id={`${tokenId}-h`} className="sign-in-title">
        Sign in again to <bdi>{connection.name}</bdi>
      </h3>
      <p className="sign-in-text">
        {connection.hasToken
          ? `The server refused the saved token${refusedAt ? ` (last contact ${formatTime(refusedAt)})` : ''}: it has expired or was revoked.`
          : 'No token is saved for this connection on this computer.'}{' '}
        {pending > 0
          ? `Your ${pending === 1 ? 'pending change stays' : `${pending.toLocaleString('en-US')} pending changes stay`} queued here and ${pending === 1 ? 'is' : 'are'} sent once a valid token is saved.`
          : 'Nothing is sent until a valid token is saved.'}
      </p>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (ready && !busy) save.mutate();
        }}
      >
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
              disabled={!ready || busy}
              onClick={() => test.mutate()}
              data-testid="sign-in-test"
            >
              {test.isPending ? 'Testing…' : 'Test token'}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={!ready || busy}
              data-testid="sign-in-save"
            >
              {save.isPending ? 'Checking and saving…' : 'Save token'}
            </button>
          </div>
          <span className="field-hint">
            Checked with the server first; saved only if it is accepted, and never shown again.
          </span>
        </div>
      </form>
      {verdict && <VerdictBox verdict={verdict} />}
    </section>
  );
}

function failure(error: Error): ConnectionVerdict {
  return error instanceof CoreCallError
    ? verdictOfError(error.error)
    : { ok: false, headline: error.message, advice: null, detail: null, reference: null };
}
