import type { z } from 'zod';
import type { ProductionRecordInput, ProjectCreate, WellCreate, WellPatch } from '../api/index.js';
import {
  MAX_CHUNK_RECORDS,
  MAX_CSV_IMPORT_RECORDS,
  upsertInChunks,
  type ChunkedUpsertOptions,
} from './chunked-upsert.js';
import {
  CSV_IMPORT_SUFFIX,
  OPENAPI_PATH,
  asRecordError,
  listsCsvImport,
  openApiPathsSchema,
  recordsToCsv,
} from './csv-import.js';
import {
  productionRecordBody,
  projectCreateBody,
  projectPatchBody,
  wellCreateBody,
  wellPatchBody,
  type PublishedProjectPatch,
} from './published/write-bodies.js';
import {
  listsWellEvents,
  projectEventsPath,
  wellEventPath,
  wellEventSchema,
  type WellEvent,
  type WellEventBody,
} from './well-events.js';
import { followPages, itemsOf } from './pagination.js';
import {
  listsProjectLatestProduction,
  projectLatestProductionPath,
  projectLatestProductionSchema,
  type ProjectLatestProduction,
} from './production-latest.js';
import {
  listsProjectChanges,
  projectChangesPath,
  projectChangesSchema,
  type ProjectChanges,
} from './project-changes.js';
import {
  resolveOptions,
  type ApiClientOptions,
  type CallOptions,
  type DateRange,
  type PageQuery,
  type ProductionQuery,
  type WellsQuery,
} from './client-options.js';
import { abortErrorFrom, isApiCallError, throwIfAborted } from './api-call-error.js';
import type { LimiterState } from './rate-limiter.js';
import {
  deleteResultSchema,
  ingestResultSchema,
  listPageSchema,
  projectItemSchema,
  projectSchema,
  seriesSchema,
  wellItemSchema,
  wellSchema,
  type ApiDeleteResult,
  type ApiIngestResult,
  type ApiProductionSeries,
  type ApiProject,
  type ApiWell,
  type ListPage,
} from './response-schemas.js';
import type { RetryMode } from './retry-policy.js';
import { send, type RequestSpec, type SpecOutput, type TransportConfig } from './transport.js';

const projectPage = listPageSchema(projectItemSchema);
const createdProject = projectSchema(null);

/**
 * Typed client of the Production Data REST API v1 (docs/api-v1.md).
 * Relies only on that contract and the hosted service's published schema
 * (docs/compatibility.md), so it works with that service as well as ours:
 * it reads every body the published schema allows and sends only what it
 * names. Every method accepts `{ signal }` last; failures are ApiCallError, a
 * caller's abort is an AbortError.
 */
export class ApiClient {
  private readonly config: TransportConfig;
  /** The paths of the server's OpenAPI document (none without one), once a response has said. */
  private openApiPaths: Promise<readonly string[]> | null = null;
  private answers = 0;

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
    extra: Pick<RequestSpec<S>, 'query' | 'body' | 'textBody'> = {},
  ): Promise<SpecOutput<S>> {
    return send(this.config, { method, path, schema, mode, signal: options.signal, ...extra }).then(
      (result) => {
        this.answers++;
        return result;
      },
    );
  }

  /**
   * How many requests the server has answered with success so far: a caller that finds it
   * unchanged after some work knows the work never reached the server (remembered answers).
   */
  get answered(): number {
    return this.answers;
  }

  /**
   * Someone asked to try now (an explicit "Sync now"): the limiter's hold
   * after a 429 ends and every request waiting to retry goes now. A server
   * still throttling just answers 429 again, with a fresh Retry-After.
   */
  retryNow(): void {
    this.config.limiter?.release();
    this.config.wakeup.fire();
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
    return this.call('GET', projectPath(id), projectSchema(id), 'idempotent', options);
  }

  /**
   * Not retried after a network error or timeout: a retry could create a second project.
   * Members left out are sent with our server's defaults: the published schema requires all four.
   */
  createProject(body: ProjectCreate, options: CallOptions = {}): Promise<ApiProject> {
    return this.call('POST', '/projects', createdProject, 'unsent-only', options, {
      body: projectCreateBody(body),
    });
  }

  updateProject(
    id: string,
    patch: PublishedProjectPatch,
    options: CallOptions = {},
  ): Promise<ApiProject> {
    return this.call('PATCH', projectPath(id), projectSchema(id), 'idempotent', options, {
      body: projectPatchBody(patch),
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
    const page = listPageSchema(wellItemSchema(projectId));
    return this.call('GET', wellsPath(projectId), page, 'idempotent', options, {
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
    const schema = wellSchema(projectId, wellId);
    return this.call('GET', wellPath(projectId, wellId), schema, 'idempotent', options);
  }

  /** Not retried after a network error or timeout: a retry could create a second well. */
  createWell(projectId: string, body: WellCreate, options: CallOptions = {}): Promise<ApiWell> {
    const schema = wellSchema(projectId, null);
    return this.call('POST', wellsPath(projectId), schema, 'unsent-only', options, {
      body: wellCreateBody(body),
    });
  }

  updateWell(
    projectId: string,
    wellId: string,
    patch: WellPatch,
    options: CallOptions = {},
  ): Promise<ApiWell> {
    const schema = wellSchema(projectId, wellId);
    return this.call('PATCH', wellPath(projectId, wellId), schema, 'idempotent', options, {
      body: wellPatchBody(patch),
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
      seriesSchema({ wellId, ...query }),
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

  /**
   * One request; retried freely since an upsert of the same records is idempotent.
   * Unset values are left out, not sent as null: the POST replaces the day's record.
   */
  upsertProduction(
    projectId: string,
    wellId: string,
    records: readonly ProductionRecordInput[],
    options: CallOptions = {},
  ): Promise<ApiIngestResult> {
    return this.call(
      'POST',
      productionPath(projectId, wellId),
      ingestResultSchema(records.length),
      'idempotent',
      options,
      { body: { records: records.map(productionRecordBody) } },
    );
  }

  /**
   * The records as one CSV import request (a server extension: see
   * offersCsvImport). Errors name `records[i]` like a JSON POST's.
   */
  async importProductionCsv(
    projectId: string,
    wellId: string,
    records: readonly ProductionRecordInput[],
    options: CallOptions = {},
  ): Promise<ApiIngestResult> {
    try {
      return await this.call(
        'POST',
        productionPath(projectId, wellId) + CSV_IMPORT_SUFFIX,
        ingestResultSchema(records.length),
        'idempotent',
        options,
        { textBody: { contentType: 'text/csv', text: recordsToCsv(records) } },
      );
    } catch (error) {
      throw asRecordError(error);
    }
  }

  /**
   * The paths the server lists in its OpenAPI document. Asked once per
   * client; a server without the document (the published service does not
   * list one) offers no extension we know how to call.
   *
   * The one request is shared by every caller, so it runs on no caller's
   * signal: a caller that gives up (a screening fill cancelled while the
   * document was on its way) gets its AbortError, and the answer is still
   * kept for the next. Aborting the shared request used to leave "offers
   * nothing" for the life of the client: every later fill then read 20,000
   * wells one at a time instead of one summary.
   */
  private offeredPaths(options: CallOptions): Promise<readonly string[]> {
    throwIfAborted(options.signal);
    this.openApiPaths ??= this.call(
      'GET',
      OPENAPI_PATH,
      openApiPathsSchema,
      'idempotent',
      {},
    ).catch((error: unknown) => {
      // No answer at all says nothing about the server, except that it is not reachable:
      // that error is the caller's (ask again next time). Any answer without a document
      // means no extensions.
      if (isApiCallError(error) && error.status === 0) {
        this.openApiPaths = null;
        throw error;
      }
      return [];
    });
    const { signal } = options;
    if (!signal) return this.openApiPaths;
    const paths = this.openApiPaths;
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(abortErrorFrom(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      paths.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Whether the server lists the CSV import in its OpenAPI document. */
  async offersCsvImport(options: CallOptions = {}): Promise<boolean> {
    return listsCsvImport(await this.offeredPaths(options));
  }

  /** Whether the server lists the project latest-production summary (an extension). */
  async offersProjectLatestProduction(options: CallOptions = {}): Promise<boolean> {
    return listsProjectLatestProduction(await this.offeredPaths(options));
  }

  /**
   * Every well's latest production in one request: our server's extension
   * (docs/api-decisions.md); call it only when offersProjectLatestProduction.
   */
  getProjectLatestProduction(
    projectId: string,
    options: CallOptions = {},
  ): Promise<ProjectLatestProduction> {
    return this.call(
      'GET',
      projectLatestProductionPath(projectId),
      projectLatestProductionSchema,
      'idempotent',
      options,
    );
  }

  /** Whether the server lists the project changes extension. */
  async offersProjectChanges(options: CallOptions = {}): Promise<boolean> {
    return listsProjectChanges(await this.offeredPaths(options));
  }

  /**
   * The wells changed in a project after `since` (every well when null): our server's
   * extension (docs/api-decisions.md); call it only when offersProjectChanges.
   */
  getProjectChanges(
    projectId: string,
    since: number | null,
    options: CallOptions = {},
  ): Promise<ProjectChanges> {
    return this.call(
      'GET',
      projectChangesPath(projectId),
      projectChangesSchema,
      'idempotent',
      options,
      {
        query: { since: since === null ? undefined : String(since) },
      },
    );
  }

  /** Whether the server lists well events (an extension). */
  async offersWellEvents(options: CallOptions = {}): Promise<boolean> {
    return listsWellEvents(await this.offeredPaths(options));
  }

  /**
   * Every event of a project, page by page (1,000 a page): our server's extension
   * (docs/api-decisions.md); call it only when offersWellEvents.
   */
  pagesOfProjectEvents(projectId: string, options: CallOptions = {}) {
    const page = listPageSchema(wellEventSchema);
    return followPages((cursor) =>
      this.call('GET', projectEventsPath(projectId), page, 'idempotent', options, {
        query: { limit: '1000', cursor },
      }),
    );
  }

  /**
   * Creates or replaces the event at an id this client chose: repeatable, so retried after a
   * lost answer without making two.
   */
  putWellEvent(
    projectId: string,
    wellId: string,
    eventId: string,
    body: WellEventBody,
    options: CallOptions = {},
  ): Promise<WellEvent> {
    return this.call(
      'PUT',
      wellEventPath(projectId, wellId, eventId),
      wellEventSchema,
      'idempotent',
      options,
      { body: { ...body } },
    );
  }

  deleteWellEvent(
    projectId: string,
    wellId: string,
    eventId: string,
    options: CallOptions = {},
  ): Promise<void> {
    return this.call(
      'DELETE',
      wellEventPath(projectId, wellId, eventId),
      null,
      'idempotent',
      options,
    );
  }

  /**
   * Any number of records, in order. More than one JSON POST's worth
   * (MAX_CHUNK_RECORDS) goes through the CSV import when the server offers
   * it, else as sequential POSTs of at most MAX_CHUNK_RECORDS.
   */
  async upsertProductionChunked(
    projectId: string,
    wellId: string,
    records: readonly ProductionRecordInput[],
    options: ChunkedUpsertOptions = {},
  ): Promise<ApiIngestResult> {
    const callOptions = options.signal ? { signal: options.signal } : {};
    if (records.length > MAX_CHUNK_RECORDS && (await this.offersCsvImport(callOptions))) {
      return upsertInChunks(
        records,
        (chunk, signal) =>
          this.importProductionCsv(projectId, wellId, chunk, signal ? { signal } : {}),
        options,
        MAX_CSV_IMPORT_RECORDS,
      );
    }
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
  ): Promise<ApiDeleteResult> {
    return this.call(
      'DELETE',
      productionPath(projectId, wellId),
      deleteResultSchema,
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
