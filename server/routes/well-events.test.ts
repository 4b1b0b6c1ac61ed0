import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
let projectId: string;
let wellId: string;
beforeEach(async () => {
  h = await createHarness();
  projectId = await h.project();
  wellId = await h.well(projectId, { name: 'Mesa 1H' });
});
afterEach(async () => {
  await h.close();
});

const wellEvents = (well = wellId) => `/api/v1/projects/${projectId}/wells/${well}/events`;
const projectEvents = () => `/api/v1/projects/${projectId}/events`;

describe('well events', () => {
  it('records an event with a POST, reads it back, and lists it under the well and project', async () => {
    const created = await h.call('POST', wellEvents(), {
      body: {
        startDate: '2024-03-01',
        endDate: '2024-03-10',
        category: '  ESP failure ',
        note: 'Pump pulled',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      wellId,
      startDate: '2024-03-01',
      endDate: '2024-03-10',
      category: 'ESP failure',
      note: 'Pump pulled',
      createdAt: expect.any(String),
      updatedAt: event.createdAt,
    });
    expect((await h.call('GET', `${wellEvents()}/${event.id}`)).json()).toEqual(event);
    expect((await h.call('GET', wellEvents())).json()).toEqual({
      data: [event],
      nextCursor: null,
      total: 1,
    });
    expect((await h.call('GET', projectEvents())).json().data).toEqual([event]);
  });

  it('creates at a chosen id with PUT (201), replaces with the same PUT (200), never twice', async () => {
    const body = { startDate: '2024-03-01', endDate: null, category: 'Workover' };
    const first = await h.call('PUT', `${wellEvents()}/a1b2-c3`, { body });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id: 'a1b2-c3', endDate: null, note: '' });
    const again = await h.call('PUT', `${wellEvents()}/a1b2-c3`, {
      body: { ...body, endDate: '2024-03-04', note: 'Back on' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: 'a1b2-c3', endDate: '2024-03-04', note: 'Back on' });
    expect(again.json().createdAt).toBe(first.json().createdAt);
    expect(await h.scalar('SELECT COUNT(*) FROM well_events')).toBe(1);
  });

  it('refuses an id another well of the project holds (409), and one not an id (400)', async () => {
    const other = await h.well(projectId, { name: 'Mesa 2H' });
    const body = { startDate: '2024-03-01', category: 'Facility' };
    expect((await h.call('PUT', `${wellEvents()}/shared-id`, { body })).statusCode).toBe(201);
    const clash = await h.call('PUT', `${wellEvents(other)}/shared-id`, { body });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).details?.[0]?.path).toBe('eventId');
    const bad = await h.call('PUT', `${wellEvents()}/${encodeURIComponent('a b')}`, { body });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details?.[0]?.path).toBe('eventId');
    // Another project may use the same id.
    const otherProject = await h.project({ name: 'Other' });
    const otherWell = await h.well(otherProject, { name: 'Far 1H' });
    const elsewhere = await h.call(
      'PUT',
      `/api/v1/projects/${otherProject}/wells/${otherWell}/events/shared-id`,
      { body },
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(await h.scalar('SELECT COUNT(*) FROM well_events')).toBe(2);
  });

  it('names the member that is wrong and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ category: 'Facility' }, 'startDate'],
      [{ startDate: '2024-02-30', category: 'Facility' }, 'startDate'],
      [{ startDate: '2024-03-05', endDate: '2024-03-01', category: 'Facility' }, 'endDate'],
      [{ startDate: '2024-03-05', category: '   ' }, 'category'],
      [{ startDate: '2024-03-05', category: 'x'.repeat(61) }, 'category'],
      [{ startDate: '2024-03-05', category: 'Facility', note: 'x'.repeat(2001) }, 'note'],
      [{ startDate: '2024-03-05', category: 'Facility', reason: 'extra' }, 'reason'],
    ];
    for (const [body, path] of cases) {
      const response = await h.call('POST', wellEvents(), { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).details?.map((d) => d.path)).toContain(path);
    }
    expect(await h.scalar('SELECT COUNT(*) FROM well_events')).toBe(0);
  });

  it('lists the events overlapping from..to, ongoing ones included, a page at a time', async () => {
    const put = (id: string, startDate: string, endDate: string | null) =>
      h.call('PUT', `${wellEvents()}/${id}`, { body: { startDate, endDate, category: 'Weather' } });
    await put('jan', '2024-01-05', '2024-01-09');
    await put('feb', '2024-02-01', '2024-02-03');
    await put('ongoing', '2023-12-01', null);
    await put('mar', '2024-03-01', '2024-03-01');
    const ids = async (query: Record<string, string>) =>
      (await h.call('GET', wellEvents(), { query })).json().data.map((e: { id: string }) => e.id);
    expect(await ids({})).toEqual(['ongoing', 'jan', 'feb', 'mar']);
    expect(await ids({ from: '2024-01-09', to: '2024-02-01' })).toEqual(['ongoing', 'jan', 'feb']);
    expect(await ids({ from: '2024-01-10', to: '2024-01-31' })).toEqual(['ongoing']);
    expect(await ids({ to: '2023-12-31' })).toEqual(['ongoing']);
    const backwards = await h.call('GET', wellEvents(), {
      query: { from: '2024-02-01', to: '2024-01-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).details?.[0]?.path).toBe('query.from');

    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await h.call('GET', projectEvents(), {
          query: { limit: '3', ...(cursor ? { cursor } : {}) },
        })
      ).json();
      expect(page.total).toBe(4);
      pages.push(...page.data.map((e: { id: string }) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual(['ongoing', 'jan', 'feb', 'mar']);
  });

  it('deletes (204, then 404), and a well takes its events with it', async () => {
    const event = (
      await h.call('POST', wellEvents(), {
        body: { startDate: '2024-01-01', category: 'Facility' },
      })
    ).json();
    expect((await h.call('DELETE', `${wellEvents()}/${event.id}`)).statusCode).toBe(204);
    expect((await h.call('DELETE', `${wellEvents()}/${event.id}`)).statusCode).toBe(404);
    expect((await h.call('GET', `${wellEvents()}/${event.id}`)).statusCode).toBe(404);
    await h.call('POST', wellEvents(), { body: { startDate: '2024-01-01', category: 'Facility' } });
    await h.call('DELETE', `/api/v1/projects/${projectId}/wells/${wellId}`);
    expect(await h.scalar('SELECT COUNT(*) FROM well_events')).toBe(0);
  });

  it('counts each event write as a change of the project, listing no well', async () => {
    const changes = async (since?: number) =>
      (
        await h.call('GET', `/api/v1/projects/${projectId}/changes`, {
          query: since === undefined ? {} : { since: String(since) },
        })
      ).json();
    const before = (await changes()).version as number;
    const put = await h.call('PUT', `${wellEvents()}/e1`, {
      body: { startDate: '2024-01-01', category: 'Facility' },
    });
    expect(put.statusCode).toBe(201);
    const afterPut = await changes(before);
    expect(afterPut.version).toBe(before + 1);
    expect(afterPut.wells).toEqual([]);
    await h.call('DELETE', `${wellEvents()}/e1`);
    expect((await changes(afterPut.version)).version).toBe(before + 2);
  });
});
