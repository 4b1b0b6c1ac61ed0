import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures.js';

/** The page's storage, spelled out: the e2e files are type-checked without the DOM library. */
interface PageGlobals {
  localStorage: { getItem(name: string): string | null };
}

/**
 * The browser host's session against other programs on this computer. Cookies are not scoped
 * to a port, so the browser hands the host's session cookie to anything else listening on
 * 127.0.0.1; these tests play that program: a page served from another port, and a plain
 * listener that catches the cookie and replays it. Only the app's own page, holding the key
 * it was given at sign-in, is answered.
 */

interface Served {
  origin: string;
  close(): Promise<void>;
}

function serve(handler: http.RequestListener): Promise<Served> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** A request as a program sends it: exactly these headers, no browser adding its own. */
function replay(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; location: string | undefined; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

test('another program on 127.0.0.1 cannot use the session the browser holds', async ({
  page,
  host,
}) => {
  const hostOrigin = new URL(host.launchUrl).origin;
  const { port } = new URL(hostOrigin);
  const ownStream = page.waitForResponse((response) => response.url() === `${hostOrigin}/events`);
  await page.goto(host.launchUrl);
  await expect(page.getByRole('link', { name: /Williston Bakken/ })).toBeVisible();
  // The app's own events stream is answered (it carries the page key, with fetch).
  expect((await ownStream).status()).toBe(200);
  const pageKey = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).localStorage.getItem('flowline-page-key'),
  );
  expect(pageKey).toMatch(/^[\w-]{43}$/);

  // The listener: whatever the browser sends it, it keeps.
  const caught: string[] = [];
  const listener = await serve((request, response) => {
    caught.push(request.headers.cookie ?? '');
    response.writeHead(204).end();
  });
  // The attacker's page, on yet another port, pulls an image from the listener.
  const site = await serve((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Elsewhere</title><img src="${listener.origin}/pixel.gif" alt="">`,
    );
  });
  try {
    const attacker = await page.context().newPage();
    const answered: Array<{ url: string; status: number }> = [];
    attacker.on('response', (response) => {
      if (response.url().startsWith(hostOrigin)) {
        answered.push({ url: response.url(), status: response.status() });
      }
    });
    await attacker.goto(`${site.origin}/`);

    // The cookie does reach the listener: this is the leak the page key answers.
    const cookieName = `flowline_session_${port}`;
    await expect.poll(() => caught.join('; ')).toContain(`${cookieName}=`);
    const stolen = caught
      .flatMap((header) => header.split(/;\s*/))
      .find((part) => part.startsWith(`${cookieName}=`)) as string;

    // 1. The attacker's page calls the host with the browser's cookie, every way a page can.
    const attempts = await attacker.evaluate(async (hostOrigin) => {
      const outcome = async (request: Promise<Response>) => {
        try {
          const response = await request;
          return { type: response.type, status: response.status, text: await response.text() };
        } catch (error) {
          return { type: 'failed', status: 0, text: String(error) };
        }
      };
      return {
        // A simple POST, which a browser sends without asking: the answer stays opaque.
        simple: await outcome(
          fetch(`${hostOrigin}/rpc/projects-list`, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            headers: { 'Content-Type': 'text/plain' },
            body: '{}',
          }),
        ),
        // As the app calls it: JSON and the key header, which needs the host's permission.
        json: await outcome(
          fetch(`${hostOrigin}/rpc/projects-list`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', 'X-Flowline-Key': 'guess' },
            body: '{}',
          }),
        ),
        events: await outcome(fetch(`${hostOrigin}/events`, { credentials: 'include' })),
        // The stream fetched blind (an opaque answer), which the browser lets any page do.
        blindEvents: await outcome(
          fetch(`${hostOrigin}/events`, { mode: 'no-cors', credentials: 'include' }),
        ),
        app: await outcome(fetch(`${hostOrigin}/`, { credentials: 'include' })),
        // Another port is another origin: the app's storage is not this page's.
        key: (globalThis as unknown as PageGlobals).localStorage.getItem('flowline-page-key'),
      };
    }, hostOrigin);
    expect(attempts.simple).toEqual({ type: 'opaque', status: 0, text: '' });
    expect(attempts.blindEvents).toEqual({ type: 'opaque', status: 0, text: '' });
    for (const attempt of [attempts.json, attempts.events, attempts.app]) {
      expect(attempt.type).toBe('failed');
    }
    expect(attempts.key).toBeNull();
    // What reached the host with the cookie was refused there, not merely hidden by the browser.
    const byPath = (path: string) => answered.filter((a) => a.url === `${hostOrigin}${path}`);
    // (A request the browser refused to show the page is not always reported as answered.)
    for (const path of ['/rpc/projects-list', '/events']) {
      const statuses = byPath(path).map((a) => a.status);
      expect(statuses.length, path).toBeGreaterThan(0);
      expect(new Set(statuses), path).toEqual(new Set([403]));
    }

    // 2. The listener replays the cookie it caught, as a program does: no Origin, no
    // Sec-Fetch-Site.
    const asProgram = { host: `127.0.0.1:${port}`, cookie: stolen };
    const rpc = (headers: Record<string, string>) =>
      replay(`${hostOrigin}/rpc/projects-list`, {
        method: 'POST',
        headers: { ...asProgram, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const bare = await rpc({});
    expect(bare.status).toBe(403);
    expect(bare.body).toMatch(/^Forbidden: the request does not say where it comes from/);
    const bareEvents = await replay(`${hostOrigin}/events`, { headers: asProgram });
    expect(bareEvents.status).toBe(403);
    // Posing as the app's page does not help: the key is what it cannot have.
    const browserSays = { origin: hostOrigin, 'sec-fetch-site': 'same-origin' };
    const posing = await rpc(browserSays);
    expect(posing.status).toBe(403);
    expect(posing.body).toMatch(/^Forbidden: the request does not carry the page key/);
    expect(
      (await replay(`${hostOrigin}/events`, { headers: { ...asProgram, ...browserSays } })).status,
    ).toBe(403);
    // The cookie opens the renderer's files, and the sign-in address only the app: no key.
    const app = await replay(`${hostOrigin}/`, { headers: asProgram });
    expect(app.status).toBe(200);
    const signIn = await replay(`${hostOrigin}/session?key=guess`, { headers: asProgram });
    expect(signIn).toMatchObject({ status: 302, location: '/' });
    for (const answer of [bare, bareEvents, posing, app, signIn]) {
      expect(answer.body).not.toContain(pageKey);
    }
    await attacker.close();

    // 3. The app's own page keeps working throughout.
    await page.getByRole('link', { name: /Williston Bakken/ }).click();
    await expect(page.getByTestId('well-count')).toContainText('90 of 90 wells');
  } finally {
    await site.close();
    await listener.close();
  }
});

test('the printed link opened again in the signed-in browser opens the app; elsewhere it is spent', async ({
  page,
  host,
  browser,
}) => {
  const hostOrigin = new URL(host.launchUrl).origin;
  await page.goto(host.launchUrl);
  await expect(page.getByRole('link', { name: /Williston Bakken/ })).toBeVisible();
  // The link leaves the address bar (and the history) once it has signed in.
  expect(page.url()).toMatch(new RegExp(`^${hostOrigin}/(#.*)?$`));

  const again = await page.context().newPage();
  await again.goto(host.launchUrl);
  await again.getByRole('link', { name: /Montney Alberta/ }).click();
  await expect(again.getByTestId('page-title')).toHaveText('Montney Alberta');
  await expect(again.getByTestId('well-count')).toBeVisible();
  expect(again.url()).toMatch(new RegExp(`^${hostOrigin}/#`));
  await again.close();

  // Another browser (no cookie): the link has been used.
  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    const response = await stranger.goto(host.launchUrl);
    expect(response?.status()).toBe(403);
    await expect(stranger.locator('body')).toContainText(
      'This link has already been used (in another browser, or its cookies were cleared). Restart `npm run web` for a new one.',
    );
  } finally {
    await other.close();
  }
  // The first tab still works.
  await page.getByRole('link', { name: /Permian Delaware Basin/ }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Permian Delaware Basin');
});
