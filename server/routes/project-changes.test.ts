import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

/**
 * GET /api/v1/projects/{projectId}/changes, the changes extension: which wells changed since a
 * client's last look. Engine-neutral: `npm run test:pg` runs it on PostgreSQL too.
 */

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

interface Changes {
  projectId: string;
  version: number;
  projectVersion: number;
  since: number | null;
  reset: boolean;
  wells: Array<{ id: string; version: number; deleted: boolean }>;
}

async function changes(projectId: string, since?: number | string): Promise<Changes> {
  const response = await h.call('GET', `/api/v1/projects/${projectId}/changes`, {
    ...(since === undefined ? {} : { query: { since: String(since) } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = (body: Changes) => body.wells.map((well) => [well.id, well.deleted]);

describe('project changes', () => {
  it('lists every well at first, nothing when nothing changed, then only what changed', async () => {
    const projectId = await h.project();
    const a = await h.well(projectId, { name: 'A' });
    const b = await h.well(projectId, { name: 'B' });
    const first = await changes(projectId);
    expect(first).toMatchObject({ projectId, since: null, reset: false });
    expect(ids(first)).toEqual([
      [a, false],
      [b, false],
    ]);

    // Nothing changed: the one request says so.
    const quiet = await changes(projectId, first.version);
    expect(quiet).toMatchObject({ version: first.version, since: first.version, wells: [] });

    // Production written on one well: that well alone, at a higher version.
    const posted = await h.call('POST', `/api/v1/projects/${projectId}/wells/${b}/production`, {
      body: { records: [{ date: '2025-01-01', oil_rate: 10 }] },
    });
    expect(posted.statusCode).toBe(200);
    const afterPost = await changes(projectId, first.version);
    expect(ids(afterPost)).toEqual([[b, false]]);
    expect(afterPost.version).toBeGreaterThan(first.version);
    expect(afterPost.wells[0]!.version).toBe(afterPost.version);
    expect(afterPost.projectVersion).toBe(first.projectVersion);

    // A 10,000-record write counts once, not per record.
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      date: new Date(Date.UTC(1990, 0, 1 + i)).toISOString().slice(0, 10),
      oil_rate: i,
    }));
    await h.call('POST', `/api/v1/projects/${projectId}/wells/${a}/production`, {
      body: { records: many },
    });
    expect((await changes(projectId, afterPost.version)).version).toBe(afterPost.version + 1);
  });

  it('lists a well edited, created, deleted or imported into, and moves projectVersion', async () => {
    const projectId = await h.project();
    const a = await h.well(projectId, { name: 'A' });
    const b = await h.well(projectId, { name: 'B' });
    const start = (await changes(projectId)).version;

    await h.call('PATCH', `/api/v1/projects/${projectId}/wells/${a}`, {
      body: { status: 'shut_in' },
    });
    const c = await h.well(projectId, { name: 'C' });
    await h.call('DELETE', `/api/v1/projects/${projectId}/wells/${b}`);
    const imported = await h.call(
      'POST',
      `/api/v1/projects/${projectId}/wells/${c}/production/import`,
      { body: 'date,oil_rate\n2025-02-01,5\n', headers: { 'content-type': 'text/csv' } },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const later = await changes(projectId, start);
    expect(ids(later)).toEqual([
      [a, false],
      [b, true],
      [c, false],
    ]);
    // Ordered by version: the import moved C after B's deletion.
    const versions = later.wells.map((well) => well.version);
    expect(versions).toEqual([...versions].sort((x, y) => x - y));

    const renamed = await h.call('PATCH', `/api/v1/projects/${projectId}`, {
      body: { unitSystem: 'metric' },
    });
    expect(renamed.statusCode).toBe(200);
    const afterProject = await changes(projectId, later.version);
    expect(afterProject.projectVersion).toBe(afterProject.version);
    expect(afterProject.projectVersion).toBeGreaterThan(later.version);
    // A patch that changes nothing counts nothing.
    await h.call('PATCH', `/api/v1/projects/${projectId}`, { body: { unitSystem: 'metric' } });
    expect((await changes(projectId, afterProject.version)).wells).toEqual([]);
    expect((await changes(projectId)).version).toBe(afterProject.version);
  });

  it('says reset, listing every well, when since is ahead of the server', async () => {
    const projectId = await h.project();
    const a = await h.well(projectId, { name: 'A' });
    const { version } = await changes(projectId);
    const ahead = await changes(projectId, version + 5);
    expect(ahead).toMatchObject({ reset: true, since: version + 5, version });
    expect(ids(ahead)).toEqual([[a, false]]);
  });

  it('refuses a since that is not a count, naming it, and hides other users’ projects', async () => {
    const projectId = await h.project();
    for (const bad of ['-1', '1.5', 'x', '']) {
      const response = await h.call('GET', `/api/v1/projects/${projectId}/changes`, {
        query: { since: bad },
      });
      expect(response.statusCode, bad).toBe(400);
      expect(JSON.stringify(errorOf(response)), bad).toMatch(/since/);
    }
    const others = await h.call('GET', `/api/v1/projects/${projectId}/changes`, {
      token: h.tokens.bob,
    });
    expect(others.statusCode).toBe(404);
    const noScope = await h.token('alice', ['read:projects']);
    const refused = await h.call('GET', `/api/v1/projects/${projectId}/changes`, {
      token: noScope,
    });
    expect(refused.statusCode).toBe(403);
  });
});
