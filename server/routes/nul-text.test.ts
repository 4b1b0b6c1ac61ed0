import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

/**
 * A NUL character (U+0000) in stored text is refused alike on SQLite and PostgreSQL, whose text
 * cannot hold one (docs/api-decisions.md, "Text"): 400 naming the member, nothing stored.
 * Ids and searches holding one are not stored text: they find nothing.
 */
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

function expectRefused(response: Awaited<ReturnType<Harness['call']>>, path: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const error = errorOf(response);
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.details).toContainEqual({
    path,
    message: 'must not contain a NUL character (\\u0000)',
  });
}

describe('NUL characters in text', () => {
  it('refuses them in a project name or description, on create and on PATCH', async () => {
    expectRefused(await h.call('POST', '/api/v1/projects', { body: { name: 'A\u0000B' } }), 'name');
    expectRefused(
      await h.call('POST', '/api/v1/projects', { body: { name: 'A', description: '\u0000' } }),
      'description',
    );
    expect(await h.scalar('SELECT COUNT(*) FROM projects')).toBe(0);
    const id = await h.project({ name: 'Kept' });
    expectRefused(
      await h.call('PATCH', `/api/v1/projects/${id}`, { body: { name: '\u0000' } }),
      'name',
    );
    expect((await h.call('GET', `/api/v1/projects/${id}`)).json().name).toBe('Kept');
  });

  it('refuses them in a well name, on create and on PATCH', async () => {
    const projectId = await h.project();
    const wells = `/api/v1/projects/${projectId}/wells`;
    expectRefused(await h.call('POST', wells, { body: { name: 'Well\u00001' } }), 'name');
    expect(await h.scalar('SELECT COUNT(*) FROM wells')).toBe(0);
    const wellId = await h.well(projectId, { name: 'Well 1' });
    expectRefused(
      await h.call('PATCH', `${wells}/${wellId}`, { body: { name: 'x\u0000' } }),
      'name',
    );
    expect((await h.call('GET', `${wells}/${wellId}`)).json().name).toBe('Well 1');
  });

  it('finds nothing for an id or a search holding one', async () => {
    const projectId = await h.project();
    await h.well(projectId, { name: 'Well 1' });
    expect((await h.call('GET', `/api/v1/projects/${projectId}%00`)).statusCode).toBe(404);
    const search = await h.call('GET', `/api/v1/projects/${projectId}/wells`, {
      query: { search: 'Well\u0000' },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(0);
  });
});
