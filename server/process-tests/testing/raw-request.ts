/**
 * A POST written by hand over node:http, so a test controls when the body is sent:
 * part of it, then (after a kill or a signal) the rest.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';

export interface RawResponse {
  status: number;
  body: string;
}

export interface RawPost {
  req: ClientRequest;
  /** Writes the first `fraction` of the body and resolves once it is flushed to the socket. */
  writePart(fraction: number): Promise<void>;
  /** Writes whatever is left and ends the request; resolves once flushed. */
  finish(): Promise<void>;
  /** The response, or the error that ended the exchange (e.g. the server was killed). */
  outcome: Promise<RawResponse | Error>;
  /** The response if it has fully arrived by now. */
  received(): RawResponse | undefined;
}

export function rawJsonPost(url: string, token: string, json: string): RawPost {
  const body = Buffer.from(json);
  let sent = 0;
  let response: RawResponse | undefined;
  const req = httpRequest(url, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(body.length),
    },
  });
  const outcome = new Promise<RawResponse | Error>((done) => {
    req.on('error', (error) => done(error));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        response = { status: res.statusCode ?? 0, body: text };
        done(response);
      });
      res.on('error', (error) => done(error));
    });
  });
  const write = (chunk: Buffer, end: boolean) =>
    new Promise<void>((done) => {
      if (req.destroyed) return done();
      if (end) req.end(chunk, () => done());
      else req.write(chunk, () => done());
      // A request torn down by a killed server never calls back.
      req.once('error', () => done());
    });
  return {
    req,
    writePart: (fraction) => {
      const upTo = Math.floor(body.length * fraction);
      const chunk = body.subarray(sent, upTo);
      sent = upTo;
      return write(chunk, false);
    },
    finish: () => {
      const chunk = body.subarray(sent);
      sent = body.length;
      return write(chunk, true);
    },
    outcome,
    received: () => response,
  };
}
