import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CoreNotice } from '#shared/desktop/index.js';
import { send } from '../bridge/bridge.js';
import { readDismissed, rememberDismissed } from './notice-dismissals.js';
import './notice-banner.css';

/**
 * What the core had to say when it started (core-notices): a damaged cache
 * rebuilt and which unsynced changes came back, a disk too full to save.
 * Fixed for the core's life, so read once; each stays until dismissed.
 */
export function NoticeBanner() {
  const notices = useQuery({
    queryKey: ['core-notices'],
    queryFn: () => send('core-notices', {}),
    staleTime: Infinity,
  }).data?.notices;
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (notices ?? []).filter((notice) => !dismissed.has(notice.id));
  if (shown.length === 0) return null;

  const dismiss = (id: string) => {
    const next = new Set(dismissed).add(id);
    rememberDismissed(next);
    setDismissed(next);
  };
  return (
    <div className="notice-banners">
      {shown.map((notice) => (
        <Notice key={notice.id} notice={notice} onDismiss={() => dismiss(notice.id)} />
      ))}
    </div>
  );
}

function Notice({ notice, onDismiss }: { notice: CoreNotice; onDismiss: () => void }) {
  return (
    <div
      className={`notice-banner notice-${notice.level}`}
      role={notice.level === 'error' ? 'alert' : 'status'}
      data-testid="core-notice"
      data-kind={notice.kind}
    >
      <span className="notice-banner-icon" aria-hidden="true" />
      <p className="notice-banner-text">
        <strong>{notice.title}.</strong> <MessageWithFile notice={notice} />
      </p>
      <button
        type="button"
        className="notice-banner-dismiss"
        onClick={onDismiss}
        data-testid="core-notice-dismiss"
      >
        Dismiss
      </button>
    </div>
  );
}

/** The message, with the kept file's path set apart so it reads (and selects) as one piece. */
function MessageWithFile({ notice }: { notice: CoreNotice }) {
  const file = notice.keptFile;
  const at = file ? notice.message.indexOf(file) : -1;
  if (!file || at === -1) return <>{notice.message}</>;
  return (
    <>
      {notice.message.slice(0, at)}
      <code className="notice-banner-file" data-testid="core-notice-file">
        {file}
      </code>
      {notice.message.slice(at + file.length)}
    </>
  );
}
