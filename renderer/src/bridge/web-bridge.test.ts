import { describe, expect, it } from 'vitest';
import { hostAnswer, readEvents } from './web-bridge.js';

describe('hostAnswer: the browser host answered without a reply', () => {
  it.each([403, 413, 415, 401, 405])('%i is a refusal carrying the host’s reason', (status) => {
    expect(hostAnswer(status, 'Unsupported media type: the body must be JSON.\n')).toEqual({
      ok: false,
      error: {
        type: 'refused',
        message: `The Flowline host refused the request (${status}): Unsupported media type: the body must be JSON.`,
        details: { status },
      },
    });
  });

  it('a failure of the host itself is internal, never offline', () => {
    expect(hostAnswer(500, 'Internal error')).toMatchObject({
      ok: false,
      error: { type: 'internal', message: 'The Flowline host failed (500): Internal error' },
    });
  });

  it('names the status when the host gave no reason', () => {
    expect(hostAnswer(413, '')).toMatchObject({
      error: { message: 'The Flowline host refused the request (413): HTTP 413' },
    });
  });
});

describe('readEvents: the host’s server-sent events, read from a fetch body', () => {
  /** A body arriving in exactly these chunks. */
  function body(chunks: string[]): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  }

  async function read(chunks: string[]): Promise<Array<[string, string]>> {
    const events: Array<[string, string]> = [];
    await readEvents(body(chunks), (event, data) => events.push([event, data]));
    return events;
  }

  it('gives each named event its data, skipping comments and heartbeats', async () => {
    expect(
      await read([
        ': connected\n\n',
        'event: cache-changed\ndata: {"kind":"projects"}\n\n',
        ': heartbeat\n\n',
        'event: outbox-changed\ndata: {}\n\n',
      ]),
    ).toEqual([
      ['cache-changed', '{"kind":"projects"}'],
      ['outbox-changed', '{}'],
    ]);
  });

  it('puts together events split anywhere between chunks, CRLF included', async () => {
    const whole = 'event: sync-status-changed\r\ndata: {"a":1}\r\n\r\nevent: x\ndata: 2\n\n';
    for (let cut = 1; cut < whole.length; cut++) {
      expect(await read([whole.slice(0, cut), whole.slice(cut)]), `cut at ${cut}`).toEqual([
        ['sync-status-changed', '{"a":1}'],
        ['x', '2'],
      ]);
    }
    // Multi-byte characters split between chunks too.
    const bytes = new TextEncoder().encode('event: e\ndata: "Montney – Alberta"\n\n');
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 26));
        controller.enqueue(bytes.slice(26));
        controller.close();
      },
    });
    const events: Array<[string, string]> = [];
    await readEvents(split, (event, data) => events.push([event, data]));
    expect(events).toEqual([['e', '"Montney – Alberta"']]);
  });

  it('joins multi-line data and drops an event the stream ended inside', async () => {
    expect(await read(['event: e\ndata: one\ndata: two\n\nevent: cut\ndata: half'])).toEqual([
      ['e', 'one\ntwo'],
    ]);
  });
});
