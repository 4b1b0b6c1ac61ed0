import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROJECT_CREATE,
  PROJECT_PATCH,
  RECORD_FIELDS,
  RequestProblem,
  WELL_INPUT,
  readMembers,
  readRecords,
  requireMembers,
  type Record9,
} from './requests.js';
import {
  DELETE_PRODUCTION,
  GET_PRODUCTION,
  LIST_PROJECTS,
  LIST_WELLS,
  NO_PARAMETERS,
  checkQuery,
} from './queries.js';
import { seedData, type SeedProject } from './seed.js';
import {
  PROJECT_SHAPES,
  WELL_SHAPES,
  shapeAt,
  type StoredProject,
  type StoredWell,
} from './shapes.js';

/**
 * A mock of the hosted Production Data service, built from its published
 * schema only (api-evangelist/tachyus: openapi/tachyus-projects-api-openapi.yml,
 * openapi/tachyus-wells-api-openapi.yml, openapi/tachyus-production-data-api-openapi.yml,
 * errors/tachyus-error-codes.yml, authentication/tachyus-authentication.yml,
 * conventions/tachyus-conventions.yml), never from our server's decisions:
 * Bearer token, the `{error: {code, message, requestId}}` envelope, cursor
 * pages whose `total` it leaves out, bodies in the shapes of shapes.ts, strict
 * request checks (requests.ts, and queries.ts for the query parameters each
 * operation names), at most `maxRecordsPerPost` records a POST, no
 * CSV import and no OpenAPI document (it publishes neither address).
 */
export interface PublishedService {
  baseUrl: string;
  token: string;
  /** Every request, in order: method, path with query, parsed JSON body. */
  requests: Array<{ method: string; path: string; body: unknown }>;
  projects: Map<string, StoredProject>;
  wells: Map<string, StoredWell>;
  /** Per well id, per date. */
  production: Map<string, Map<string, Record9>>;
  close(): Promise<void>;
}

export interface PublishedServiceOptions {
  /** Records a production POST may carry (the service sends more to its CSV import). */
  maxRecordsPerPost?: number;
  /** false: a PATCH member given as null is refused instead of cleared. */
  nullClears?: boolean;
  /** Starting data (seed.ts). */
  seed?: readonly SeedProject[];
}

const NOW = '2025-06-30T12:00:00.000Z';
let counter = 0;
const newId = (prefix: string) => `${prefix}-${(++counter).toString(36)}`;

export async function startPublishedService(
  options: PublishedServiceOptions = {},
): Promise<PublishedService> {
  const maxRecords = options.maxRecordsPerPost ?? 1000;
  const nullClears = options.nullClears ?? true;
  const state = {
    projects: new Map<string, StoredProject>(),
    wells: new Map<string, StoredWell>(),
    production: new Map<string, Map<string, Record9>>(),
  };
  /** A resource's place in creation order, which picks its shape. */
  const order = new Map<string, number>();
  const seeded = seedData(options.seed ?? [], NOW);
  seeded.projects.forEach((project, index) => {
    order.set(project.id, index);
    state.projects.set(project.id, project);
  });
  seeded.wells.forEach((well, index) => {
    order.set(well.id, index);
    state.wells.set(well.id, well);
  });
  for (const [wellId, days] of seeded.production) state.production.set(wellId, days);
  const requests: PublishedService['requests'] = [];
  const token = 'tach_live_mock';

  const projectBody = (project: StoredProject) =>
    shapeAt(PROJECT_SHAPES, order.get(project.id)!)(project, wellsOf(project.id).length);
  const wellBody = (well: StoredWell) =>
    shapeAt(WELL_SHAPES, order.get(well.id)!)(well, firstProduction(well.id));
  const wellsOf = (projectId: string) =>
    [...state.wells.values()].filter((well) => well.projectId === projectId);
  const firstProduction = (wellId: string): string | null => {
    const days = [...(state.production.get(wellId)?.values() ?? [])]
      .filter((r) => (r.oil_rate ?? 0) > 0 || (r.gas_rate ?? 0) > 0 || (r.water_rate ?? 0) > 0)
      .map((r) => r.date)
      .sort();
    return days[0] ?? null;
  };

  function route(method: string, url: URL, body: unknown): [number, unknown] {
    const parts = url.pathname
      .replace(/^\/api\/v1\/?/, '')
      .split('/')
      .filter(Boolean);
    const [root, projectId, sub, wellId, leaf, ...rest] = parts;
    if (root !== 'projects' || (sub !== undefined && sub !== 'wells') || rest.length > 0)
      return notFound(url.pathname);
    checkQuery(url, queryParameters(method, projectId, sub, wellId, leaf));
    if (projectId === undefined) {
      if (method === 'GET')
        return [200, page([...state.projects.values()], url, 200, 50, projectBody, true)];
      if (method === 'POST') return [201, projectBody(createProject(body))];
      return notFound(url.pathname);
    }
    const project = state.projects.get(decodeURIComponent(projectId));
    if (!project) return notFound(url.pathname);
    if (sub === undefined) {
      if (method === 'GET') return [200, projectBody(project)];
      if (method === 'PATCH') return [200, projectBody(patchProject(project, body))];
      if (method === 'DELETE') {
        for (const well of wellsOf(project.id)) removeWell(well.id);
        state.projects.delete(project.id);
        return [204, undefined];
      }
      return notFound(url.pathname);
    }
    if (wellId === undefined) {
      if (method === 'GET') {
        const search = url.searchParams.get('search')?.toLowerCase();
        const wells = wellsOf(project.id).filter(
          (well) =>
            (!url.searchParams.get('type') || well.type === url.searchParams.get('type')) &&
            (!url.searchParams.get('status') || well.status === url.searchParams.get('status')) &&
            // "Search by well name or API number"; how it matches is not published.
            (!search ||
              well.name.toLowerCase().includes(search) ||
              (well.apiNumber ?? '').toLowerCase().includes(search)),
        );
        return [200, page(wells, url, null, 100, wellBody, false)];
      }
      if (method === 'POST') return [201, wellBody(createWell(project, body))];
      return notFound(url.pathname);
    }
    const well = state.wells.get(decodeURIComponent(wellId));
    if (!well || well.projectId !== project.id) return notFound(url.pathname);
    if (leaf === undefined) {
      if (method === 'GET') return [200, wellBody(well)];
      if (method === 'PATCH') return [200, wellBody(patchWell(well, body))];
      if (method === 'DELETE') {
        removeWell(well.id);
        return [204, undefined];
      }
      return notFound(url.pathname);
    }
    if (leaf !== 'production') return notFound(url.pathname);
    if (method === 'GET') return [200, series(well, url)];
    if (method === 'POST') return [200, ingest(well, body)];
    if (method === 'DELETE') return [200, removeRange(well, url)];
    return notFound(url.pathname);
  }

  function page<T>(
    items: T[],
    url: URL,
    max: number | null,
    fallback: number,
    write: (item: T) => unknown,
    withTotal: boolean,
  ) {
    const limit = Number(url.searchParams.get('limit') ?? fallback);
    if (!Number.isInteger(limit) || limit < 1 || (max !== null && limit > max))
      throw new RequestProblem(400, 'VALIDATION_ERROR', `limit must be 1 to ${max ?? 'any'}`);
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
    const slice = items.slice(start, start + limit);
    const more = start + limit < items.length;
    return {
      data: slice.map(write),
      // Left out on the last page: "present and non-null when more results exist".
      ...(more ? { nextCursor: Buffer.from(String(start + limit)).toString('base64url') } : {}),
      ...(withTotal ? { total: items.length } : {}),
    };
  }

  function createProject(body: unknown): StoredProject {
    const read = readMembers(body, PROJECT_CREATE, false);
    requireMembers(read, Object.keys(PROJECT_CREATE));
    const project = { id: newId('prj'), createdAt: NOW, updatedAt: NOW, ...read } as StoredProject;
    order.set(project.id, state.projects.size);
    state.projects.set(project.id, project);
    return project;
  }

  function patchProject(project: StoredProject, body: unknown): StoredProject {
    Object.assign(project, readMembers(body, PROJECT_PATCH, false), { updatedAt: NOW });
    return project;
  }

  function createWell(project: StoredProject, body: unknown): StoredWell {
    const read = readMembers(body, WELL_INPUT, false);
    requireMembers(read, ['name']);
    const well = {
      ...read,
      id: newId('well'),
      projectId: project.id,
      createdAt: NOW,
    } as StoredWell;
    order.set(well.id, state.wells.size);
    state.wells.set(well.id, well);
    return well;
  }

  function patchWell(well: StoredWell, body: unknown): StoredWell {
    const read = readMembers(body, WELL_INPUT, nullClears);
    for (const [member, value] of Object.entries(read)) {
      if (value === null) delete (well as unknown as Record<string, unknown>)[member];
      else (well as unknown as Record<string, unknown>)[member] = value;
    }
    return well;
  }

  function removeWell(wellId: string): void {
    state.wells.delete(wellId);
    state.production.delete(wellId);
  }

  function range(url: URL): { from: string; to: string } {
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    if (!from || !to) throw new RequestProblem(400, 'VALIDATION_ERROR', 'from and to are required');
    return { from, to };
  }

  /** Three shapes, by the well's place: all members; no `fields` and "DAILY"; no wellId nor aggregation. */
  function series(well: StoredWell, url: URL): unknown {
    const { from, to } = range(url);
    const asked = (url.searchParams.get('fields')?.split(',') ?? [...RECORD_FIELDS]).filter(
      (field) => field !== 'date',
    );
    const days = [...(state.production.get(well.id)?.values() ?? [])]
      .filter((record) => record.date >= from && record.date <= to)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    // Values it lacks are left out, never null: the schema types them as numbers.
    const data: Array<Record<string, unknown>> = days.map((record) => {
      const item: Record<string, unknown> = { date: record.date };
      for (const field of asked) {
        const value = record[field as keyof Record9];
        if (value !== undefined) item[field] = value;
      }
      return item;
    });
    const aggregation = url.searchParams.get('aggregation') ?? 'daily';
    const shape = order.get(well.id)! % 3;
    if (shape === 0)
      return { wellId: well.id, from, to, aggregation, fields: ['date', ...asked], data };
    if (shape === 1) {
      return {
        wellId: well.id,
        from,
        to,
        aggregation: aggregation.toUpperCase(),
        data: data.map((item) => ({ ...item, condensate_rate: 1.5 })),
      };
    }
    return { from, to, fields: ['date', ...asked], data: [...data, { note: 'no date' }] };
  }

  function ingest(well: StoredWell, body: unknown): unknown {
    const records = readRecords(body, maxRecords);
    const days = state.production.get(well.id) ?? new Map<string, Record9>();
    state.production.set(well.id, days);
    let updated = 0;
    for (const record of records) {
      if (days.has(record.date)) updated++;
      // An upsert replaces the day's record: what is left out is gone.
      days.set(record.date, record);
    }
    return { inserted: records.length - updated, updated, total: records.length };
  }

  function removeRange(well: StoredWell, url: URL): unknown {
    const { from, to } = range(url);
    const days = state.production.get(well.id);
    let deleted = 0;
    for (const date of [...(days?.keys() ?? [])]) {
      if (date >= from && date <= to && days!.delete(date)) deleted++;
    }
    return { deleted };
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    let body: unknown;
    let status: number;
    let answer: unknown;
    try {
      body = text === '' ? undefined : (JSON.parse(text) as unknown);
      requests.push({ method, path: url.pathname + url.search, body });
      if (request.headers.authorization !== `Bearer ${token}`) {
        throw new RequestProblem(401, 'UNAUTHORIZED', 'Token missing or invalid');
      }
      if (text !== '' && !/^application\/json\b/.test(request.headers['content-type'] ?? '')) {
        throw new RequestProblem(400, 'VALIDATION_ERROR', 'Request bodies must be JSON');
      }
      [status, answer] = route(method, url, body);
    } catch (error) {
      if (!(error instanceof RequestProblem) && !(error instanceof SyntaxError)) throw error;
      const problem =
        error instanceof RequestProblem
          ? error
          : new RequestProblem(400, 'VALIDATION_ERROR', 'The body is not JSON');
      if (body === undefined && !(error instanceof RequestProblem)) {
        requests.push({ method, path: url.pathname + url.search, body: text });
      }
      status = problem.status;
      answer = { error: { code: problem.code, message: problem.message, requestId: newId('req') } };
    }
    if (status === 204) {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    token,
    requests,
    ...state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The query parameters the published operation at this path and method names. */
function queryParameters(
  method: string,
  projectId: string | undefined,
  sub: string | undefined,
  wellId: string | undefined,
  leaf: string | undefined,
) {
  if (method === 'GET' && projectId === undefined) return LIST_PROJECTS;
  if (method === 'GET' && sub !== undefined && wellId === undefined) return LIST_WELLS;
  if (leaf === 'production' && method === 'GET') return GET_PRODUCTION;
  if (leaf === 'production' && method === 'DELETE') return DELETE_PRODUCTION;
  return NO_PARAMETERS;
}

function notFound(path: string): [number, unknown] {
  throw new RequestProblem(404, 'NOT_FOUND', `Nothing at ${path}`);
}
