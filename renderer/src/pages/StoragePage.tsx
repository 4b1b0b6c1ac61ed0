import { useReplicaList } from '../replica/use-replica.js';
import { ErrorPanel } from './ErrorPanel.js';
import { StorageSettings } from './storage/StorageSettings.js';
import { StorageTable } from './storage/StorageTable.js';
import './well/well.css';
import '../replica/replica.css';
import './storage/storage.css';

/**
 * "On this computer" (#/storage): the projects kept here for work without a connection,
 * what each takes, and when an unused one is released and how much all may take.
 */
export function StoragePage() {
  const list = useReplicaList();
  return (
    <section className="page storage-page replica-ui">
      <div className="page-header">
        <div>
          <h1 data-testid="page-title">On this computer</h1>
          <p className="muted">
            Every project you open online is kept here in the background, so it stays usable without
            a connection.
          </p>
        </div>
      </div>
      {list.isError && <ErrorPanel error={list.error} />}
      {list.isPending && <p className="muted">Reading what is kept…</p>}
      {list.data &&
        (list.data.projects.length === 0 ? (
          <p className="muted" data-testid="storage-empty">
            Nothing is kept on this computer yet. Open a project while online to keep it.
          </p>
        ) : (
          <StorageTable list={list.data} />
        ))}
      {list.data && <StorageSettings settings={list.data.settings} />}
    </section>
  );
}
