import { describe, expect, it } from 'vitest';
import type { WellEventView } from '#shared/desktop/index.js';
import { eventBands, eventCovering, latestFirst } from './event-days.js';
import { daysOf, eventsCsv, spanText } from './event-text.js';
import { draftProblems } from './event-draft.js';

const event = (over: Partial<WellEventView>): WellEventView => ({
  id: 'e1',
  wellId: 'w1',
  wellName: 'Mesa 1H',
  startDate: '2026-03-01',
  endDate: '2026-03-04',
  category: 'Facility',
  note: '',
  updatedAt: '2026-03-05T10:00:00.000Z',
  state: 'synced',
  error: null,
  ...over,
});

describe('well events in words', () => {
  it('says the days of an event, one day, and one still going on', () => {
    expect(spanText(event({}))).toBe('2026-03-01 – 2026-03-04');
    expect(spanText(event({ endDate: '2026-03-01' }))).toBe('2026-03-01');
    expect(spanText(event({ endDate: null }))).toBe('from 2026-03-01, still going on');
    expect(daysOf(event({}), '2026-11-29')).toBe(4);
    expect(daysOf(event({ endDate: null }), '2026-03-10')).toBe(10);
  });

  it('writes a CSV the import reads back: the end empty while it goes on, text kept as text', () => {
    const lines = eventsCsv([
      event({ note: 'Compressor, then restart', state: 'local' }),
      event({ id: 'e2', endDate: null, category: '=cmd', note: '' }),
    ])
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Event ID,Well,Well ID,Start,End,Reason,Note,State,Changed at (UTC)',
      'e1,Mesa 1H,w1,2026-03-01,2026-03-04,Facility,"Compressor, then restart",On this computer only,2026-03-05T10:00:00.000Z',
      "e2,Mesa 1H,w1,2026-03-01,,'=cmd,,On the server,2026-03-05T10:00:00.000Z",
    ]);
  });

  it('puts a day down to the latest event covering it, as lost production does', () => {
    const ordered = latestFirst([
      event({ id: 'long', startDate: '2026-03-01', endDate: '2026-03-31' }),
      event({ id: 'storm', startDate: '2026-03-10', endDate: '2026-03-10', category: 'Weather' }),
      event({ id: 'open', startDate: '2026-04-15', endDate: null }),
    ]);
    expect(eventCovering(ordered, '2026-03-10')?.id).toBe('storm');
    expect(eventCovering(ordered, '2026-03-11')?.id).toBe('long');
    expect(eventCovering(ordered, '2026-04-01')).toBeUndefined();
    expect(eventCovering(ordered, '2030-01-01')?.id).toBe('open');
    expect(eventBands(ordered).find((band) => band.id === 'open')?.to).toBe(Infinity);
  });

  it('names what a draft lacks before it is sent', () => {
    const ok = {
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      ongoing: false,
      category: 'X',
      note: '',
    };
    expect(draftProblems(ok)).toEqual({});
    expect(draftProblems({ ...ok, endDate: '2026-02-28' })).toEqual({
      endDate: 'The last day must not be before the first.',
    });
    expect(draftProblems({ ...ok, endDate: '', ongoing: true })).toEqual({});
    expect(draftProblems({ ...ok, startDate: '2026-02-30', category: ' ' })).toEqual({
      startDate: 'Give the first day as YYYY-MM-DD.',
      category: 'Choose a reason.',
    });
  });
});
