import { afterEach, describe, expect, it } from 'vitest';
import { json } from './testing/fake-server.js';
import { closeScripted, failure, scriptedClient } from './testing/scripted-client.js';
import { REDACTED, redactCredentials, secretScrubber } from './redact.js';

/** The client's errors never carry its token back, whatever the server echoes. */

afterEach(closeScripted);

const TOKEN = 'flw_S3cr3t/t0ken+with=odd&chars';

describe('secretScrubber', () => {
  const scrub = secretScrubber([TOKEN]);

  it('takes out the token as is, URL-encoded and in base64', () => {
    const base64 = Buffer.from(TOKEN).toString('base64');
    const base64url = Buffer.from(TOKEN).toString('base64url');
    const text = `a ${TOKEN} b ${encodeURIComponent(TOKEN)} c ${base64} d ${base64url}`;
    expect(scrub(text)).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED} d ${REDACTED}`);
  });

  it('takes out any Authorization or Bearer value, and leaves prose alone', () => {
    expect(redactCredentials('Authorization: Bearer abc.def-123')).toBe(
      `Authorization: ${REDACTED}`,
    );
    expect(redactCredentials('{"authorization":"Basic dXNlcjpw"}')).toBe(
      `{"authorization":"${REDACTED}"}`,
    );
    expect(redactCredentials('got bearer flw_abcdefgh12 here')).toBe(`got bearer ${REDACTED} here`);
    const prose = 'A bearer token is required; send the Authorization header.';
    expect(redactCredentials(prose)).toBe(prose);
  });

  it('leaves text alone for a secret too short to be a token', () => {
    expect(secretScrubber(['tok'])('a token')).toBe('a token');
  });
});

describe('errors of an echoing server', () => {
  it('carry no token in message, code, request id or details', async () => {
    const echoed = (request: { headers: Record<string, unknown> }) =>
      `you sent ${String(request.headers.authorization)}`;
    const { client } = await scriptedClient(
      [
        (request, response, body) =>
          json(
            409,
            {
              error: {
                code: `CONFLICT ${TOKEN}`,
                message: echoed(request),
                requestId: `req_${TOKEN}`,
                details: [{ path: `records[0].${TOKEN}`, message: echoed(request) }],
              },
            },
            { 'x-request-id': TOKEN },
          )(request, response, body),
      ],
      { token: TOKEN },
    );
    const error = await failure(client.getProject('p1'));
    expect(JSON.stringify(error.toJSON())).not.toContain(TOKEN);
    expect(error.toJSON()).toEqual({
      status: 409,
      code: `CONFLICT ${REDACTED}`,
      message: `you sent Bearer ${REDACTED}`,
      requestId: `req_${REDACTED}`,
      details: [{ path: `records[0].${REDACTED}`, message: `you sent Bearer ${REDACTED}` }],
    });
  });
});
