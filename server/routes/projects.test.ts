import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe('projects', () => {
  it('creates a project with the decided defaults and returns every member', async () => {
    const response = await h.call('POST', '/api/v1/projects', {
      body: { name: '  North Field  ' },
    });
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(Object.keys(project).sort()).toEqual(
      [
        'createdAt',
        'description',
        'id',
        'name',
        'timezone',
        'unitSystem',
        'updatedAt',
        'wellCount',
      ].sort(),
    );
    expect(project).toMatchObject({
      name: 'North Field',
      description: '',
      timezone: 'UTC',
      unitSystem: 'imperial',
      wellCount: 0,
    });
    expect(project.id).toMatch(/^prj_[A-Za-z0-9_-]{22}$/);
    expect(project.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(project.updatedAt).toBe(project.createdAt);
  });

  it('reads, patches and deletes a project', async () => {
    const id = await h.project({ name: 'A', timezone: 'America/Chicago', unitSystem: 'metric' });
    const read = await h.call('GET', `/api/v1/projects/${id}`);
    expect(read.json()).toMatchObject({
      id,
      name: 'A',
      timezone: 'America/Chicago',
      unitSystem: 'metric',
    });

    const patched = await h.call('PATCH', `/api/v1/projects/${id}`, {
      body: { description: 'Pad 7', timezone: 'America/Denver' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'A',
      description: 'Pad 7',
      timezone: 'America/Denver',
    });
    expect(patched.json().updatedAt >= read.json().updatedAt).toBe(true);

    const unchanged = await h.call('PATCH', `/api/v1/projects/${id}`, { body: {} });
    expect(unchanged.json()).toEqual(patched.json());

    const deleted = await h.call('DELETE', `/api/v1/projects/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await h.call('GET', `/api/v1/projects/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NOT_FOUND');
  });

  it('counts wells and cascades a delete to wells and production', async () => {
    const id = await h.project();
    const wellId = await h.well(id);
    await h.well(id, { name: 'Well 2' });
    await h.call('POST', `/api/v1/projects/${id}/wells/${wellId}/production`, {
      body: { records: [{ date: '2024-01-01', oil_rate: 10 }] },
    });
    expect((await h.call('GET', `/api/v1/projects/${id}`)).json().wellCount).toBe(2);
    await h.call('DELETE', `/api/v1/projects/${id}`);
    expect(await h.scalar('SELECT COUNT(*) FROM wells')).toBe(0);
    expect(await h.scalar('SELECT COUNT(*) FROM production')).toBe(0);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{}, 'name', 'is required'],
    [{ name: '   ' }, 'name', 'must not be empty'],
    [{ name: 'x'.repeat(201) }, 'name', 'at most 200'],
    [{ name: 'A', timezone: 'Mars/Olympus' }, 'timezone', 'IANA'],
    [{ name: 'A', timezone: '+05:00' }, 'timezone', 'IANA'],
    [{ name: 'A', unitSystem: 'SI' }, 'unitSystem', ''],
    [{ name: 'A', description: 'x'.repeat(5001) }, 'description', '5000'],
    [{ name: 'A', wellCount: 3 }, 'wellCount', 'read-only'],
    [{ name: 'A', id: 'prj_mine' }, 'id', 'read-only'],
    [{ name: 'A', colour: 'red' }, 'colour', 'not a known member'],
    [{ name: 42 }, 'name', ''],
  ])('refuses an invalid body, naming %#: %s', async (body, path, words) => {
    const response = await h.call('POST', '/api/v1/projects', { body });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.some((d) => d.path === path && d.message.includes(words))).toBe(true);
    expect(await h.scalar('SELECT COUNT(*) FROM projects')).toBe(0);
  });

  it('stores Unicode and SQL-looking names literally', async () => {
    const name = "Robert'); DROP TABLE projects;-- ⛽ Ærø 油田";
    const id = await h.project({ name });
    expect((await h.call('GET', `/api/v1/projects/${id}`)).json().name).toBe(name);
  });

  it('pages with opaque cursors in (createdAt, id) order without repeats or gaps', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await h.project({ name: `P${i}` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: '3', ...(cursor ? { cursor } : {}) };
      const page = (await h.call('GET', '/api/v1/projects', { query })).json();
      expect(page.total).toBe(pages === 0 ? 7 : 8);
      seen.push(...page.data.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
      pages++;
      // Inserting while paging never makes an item repeat.
      if (pages === 1) ids.push(await h.project({ name: 'late' }));
    } while (cursor);
    // Every project exactly once, in the keyset order: createdAt, then id (projects made
    // within the same millisecond are ordered by their random ids, not by creation).
    const all = (await h.call('GET', '/api/v1/projects', { query: { limit: '200' } })).json();
    const order = all.data.map((p: { id: string }) => p.id);
    expect([...order].sort()).toEqual([...ids].sort());
    expect(seen).toEqual(order);
    const keys = all.data.map((p: { createdAt: string; id: string }) => [p.createdAt, p.id]);
    const binary = (a: string[], b: string[]) => {
      const left = `${a[0]}|${a[1]}`;
      const right = `${b[0]}|${b[1]}`;
      return left < right ? -1 : left > right ? 1 : 0;
    };
    expect(keys).toEqual([...keys].sort(binary));
    expect(pages).toBe(3);
  });

  it('refuses bad limits and tampered or foreign cursors', async () => {
    await h.project();
    await h.project();
    for (const limit of ['0', '201', '1.5', 'ten', '-1']) {
      const response = await h.call('GET', '/api/v1/projects', { query: { limit } });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details?.[0]?.path).toBe('query.limit');
    }
    const first = (await h.call('GET', '/api/v1/projects', { query: { limit: '1' } })).json();
    const tampered = `${first.nextCursor.slice(0, -2)}xx`;
    const response = await h.call('GET', '/api/v1/projects', { query: { cursor: tampered } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).details?.[0]?.path).toBe('query.cursor');
    const bobs = await h.call('GET', '/api/v1/projects', {
      token: h.tokens.bob,
      query: { cursor: first.nextCursor },
    });
    expect(bobs.statusCode).toBe(400);
    const twice = await h.call('GET', '/api/v1/projects?limit=1&limit=2');
    expect(twice.statusCode).toBe(400);
    const unknown = await h.call('GET', '/api/v1/projects?sort=name');
    expect(errorOf(unknown).details?.[0]).toEqual({
      path: 'query.sort',
      message: 'sort is not a known query parameter',
    });
  });

  it('shows users only their own projects; admin sees all', async () => {
    const mine = await h.project({ name: 'alice' });
    const theirs = await h.project({ name: 'bob' }, h.tokens.bob);
    const alice = (await h.call('GET', '/api/v1/projects')).json();
    expect(alice.data.map((p: { id: string }) => p.id)).toEqual([mine]);
    expect(alice.total).toBe(1);
    expect((await h.call('GET', `/api/v1/projects/${theirs}`)).statusCode).toBe(404);
    const admin = (await h.call('GET', '/api/v1/projects', { token: h.tokens.admin })).json();
    expect(admin.total).toBe(2);
  });
});
