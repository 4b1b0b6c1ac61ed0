import type { z } from 'zod';
import type {
  DeleteResult,
  IngestResult,
  ProductionRecordInput,
  ProjectCreate,
  ProjectPatch,
  WellCreate,
  WellPatch,
} from '../api/index.js';
import { upsertInChunks, type ChunkedUpsertOptions } from './chunked-upsert.js';
import { followPages, itemsOf } from './pagination.js';
import {
  resolveOptions,
  type ApiClientOptions,
  type CallOptions,
  type DateRange,
  type PageQuery,
  type ProductionQuery,
  type WellsQuery,
} from './client-options.js';
import type { LimiterState } from './rate-limiter.js';
import {
  apiDeleteResultSchema,
  apiIngestResultSchema,
  apiProductionSeriesSchema,
  apiProjectSchema,
  apiWellSchema,
  listPageSchema,
  type ApiProductionSeries,
  type ApiProject,
  type ApiWell,
  type ListPage,
} from './response-schemas.js';
import type { RetryMode } from './retry-policy.js';
import { send, type RequestSpec, type SpecOutput, type TransportConfig } from './transport.js';

const projectPage = listPageSchema(apiProjectSchema);
const wellPage = listPageSchema(apiWellSchema);

/**
 * Typed client of the Production Data REST API v1 (docs/api-v1.md).
 * Relies only on that contract, so it works with the hosted service as well as
 * ours. Every method accepts `{ signal }` last; failures are ApiCallError, a
 * caller's abort is an AbortError.
 */
export class ApiClient {
  private readonly config: TransportConfig;

  constructor(options: ApiClientOptions) {
    this.config = resolveOptions(options);
  }

  /** One request through the transport (limiter, timeout, retries, validation). */
  private call<S extends z.ZodType | null>(
    method: RequestSpec<S>['method'],
    path: string,
    schema: S,
    mode: RetryMode,
    options: CallOptions,
    extra: Pick<RequestSpec<S>, 'query' | 'body'> = {},
  ): Promise<SpecOutput<S>> {
    return send(this.config, { method, path, schema, mode, signal: options.signal, ...extra });
  }

  /** What the limiter currently holds back, e.g. to show "waiting for the rate limit". */
  limiterState(): LimiterState | null {
    return this.config.limiter?.state() ?? null;
  }

  // Projects

  listProjects(query: PageQuery = {}, options: CallOptions = {}): Promise<ListPage<ApiProject>> {
    return this.call('GET', '/projects', projectPage, 'idempotent', options, {
      query: { limit: query.limit, cursor: query.cursor },
    });
  }

  pagesOfProjects(
    query: PageQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<ListPage<ApiProject>> {
    return followPages((cursor) => this.listProjects({ ...query, cursor }, options), query.cursor);
  }

  iterateProjects(query: PageQuery = {}, options: CallOptions = {}): AsyncGenerator<ApiProject> {
    return itemsOf(this.pagesOfProjects(query, options));
  }

  getProject(id: string, options: CallOptions = {}): Promise<ApiProject> {
    return this.call('GET', projectPath(id), apiProjectSchema, 'idempotent', options);
  }

  /** Not retried after a network error or timeout: a retry could create a second project. */
  createProject(body: ProjectCreate, options: CallOptions = {}): Promise<ApiProject> {
    return this.call('POST', '/projects', apiProjectSchema, 'unsent-only', options, { body });
  }

  updateProject(id: string, patch: ProjectPatch, options: CallOptions = {}): Promise<ApiProject> {
    return this.call('PATCH', projectPath(id), apiProjectSchema, 'idempotent', options, {
      body: patch,
    });
  }

  deleteProject(id: string, options: CallOptions = {}): Promise<void> {
    return this.call('DELETE', projectPath(id), null, 'idempotent', options);
  }

  // Wells

  listWells(
    projectId: string,
    query: WellsQuery = {},
    options: CallOptions = {},
  ): Promise<ListPage<ApiWell>> {
    return this.call('GET', wellsPath(projectId), wellPage, 'idempotent', options, {
      query: {
        limit: query.limit,
        cursor: query.cursor,
        type: query.type,
        status: query.status,
        search: query.search,
      },
    });
  }

  pagesOfWells(
    projectId: string,
    query: WellsQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<ListPage<ApiWell>> {
    return followPages(
      (cursor) => this.listWells(projectId, { ...query, cursor }, options),
      query.cursor,
    );
  }

  iterateWells(
    projectId: string,
    query: WellsQuery = {},
    options: CallOptions = {},
  ): AsyncGenerator<ApiWell> {
    return itemsOf(this.pagesOfWells(projectId, query, options));
  }

  getWell(projectId: string, wellId: string, options: CallOptions = {}): Promise<ApiWell> {
    return this.call('GET', wellPath(projectId, wellId), apiWellSchema, 'idempotent', options);
  }

  /** Not retried after a network error or timeout: a retry could create a second well. */
  createWell(projectId: string, body: WellCreate, options: CallOptions = {}): Promise<ApiWell> {
    return this.call('POST', wellsPath(projectId), apiWellSchema, 'unsent-only', options, { body });
  }

  updateWell(
    projectId: string,
    wellId: string,
    patch: WellPatch,
    options: CallOptions = {},
  ): Promise<ApiWell> {
    return this.call('PATCH', wellPath(projectId, wellId), apiWellSchema, 'idempotent', options, {
      body: patch,
    });
  }

  deleteWell(projectId: string, wellId: string, options: CallOptions = {}): Promise<void> {
    return this.call('DELETE', wellPath(projectId, wellId), null, 'idempotent', options);
  }

  // Production

  getProduction(
    projectId: string,
    wellId: string,
    query: ProductionQuery,
    options: CallOptions = {},
  ): Promise<ApiProductionSeries> {
    return this.call(
      'GET',
      productionPath(projectId, wellId),
      apiProductionSeriesSchema,
      'idempotent',
      options,
      {
        query: {
          from: query.from,
          to: query.to,
          fields: query.fields === undefined ? undefined : query.fields.join(','),
          aggregation: query.aggregation,
        },
      },
    );
  }

  /** One request; retried freely since an upsert of the same records is idempotent. */
  upsertProduction(
    projectId: string,
    wellId: string,
    records: readonly ProductionRecordInput[],
    options: CallOptions = {},
  ): Promise<IngestResult> {
    return this.call(
      'POST',
      productionPath(projectId, wellId),
      apiIngestResultSchema,
      'idempotent',
      options,
      { body: { records } },
    );
  }

  /** Any number of records, sent in sequential requests of at most 5,000. */
  upsertProductionChunked(
    projectId: string,
    wellId: string,
    records: readonly ProductionRecordInput[],
    options: ChunkedUpsertOptions = {},
  ): Promise<IngestResult> {
    return upsertInChunks(
      records,
      (chunk, signal) => this.upsertProduction(projectId, wellId, chunk, signal ? { signal } : {}),
      options,
    );
  }

  deleteProduction(
    projectId: string,
    wellId: string,
    range: DateRange,
    options: CallOptions = {},
  ): Promise<DeleteResult> {
    return this.call(
      'DELETE',
      productionPath(projectId, wellId),
      apiDeleteResultSchema,
      'idempotent',
      options,
      { query: { from: range.from, to: range.to } },
    );
  }
}

// Ids are opaque strings: encode them so any value stays one path segment.
const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;
const wellsPath = (projectId: string) => `${projectPath(projectId)}/wells`;
const wellPath = (projectId: string, wellId: string) =>
  `${wellsPath(projectId)}/${encodeURIComponent(wellId)}`;
const productionPath = (projectId: string, wellId: string) =>
  `${wellPath(projectId, wellId)}/production`;
