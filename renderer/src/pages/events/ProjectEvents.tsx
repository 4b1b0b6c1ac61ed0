import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { WellEventView } from '#shared/desktop/index.js';
import { bridge, send } from '../../bridge/bridge.js';
import { eventQueries } from '../../queries/event-keys.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { isoDay } from '../well/date-range.js';
import { EventForm } from './EventForm.js';
import { EventTable } from './EventTable.js';
import { eventsCsv, NOT_SHARED_TEXT } from './event-text.js';
import { ReasonsEditor } from './ReasonsEditor.js';
import './events.css';

/**
 * Every event of the project: filtered by reason, exported and imported as CSV (how events
 * kept on this computer reach another), and the project's list of reasons edited.
 */
export function ProjectEvents({ projectId }: { projectId: string }) {
  const [, navigate] = useLocation();
  const [today] = useState(() => isoDay(Date.now()));
  const list = useQuery(eventQueries.ofProject(projectId));
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState<WellEventView | null>(null);
  const [editingReasons, setEditingReasons] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const events = useMemo(
    () =>
      [...(list.data?.events ?? [])]
        .reverse()
        .filter((event) => reason === '' || event.category === reason),
    [list.data, reason],
  );
  const reasonsInUse = useMemo(
    () => [...new Set((list.data?.events ?? []).map((event) => event.category))].sort(),
    [list.data],
  );
  const openWell = (wellId: string) =>
    navigate(`/projects/${encodeURIComponent(projectId)}/wells/${encodeURIComponent(wellId)}`);

  async function exportCsv() {
    setMessage(null);
    try {
      const saved = await bridge.native.saveFile(
        {
          title: 'Export well events as CSV',
          defaultName: `well-events-${projectId}.csv`,
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        eventsCsv(events),
      );
      if (saved) setMessage({ error: false, text: `Exported ${events.length} events.` });
    } catch (caught) {
      setMessage({ error: true, text: `Export failed: ${(caught as Error).message}` });
    }
  }

  async function importCsv(chosen: File) {
    setMessage(null);
    try {
      const result = await send('well-events-import', {
        projectId,
        fileName: chosen.name,
        text: await chosen.text(),
      });
      setMessage({
        error: false,
        text: `Imported ${chosen.name}: ${result.added} new event${result.added === 1 ? '' : 's'}, ${result.replaced} replaced.`,
      });
    } catch (caught) {
      setMessage({ error: true, text: (caught as Error).message });
    }
  }

  if (list.isError) return <ErrorPanel error={list.error} />;
  return (
    <div className="project-events" data-testid="project-events">
      {list.data?.shared === false && (
        <p className="notice" data-testid="events-not-shared">
          {NOT_SHARED_TEXT}
        </p>
      )}
      <div className="events-toolbar">
        <label className="date-field">
          <span>Reason</span>
          <select
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="events-reason-filter"
          >
            <option value="">Every reason</option>
            {reasonsInUse.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="well-button"
          onClick={() => void exportCsv()}
          disabled={events.length === 0}
          data-testid="events-export"
        >
          Export CSV
        </button>
        <button
          type="button"
          className="well-button"
          onClick={() => file.current?.click()}
          data-testid="events-import"
        >
          Import CSV…
        </button>
        <input
          ref={file}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void importCsv(chosen);
          }}
          data-testid="events-import-input"
        />
        <button
          type="button"
          className="well-button"
          aria-expanded={editingReasons}
          onClick={() => setEditingReasons(!editingReasons)}
          data-testid="events-edit-reasons"
        >
          Edit reasons
        </button>
      </div>
      {message && (
        <p
          className={message.error ? 'range-error' : 'muted'}
          role={message.error ? 'alert' : 'status'}
          data-testid="events-message"
        >
          {message.text}
        </p>
      )}
      {editingReasons && list.data && (
        <ReasonsEditor
          projectId={projectId}
          categories={list.data.categories}
          onDone={() => setEditingReasons(false)}
        />
      )}
      {editing && list.data && (
        <EventForm
          projectId={projectId}
          wellId={editing.wellId}
          event={editing}
          categories={list.data.categories}
          today={today}
          onDone={() => setEditing(null)}
        />
      )}
      <p className="muted" role="status" data-testid="events-summary">
        {!list.data
          ? 'Reading events…'
          : events.length === 0
            ? 'No events recorded in this project. Record them on a well’s page, or import a CSV.'
            : `${events.length} event${events.length === 1 ? '' : 's'}${reason ? ` for ${reason}` : ''}, the latest first.`}
      </p>
      {events.length > 0 && (
        <EventTable
          projectId={projectId}
          events={events}
          today={today}
          showWell
          onOpenWell={openWell}
          onChange={setEditing}
          caption="The project's well events, the latest first"
        />
      )}
    </div>
  );
}
