/**
 * A bare TCP connection to a server process, for requests no HTTP client would send:
 * paths exactly as written (no normalising of `.` segments or percent-escapes), and
 * headers or bodies that arrive a byte at a time.
 */
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Resolves when the server (or the test) has closed the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
  /** Writes and resolves once flushed; false if the connection was already closed. */
  write(text: string): Promise<boolean>;
}

export function openConnection(port: number): Promise<RawConnection> {
  return new Promise((ready, fail) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // A reset from the server closes the connection too; it is not a test failure.
    socket.on('error', () => undefined);
    const closedPromise = new Promise<void>((done) =>
      socket.once('close', () => {
        closed = true;
        done();
      }),
    );
    socket.once('connect', () =>
      ready({
        socket,
        received: () => received,
        closed: closedPromise,
        isClosed: () => closed,
        write: (text) =>
          new Promise((done) => {
            if (closed || socket.destroyed) return done(false);
            socket.write(text, (error) => done(!error));
          }),
      }),
    );
    socket.once('error', fail);
  });
}

/** Sends one whole request and resolves with the raw response once the server closes. */
export async function rawExchange(port: number, request: string): Promise<RawResponseText> {
  const connection = await openConnection(port);
  await connection.write(request);
  await connection.closed;
  return parseResponse(connection.received());
}

export interface RawResponseText {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first response in `text` (status line, lower-cased headers, the rest as body). */
export function parseResponse(text: string): RawResponseText {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: end === -1 ? '' : text.slice(end + 4),
  };
}
