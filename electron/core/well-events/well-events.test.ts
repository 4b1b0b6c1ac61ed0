import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWell } from '#shared/client/index.js';
import { STANDARD_EVENT_CATEGORIES } from '#shared/desktop/index.js';
import { startDeclineFixture, type DeclineFixture } from '../decline/testing/decline-fixture.js';

/**
 * Well events against the real demo server: recorded here, sent by the sync engine with a PUT
 * at the id made here, read back from the server, recorded in the change log, kept while
 * offline and sent when the server answers again, and imported from a CSV all or nothing.
 */

let f: DeclineFixture;
let well: ApiWell;
const handlers = () => f.harness.core.handlers;
const project = () => f.imperial.id;

async function serverEvents() {
  const events = [];
  for await (const page of f.api.pagesOfProjectEvents(project())) events.push(...page.data);
  return events;
}

beforeAll(async () => {
  f = await startDeclineFixture([1, 0, 0]);
  await handlers()['projects-list']({});
  well = await f.curveWell(
    f.imperial,
    'Events 1H',
    { kind: 'exponential', qi: 100, di: 0.2 },
    '2024-01-01',
    60,
  );
});

afterAll(() => f.close());

describe('well events', () => {
  it('records an event, sends it, and the server and the change log have it', async () => {
    const saved = await handlers()['well-event-save']({
      projectId: project(),
      wellId: well.id,
      startDate: '2024-02-01',
      endDate: '2024-02-05',
      category: 'Artificial-lift failure',
      note: 'ESP tripped',
    });
    expect(saved).toMatchObject({ wellName: 'Events 1H', state: 'pending', endDate: '2024-02-05' });
    await handlers()['sync-now']({});
    expect(await serverEvents()).toMatchObject([
      {
        id: saved.id,
        wellId: well.id,
        startDate: '2024-02-01',
        category: 'Artificial-lift failure',
        note: 'ESP tripped',
      },
    ]);
    const listed = await handlers()['well-events-list']({ projectId: project(), wellId: well.id });
    expect(listed.shared).toBe(true);
    expect(listed.categories).toEqual([...STANDARD_EVENT_CATEGORIES]);
    expect(listed.events).toMatchObject([{ id: saved.id, state: 'synced', error: null }]);

    const log = await handlers()['changes-list']({ projectId: project(), sources: ['event'] });
    expect(log.changes[0]).toMatchObject({
      source: 'event',
      sourceLabel: 'Artificial-lift failure, 2024-02-01 to 2024-02-05',
      wellName: 'Events 1H',
      date: null,
      state: 'synced',
    });
    expect(
      log.changes[0]!.values.map((value) => [value.field, value.oldValue, value.newValue]),
    ).toEqual([
      ['startDate', null, '2024-02-01'],
      ['endDate', null, '2024-02-05'],
      ['category', null, 'Artificial-lift failure'],
      ['note', null, 'ESP tripped'],
    ]);
  });

  it('reads events another client recorded, and forgets those it deleted', async () => {
    await f.api.putWellEvent(project(), well.id, 'from-the-office', {
      startDate: '2024-01-10',
      endDate: null,
      category: 'Facility',
      note: '',
    });
    let listed = await handlers()['well-events-list']({ projectId: project() });
    expect(listed.events.map((event) => event.id)).toContain('from-the-office');
    expect(listed.events.find((event) => event.id === 'from-the-office')).toMatchObject({
      endDate: null,
      state: 'synced',
    });
    await f.api.deleteWellEvent(project(), well.id, 'from-the-office');
    listed = await handlers()['well-events-list']({ projectId: project() });
    expect(listed.events.map((event) => event.id)).not.toContain('from-the-office');
  });

  it('keeps an event recorded offline, and its change and deletion reach the server later', async () => {
    f.harness.setOffline(true);
    const saved = await handlers()['well-event-save']({
      projectId: project(),
      wellId: well.id,
      startDate: '2024-02-20',
      endDate: '2024-02-21',
      category: 'Weather',
    });
    await handlers()['sync-now']({});
    // The top bar's count has it, beside the outbox's operations.
    expect(await handlers()['sync-status']({})).toMatchObject({ pending: 0, pendingEvents: 1 });
    const offline = await handlers()['well-events-list']({ projectId: project(), wellId: well.id });
    expect(offline.events.find((event) => event.id === saved.id)).toMatchObject({
      state: 'pending',
    });
    await handlers()['well-event-save']({
      projectId: project(),
      wellId: well.id,
      id: saved.id,
      startDate: '2024-02-20',
      endDate: '2024-02-22',
      category: 'Weather',
      note: 'Ice storm',
    });
    f.harness.setOffline(false);
    await handlers()['sync-now']({});
    expect((await serverEvents()).find((event) => event.id === saved.id)).toMatchObject({
      endDate: '2024-02-22',
      note: 'Ice storm',
    });
    expect(await handlers()['sync-status']({})).toMatchObject({ pendingEvents: 0 });

    await handlers()['well-event-delete']({ projectId: project(), id: saved.id });
    const afterDelete = await handlers()['well-events-list']({ projectId: project() });
    expect(afterDelete.events.map((event) => event.id)).not.toContain(saved.id);
    await handlers()['sync-now']({});
    expect((await serverEvents()).map((event) => event.id)).not.toContain(saved.id);
  });

  it('refuses an end before the start, or moving an event to another well, changing nothing', async () => {
    const before = await handlers()['well-events-list']({ projectId: project() });
    await expect(
      handlers()['well-event-save']({
        projectId: project(),
        wellId: well.id,
        startDate: '2024-03-05',
        endDate: '2024-03-01',
        category: 'Workover',
      }),
    ).rejects.toMatchObject({ type: 'validation', message: expect.stringMatching(/endDate/) });
    const other = await f.api.createWell(project(), { name: 'Events 2H' });
    await handlers()['wells-list']({ projectId: project(), refresh: 'await' });
    const first = before.events[0]!;
    await expect(
      handlers()['well-event-save']({
        projectId: project(),
        wellId: other.id,
        id: first.id,
        startDate: first.startDate,
        endDate: first.endDate,
        category: first.category,
      }),
    ).rejects.toMatchObject({ type: 'validation' });
    expect((await handlers()['well-events-list']({ projectId: project() })).events).toEqual(
      before.events,
    );
  });

  it('keeps an edited list of reasons per project, one of each', async () => {
    const saved = await handlers()['well-event-categories-save']({
      projectId: project(),
      categories: ['ESP failure', 'Facility', 'esp failure', 'Hydrates'],
    });
    expect(saved.categories).toEqual(['ESP failure', 'Facility', 'Hydrates']);
    expect((await handlers()['well-events-list']({ projectId: project() })).categories).toEqual(
      saved.categories,
    );
  });

  it('imports a CSV all or nothing, naming the row and column of each problem', async () => {
    const before = await handlers()['well-events-list']({ projectId: project() });
    const bad = [
      'Well,Start,End,Reason,Note',
      'Events 1H,2024-01-03,2024-01-04,Facility,ok',
      'Events 1H,2024-01-31,2024-01-30,Facility,backwards',
      'Nowhere 9H,2024-01-05,,Weather,',
      'Events 1H,03/01/2024,,Weather,',
    ].join('\n');
    await expect(
      handlers()['well-events-import']({ projectId: project(), text: bad, fileName: 'events.csv' }),
    ).rejects.toMatchObject({
      type: 'validation',
      details: {
        issues: [
          { path: 'row 3, End', message: 'must not be before the start (2024-01-31)' },
          { path: 'row 4, Well', message: '"Nowhere 9H" is not a well of this project' },
          { path: 'row 5, Start', message: '"03/01/2024" must be a date written YYYY-MM-DD' },
        ],
      },
    });
    expect((await handlers()['well-events-list']({ projectId: project() })).events).toEqual(
      before.events,
    );

    const good = [
      '\ufeffEvent ID,Well ID,Start,End,Reason,Note',
      `trip-1,${well.id},2024-01-03,2024-01-04,Facility,"Compressor, then restart"`,
      `trip-2,${well.id},2024-01-20,,Workover,`,
    ].join('\r\n');
    expect(await handlers()['well-events-import']({ projectId: project(), text: good })).toEqual({
      added: 2,
      replaced: 0,
    });
    // The same file again replaces, never doubles.
    expect(await handlers()['well-events-import']({ projectId: project(), text: good })).toEqual({
      added: 0,
      replaced: 2,
    });
    const listed = await handlers()['well-events-list']({ projectId: project() });
    expect(listed.events.filter((event) => event.id.startsWith('trip-'))).toMatchObject([
      { id: 'trip-1', note: 'Compressor, then restart', endDate: '2024-01-04' },
      { id: 'trip-2', endDate: null, category: 'Workover' },
    ]);
    await handlers()['sync-now']({});
    expect((await serverEvents()).map((event) => event.id)).toEqual(
      expect.arrayContaining(['trip-1', 'trip-2']),
    );
  });

  it('comes along when the project is kept on this computer, for lost production offline', async () => {
    await handlers()['replica-open']({ projectId: project() });
    await f.harness.core.whenIdle();
    // Another engineer records an event; the next keeping run sees the project changed.
    await f.api.putWellEvent(project(), well.id, 'office-storm', {
      startDate: '2024-02-25',
      endDate: '2024-02-26',
      category: 'Weather',
      note: 'Recorded at the office',
    });
    await handlers()['replica-open']({ projectId: project() });
    await f.harness.core.whenIdle();
    f.harness.setOffline(true);
    try {
      const listed = await handlers()['well-events-list']({ projectId: project() });
      expect(listed.events.find((event) => event.id === 'office-storm')).toMatchObject({
        category: 'Weather',
        state: 'synced',
      });
    } finally {
      f.harness.setOffline(false);
    }
  });
});
