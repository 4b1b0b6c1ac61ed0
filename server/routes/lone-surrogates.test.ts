import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

/**
 * A lone UTF-16 surrogate (a JSON body's "\uD800" with no pair) in stored text is refused
 * with a 400 naming the member, on both engines: UTF-8 cannot encode one, so it would be
 * stored as U+FFFD and read back different from what was sent. A proper pair (an emoji)
 * is ordinary text.
 */
const MESSAGE = 'must not contain a lone UTF-16 surrogate (\\uD800-\\uDFFF without its pair)';

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
  expect(error.details).toContainEqual({ path, message: MESSAGE });
}

/** The body as the JSON text a client sends: the surrogate spelled as an escape. */
function rawJson(text: string) {
  return { body: text, headers: { 'content-type': 'application/json' } };
}

describe('lone surrogates in text', () => {
  it('refuses them in a project name or description, on create and on PATCH', async () => {
    expectRefused(await h.call('POST', '/api/v1/projects', rawJson('{"name":"A\\uD800"}')), 'name');
    expectRefused(await h.call('POST', '/api/v1/projects', { body: { name: '\uDC00B' } }), 'name');
    expectRefused(
      await h.call('POST', '/api/v1/projects', { body: { name: 'A', description: 'x\uDBFFy' } }),
      'description',
    );
    expect(await h.scalar('SELECT COUNT(*) FROM projects')).toBe(0);
    const id = await h.project({ name: 'Kept' });
    expectRefused(
      await h.call('PATCH', `/api/v1/projects/${id}`, rawJson('{"description":"\\uDFFF"}')),
      'description',
    );
    expectRefused(
      await h.call('PATCH', `/api/v1/projects/${id}`, {
        body: { name: 'Pair reversed \uDC00\uD800' },
      }),
      'name',
    );
    const kept = (await h.call('GET', `/api/v1/projects/${id}`)).json();
    expect(kept.name).toBe('Kept');
    expect(kept.description).toBe('');
  });

  it('refuses them in a well name, on create and on PATCH', async () => {
    const projectId = await h.project();
    const wells = `/api/v1/projects/${projectId}/wells`;
    expectRefused(await h.call('POST', wells, rawJson('{"name":"Well \\uD800"}')), 'name');
    expect(await h.scalar('SELECT COUNT(*) FROM wells')).toBe(0);
    const wellId = await h.well(projectId, { name: 'Well 1' });
    expectRefused(
      await h.call('PATCH', `${wells}/${wellId}`, { body: { name: '\uD83D' } }),
      'name',
    );
    expect((await h.call('GET', `${wells}/${wellId}`)).json().name).toBe('Well 1');
  });

  it('stores a surrogate pair as sent and reads it back unchanged', async () => {
    const name = 'Well \uD83D\uDEE2 \u{1F525}';
    const projectId = await h.project({ name, description: `${name} notes` });
    const project = (await h.call('GET', `/api/v1/projects/${projectId}`)).json();
    expect(project.name).toBe(name);
    expect(project.description).toBe(`${name} notes`);
    const wellId = await h.well(projectId, { name });
    expect((await h.call('GET', `/api/v1/projects/${projectId}/wells/${wellId}`)).json().name).toBe(
      name,
    );
  });
});
