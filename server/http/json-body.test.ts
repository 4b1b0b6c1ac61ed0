/**
 * JSON bodies whose shape no request of this API has are refused, naming the limit,
 * before an object is built; everything else is parsed as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const post = (url: string, body: string) =>
  h.call('POST', url, { body, headers: { 'content-type': 'application/json' } });

describe('JSON body limits', () => {
  it('refuses a body nested more than 16 deep with 400 naming the limit, at any size', async () => {
    h = await createHarness();
    for (const levels of [17, 1_000_000]) {
      const response = await post(
        '/api/v1/projects',
        `{"name":"x","description":${'['.repeat(levels)}${']'.repeat(levels)}}`,
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The request body nests arrays and objects more than 16 levels deep',
        details: [{ path: 'body', message: 'nests arrays and objects more than 16 levels deep' }],
      });
    }
  });

  it('refuses more than 1,000 different member names with 400', async () => {
    h = await createHarness();
    const names = Array.from({ length: 1001 }, (_, i) => `"extra${i}":1`).join(',');
    const response = await post('/api/v1/projects', `{"name":"x",${names}}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      'The request body uses more than 1,000 different member names',
    );
  });

  it('refuses more than 200,000 values with 413, like any body too large', async () => {
    h = await createHarness();
    const projectId = await h.project();
    const wellId = await h.well(projectId);
    const zeros = Array(200_001).fill('0').join(',');
    const response = await post(
      `/api/v1/projects/${projectId}/wells/${wellId}/production`,
      `{"records":[${zeros}]}`,
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The request body holds more than 200,000 array items and object members; send it in several requests',
    });
  });

  it('still parses valid bodies and refuses prototype poisoning and malformed JSON', async () => {
    h = await createHarness();
    const created = await post('/api/v1/projects', '{"name":"Fine","description":"[{:,\\"}]"}');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fine', description: '[{:,"}]' });
    const poisoned = await post('/api/v1/projects', '{"name":"x","__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
    expect(errorOf(poisoned).code).toBe('VALIDATION_ERROR');
    const malformed = await post('/api/v1/projects', '{"name":');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).details).toEqual([{ path: 'body', message: 'is not valid JSON' }]);
  });
});
