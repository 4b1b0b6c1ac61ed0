import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { connectionQueries, syncQueries } from '../../queries/keys.js';
import { Dialog } from '../Dialog.js';
import { closeDialog } from '../open-dialog.js';
import { AddConnectionForm } from './AddConnectionForm.js';
import { ConnectionList } from './ConnectionList.js';
import { SignInAgain } from './SignInAgain.js';
import { useSwitchConnection } from './use-switch-connection.js';
import './connection-dialog.css';

/** Which server Flowline works with: the saved connections, a new one, signing in again. */
export function ConnectionDialog() {
  const list = useQuery(connectionQueries.list());
  const status = useQuery(syncQueries.status()).data;
  const connections = list.data?.connections ?? [];
  const current = connections.find((c) => c.isCurrent);
  const demo = connections.find((c) => c.kind === 'demo');
  const signedOut = current && (status?.phase === 'signed-out' || !current.hasToken);
  const [adding, setAdding] = useState<boolean | null>(null);
  // With only the demo workspace, "Connect to your organisation" is why the dialog was opened.
  const showForm =
    adding ?? (list.isSuccess && !signedOut && !connections.some((c) => c.kind === 'organisation'));
  const switcher = useSwitchConnection(closeDialog);
  const warning = list.data?.secretStorage.warning;

  return (
    <Dialog
      title="Connections"
      subtitle="The server Flowline reads from and sends your changes to."
      testId="connection-dialog"
      onClose={closeDialog}
    >
      {list.isError && (
        <div className="callout callout-bad" role="alert">
          {list.error.message}
        </div>
      )}
      {signedOut && current && (
        <SignInAgain connection={current} status={status} onSaved={closeDialog} />
      )}

      <ConnectionList
        connections={connections}
        switching={switcher.isPending ? (switcher.variables ?? null) : null}
        onSwitch={(id) => switcher.mutate(id)}
      />
      {switcher.error && (
        <div className="callout callout-bad" role="alert">
          {switcher.error.message}
        </div>
      )}

      {showForm ? (
        <div className="connection-add">
          <h3 className="connection-add-title">Connect to your organisation</h3>
          <AddConnectionForm
            storageWarning={warning ?? null}
            onCancel={() => setAdding(false)}
            onSaved={closeDialog}
          />
        </div>
      ) : (
        <div className="connection-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setAdding(true)}
            data-testid="connection-add"
          >
            Connect to your organisation…
          </button>
          {demo && !demo.isCurrent && (
            <button
              type="button"
              className="button"
              disabled={switcher.isPending}
              onClick={() => switcher.mutate(demo.id)}
              data-testid="connection-demo"
            >
              Back to the demo workspace
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}
