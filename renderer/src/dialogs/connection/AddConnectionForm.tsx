import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { enterConnection } from './enter-connection.js';
import { normaliseBaseUrl } from '#shared/desktop/index.js';
import { CoreCallError, send } from '../../bridge/bridge.js';
import {
  verdictOfAddress,
  verdictOfError,
  verdictOfTest,
  type ConnectionVerdict,
} from '../../sync/connection-messages.js';
import { VerdictBox } from './VerdictBox.js';

/** A name people recognise, until they type their own: the server's host name. */
function suggestedName(baseUrl: string): string {
  const check = normaliseBaseUrl(baseUrl);
  return check.ok ? new URL(check.baseUrl).hostname : '';
}

/**
 * "Connect to your organisation": address and token, Test (one call), Save
 * (the core tests again and saves only if it passes, token to the keystore).
 */
export function AddConnectionForm({
  storageWarning,
  onCancel,
  onSaved,
}: {
  /** Set when tokens cannot be encrypted at rest here (connections-list's secretStorage). */
  storageWarning: string | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const ids = { name: useId(), url: useId(), token: useId() };
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [token, setToken] = useState('');
  const [showToken, setShowToken] = useState(false);
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const address = baseUrl.trim() === '' ? null : normaliseBaseUrl(baseUrl);

  const test = useMutation({
    mutationFn: () => send('connections-test', { baseUrl: baseUrl.trim(), token: token.trim() }),
    onSuccess: (result) => setVerdict(verdictOfTest(result)),
    onError: (error) => setVerdict(failure(error)),
  });
  const save = useMutation({
    mutationFn: () =>
      send('connections-add', {
        name: name.trim() || suggestedName(baseUrl),
        baseUrl: baseUrl.trim(),
        token: token.trim(),
        makeCurrent: true,
      }),
    onSuccess: async () => {
      onSaved();
      await enterConnection(client, () => navigate('/', { replace: true }));
    },
    onError: (error) => setVerdict(failure(error)),
  });

  /** Checked here first with the core's own rules, so a typo costs no request. */
  function checkFirst(action: () => void) {
    if (address && !address.ok) return setVerdict(verdictOfAddress(address));
    action();
  }
  const edited = () => setVerdict(null);
  const busy = test.isPending || save.isPending;
  const ready = baseUrl.trim() !== '' && token.trim() !== '';

  return (
    <form
      className="connection-form"
      data-testid="connection-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (ready && !busy) checkFirst(() => save.mutate());
      }}
    >
      <div className="field">
        <label htmlFor={ids.url}>API address</label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://data.example.com/api/v1"
          value={baseUrl}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            edited();
          }}
          data-testid="connection-url"
          autoFocus
          aria-invalid={address?.ok === false}
        />
        {address?.ok === false ? (
          <span className="field-problem">{address.message}</span>
        ) : (
          <span className="field-hint">
            HTTPS; /api/v1 is added when missing.
            {address?.ok && address.baseUrl !== baseUrl.trim() && (
              <>
                {' '}
                Will use <span className="mono">{address.baseUrl}</span>
              </>
            )}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.token}>API token</label>
        <div className="token-input">
          <input
            id={ids.token}
            type={showToken ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              edited();
            }}
            data-testid="connection-token"
          />
          <button
            type="button"
            className="button"
            aria-pressed={showToken}
            onClick={() => setShowToken((shown) => !shown)}
          >
            {showToken ? 'Hide' : 'Show'}
          </button>
        </div>
        {storageWarning ? (
          <span className="field-warning" data-testid="secret-storage-warning">
            {storageWarning}
          </span>
        ) : (
          <span className="field-hint">Stored encrypted on this computer; never shown again.</span>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input
          id={ids.name}
          value={name}
          placeholder={suggestedName(baseUrl) || 'e.g. Acme Production'}
          onChange={(event) => setName(event.target.value)}
          data-testid="connection-name-input"
        />
      </div>

      {verdict && <VerdictBox verdict={verdict} />}

      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <span className="spacer" />
        <button
          type="button"
          className="button"
          disabled={!ready || busy}
          onClick={() => checkFirst(() => test.mutate())}
          data-testid="connection-test"
        >
          {test.isPending ? 'Testing…' : 'Test'}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={!ready || busy}
          data-testid="connection-save"
        >
          {save.isPending ? 'Checking and saving…' : 'Save and connect'}
        </button>
      </div>
    </form>
  );
}

function failure(error: Error): ConnectionVerdict {
  return error instanceof CoreCallError
    ? verdictOfError(error.error)
    : { ok: false, headline: error.message, advice: null, detail: null, reference: null };
}
