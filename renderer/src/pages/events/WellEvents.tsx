import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WellEventView } from '#shared/desktop/index.js';
import { eventQueries } from '../../queries/event-keys.js';
import { isoDay } from '../well/date-range.js';
import { EventForm } from './EventForm.js';
import { EventTable } from './EventTable.js';
import { NOT_SHARED_TEXT } from './event-text.js';
import './events.css';

/**
 * A well's events on its page: what happened and why, newest first, with "Record event".
 * Events show on the charts as shaded spans and in the records grid beside their days.
 */
export function WellEvents(props: { projectId: string; wellId: string }) {
  const { projectId, wellId } = props;
  const [today] = useState(() => isoDay(Date.now()));
  const list = useQuery(eventQueries.ofWell(projectId, wellId));
  /** null: no form; 'new': a new event; else the event being changed. */
  const [editing, setEditing] = useState<WellEventView | 'new' | null>(null);
  const events = [...(list.data?.events ?? [])].reverse();
  return (
    <section className="well-events" aria-labelledby="well-events-title" data-testid="well-events">
      <div className="well-events-head">
        <h2 id="well-events-title">Events {list.data ? `(${events.length})` : ''}</h2>
        {editing === null && (
          <button
            type="button"
            className="well-button"
            onClick={() => setEditing('new')}
            disabled={!list.data}
            data-testid="event-record"
          >
            Record event
          </button>
        )}
      </div>
      {list.data?.shared === false && (
        <p className="notice" data-testid="events-not-shared">
          {NOT_SHARED_TEXT}
        </p>
      )}
      {list.isError && (
        <p className="range-error" role="alert">
          Events could not be read: {list.error.message}
        </p>
      )}
      {editing !== null && list.data && (
        <EventForm
          projectId={projectId}
          wellId={wellId}
          event={editing === 'new' ? null : editing}
          categories={list.data.categories}
          today={today}
          onDone={() => setEditing(null)}
        />
      )}
      {list.data && events.length === 0 && editing === null && (
        <p className="muted">
          No events recorded. Record why the well was down or restricted (a lift failure, a facility
          outage, a workover), and lost production is put down to it.
        </p>
      )}
      {events.length > 0 && (
        <EventTable
          projectId={projectId}
          events={events}
          today={today}
          onChange={setEditing}
          caption="Events of this well, the latest first"
        />
      )}
    </section>
  );
}
