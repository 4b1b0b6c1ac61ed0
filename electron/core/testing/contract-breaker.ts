import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';

/**
 * A tiny stand-in for a server that is not quite the API: it answers the
 * contract correctly until told to answer one kind of route with an HTML page,
 * truncated JSON, a proxy's 502 page, the wrong shape, or dates outside the
 * range. Our real server never does any of that, which is why this exists.
 */
export type Breakage = 'html' | 'truncated' | 'proxy-502' | 'wrong-shape' | 'outside-range';
export type RouteKind = 'projects' | 'wells' | 'production';

export interface ContractBreaker {
  baseUrl: string;
  token: string;
  projectId: string;
  wellId: string;
  breakRoute(kind: RouteKind | 'all', breakage: Breakage): void;
  repair(): void;
  close(): Promise<void>;
}

const PROJECT = {
  id: 'prj_fake',
  name: 'Fake project',
  description: '',
  timezone: 'UTC',
  unitSystem: 'imperial',
  wellCount: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const WELL = {
  id: 'wel_fake',
  projectId: PROJECT.id,
  name: 'Fake 1H',
  apiNumber: '42-123-45678',
  type: 'producer',
  status: 'active',
  latitude: 31.5,
  longitude: -103.5,
  spudDate: '2019-01-01',
  firstProductionDate: '2019-03-01',
  lateralLength: 10000,
  perfInterval: { topMd: 9000, bottomMd: 19000 },
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

export async function startContractBreaker(): Promise<ContractBreaker> {
  let broken: { kind: RouteKind | 'all'; breakage: Breakage } | null = null;
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const kind: RouteKind = path.endsWith('/production')
      ? 'production'
      : path.includes('/wells')
        ? 'wells'
        : 'projects';
    if (broken && (broken.kind === 'all' || broken.kind === kind)) {
      switch (broken.breakage) {
        case 'html':
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end('<!doctype html><h1>Please sign in to the corporate portal</h1>');
        case 'truncated':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('{"data": [{"id": "prj_fake", "name": "Fake pro');
        case 'proxy-502':
          response.writeHead(502, { 'content-type': 'text/html' });
          return response.end('<html><body>502 Bad Gateway</body></html>');
        case 'wrong-shape':
          return json(response, { items: [], next: null });
        case 'outside-range':
          break; // handled below, for production only
      }
    }
    if (path === '/projects')
      return json(response, { data: [PROJECT], nextCursor: null, total: 1 });
    if (path === `/projects/${PROJECT.id}`) return json(response, PROJECT);
    if (path === `/projects/${PROJECT.id}/wells`) {
      return json(response, { data: [WELL], nextCursor: null, total: 1 });
    }
    if (path === `/projects/${PROJECT.id}/wells/${WELL.id}`) return json(response, WELL);
    if (kind === 'production') {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const shifted = broken?.breakage === 'outside-range';
      const data = days(from, to).map((date, i) => {
        const item: Record<string, unknown> = { date: shifted ? `1999${date.slice(4)}` : date };
        for (const field of PRODUCTION_FIELDS) item[field] = field === 'oil_rate' ? 100 + i : null;
        return item;
      });
      return json(response, {
        wellId: WELL.id,
        from,
        to,
        aggregation: 'daily',
        fields: ['date', ...PRODUCTION_FIELDS],
        data,
      });
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No such thing', requestId: 'r' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    token: 'flw_fake_token_for_the_breaker',
    projectId: PROJECT.id,
    wellId: WELL.id,
    breakRoute: (kind, breakage) => {
      broken = { kind, breakage };
    },
    repair: () => {
      broken = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
