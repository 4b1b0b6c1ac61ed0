import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { randomBytes } from 'node:crypto';
import { installAuthentication } from './auth/authenticate.js';
import { ApiError } from './http/api-error.js';
import { CursorCodec } from './http/cursor.js';
import { installErrorHandling, sendError, toApiError } from './http/error-handler.js';
import { installJsonBodyParser } from './http/json-body.js';
import {
  bodyRateProblem,
  DEFAULT_BODY_RATE,
  installBodyRateGuard,
  type BodyRate,
} from './http/body-rate.js';
import { installCloseAfterUnreadBody } from './http/unread-body.js';
import {
  DEFAULT_TIMEOUTS,
  httpServerTimeouts,
  nodeRequestTimeoutMs,
  timeoutsProblem,
  type ServerTimeouts,
} from './http/timeouts.js';
import { installSchemaCompilers } from './http/schema-compilers.js';
import { API_BASE, installOpenApi } from './openapi/openapi.js';
import { RequestLimiter } from './rate-limit/request-limiter.js';
import { wellEventRoutes } from './routes/well-events.js';
import { registerHealthRoute } from './routes/health.js';
import type { RouteDeps } from './routes/deps.js';
import { productionImportRoute } from './routes/production-import.js';
import {
  DEFAULT_IMPORT_LIMITS,
  ImportSlots,
  type ImportLimits,
} from './routes/production-import-slots.js';
import { productionLatestRoute } from './routes/production-latest.js';
import { projectChangesRoute } from './routes/project-changes.js';
import { productionRoutes } from './routes/production.js';
import { projectRoutes } from './routes/projects.js';
import { consumesJson, installRouteContract } from './routes/route-contract.js';
import { wellRoutes } from './routes/wells.js';
import type { Store } from './store/store.js';

export const JSON_BODY_LIMIT = 8 * 1024 * 1024;
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the routes that only answer 405 METHOD_NOT_ALLOWED. */
    methodNotAllowed?: boolean;
  }
}

export interface AppOptions {
  /** SQLite (`sqliteStore`) or PostgreSQL (`openPostgresStore`); the caller closes it. */
  store: Store;
  /** Fastify's logger option: false, true, or pino options/instance. */
  logger?: FastifyServerOptions['logger'];
  /** Rate limiting per token; only benchmarks of raw throughput turn it off. */
  rateLimit?: boolean;
  now?: () => Date;
  https?: { key: Buffer; cert: Buffer };
  /** How long to wait on clients; the defaults otherwise. */
  timeouts?: ServerTimeouts;
  /**
   * CSV imports at once, per token and in this process (more: 429); each limit left out keeps
   * its default. Tests pass ImportSlots of their own to watch them.
   */
  imports?: Partial<ImportLimits> | ImportSlots;
  /** The slowest a request body may arrive; the defaults otherwise. */
  bodyRate?: BodyRate;
}

/** Builds the Production Data API as a Fastify app; the caller owns the store. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const store = options.store;
  const limiter = new RequestLimiter(options.rateLimit ?? true, now, store.rateLimits);
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const problem = timeoutsProblem(timeouts);
  if (problem) throw new Error(`Timeouts: ${problem}`);
  const bodyRate = options.bodyRate ?? DEFAULT_BODY_RATE;
  const rateProblem = bodyRateProblem(bodyRate);
  if (rateProblem) throw new Error(`Body rate: ${rateProblem}`);
  const nodeTimeouts = httpServerTimeouts(timeouts, bodyRate);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    // Any id that fits in a request line is looked up (and is a 404), never a bare 414.
    routerOptions: { maxParamLength: 16_384 },
    genReqId: () => `req_${randomBytes(12).toString('base64url')}`,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    return503OnClosing: false,
    // Errors the router raises before any hook runs (a malformed %-escape in a path id).
    frameworkErrors: (error, request, reply) => {
      setCommonHeaders(request, reply);
      const apiError =
        error.code === 'FST_ERR_BAD_URL'
          ? new ApiError('NOT_FOUND', 'No resource at this path (it holds a malformed %-escape)')
          : new ApiError('VALIDATION_ERROR', 'The request could not be read');
      // No hook runs for these, so the address's budget is counted here.
      limiter.admitByAddress(request, reply).then(
        (admitted) => {
          if (admitted) void sendError(request, reply, apiError);
        },
        (failure: unknown) => void sendError(request, reply, toApiError(failure)),
      );
    },
    requestTimeout: nodeRequestTimeoutMs(timeouts, bodyRate),
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    // Node reads the rest at creation: from the https options, or from `http` without TLS.
    ...(options.https ? { https: { ...options.https, ...nodeTimeouts } } : { http: nodeTimeouts }),
  }) as unknown as FastifyInstance;
  installBodyRateGuard(app.server, bodyRate, timeouts.requestMs, {
    onCut: (cut) => app.log.info(cut, 'request body below the minimum rate: answered 408'),
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    setCommonHeaders(request, reply);
    if (closing) {
      return sendError(
        request,
        reply,
        new ApiError('UNAVAILABLE', 'The server is shutting down; try again shortly', undefined, {
          'Retry-After': '5',
        }),
      );
    }
  });

  installErrorHandling(app);
  installCloseAfterUnreadBody(app);
  installAuthentication(app, { store, limiter, now });
  installMediaTypes(app);
  installSchemaCompilers(app);

  const deps: RouteDeps = {
    store,
    projects: store.projects,
    wells: store.wells,
    production: store.production,
    // One secret per database, so a cursor from one instance is read by any other.
    cursors: new CursorCodec(
      await store.metaValue('cursor-secret', () => randomBytes(32).toString('hex')),
    ),
    now,
  };

  const routes = new Map<string, KnownPath>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = routes.get(route.url) ?? { methods: new Set<string>(), public: false };
    methods.forEach((method) => known.methods.add(method));
    known.public ||= route.config?.public === true;
    routes.set(route.url, known);
  });

  installRouteContract(app, deps);
  await installOpenApi(app);
  registerHealthRoute(app, store);
  // Each resource's routes, with their schema (validation, types, OpenAPI) and config (scope,
  // what the path loads); `server/routes/route-contract.ts` checks both for every request.
  await app.register(projectRoutes, deps);
  await app.register(wellRoutes, deps);
  await app.register(productionRoutes, deps);
  await app.register(productionImportRoute, {
    ...deps,
    importSlots:
      options.imports instanceof ImportSlots
        ? options.imports
        : new ImportSlots({ ...DEFAULT_IMPORT_LIMITS, ...options.imports }),
  });
  await app.register(productionLatestRoute, deps);
  await app.register(projectChangesRoute, deps);
  await app.register(wellEventRoutes, deps);
  answerOtherMethodsWith405(app, routes);
  return app;
}

/**
 * Set first, so every answer carries them, errors and refusals included. Nothing the
 * API says may be kept by a cache: it is a user's data or a verdict on their token.
 */
function setCommonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', request.id);
  reply.header('Cache-Control', 'no-store');
}

/** JSON for POST/PATCH bodies (text/csv for the import); anything else is a 415. */
function installMediaTypes(app: FastifyInstance): void {
  installJsonBodyParser(app);
  // Hand the CSV import the raw stream, so it is parsed as it arrives.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    // A 404 or 405 is the answer whatever the body; only real handlers care about media types.
    if (request.is404 || request.routeOptions.config.methodNotAllowed) return;
    const type = request.headers['content-type'] ?? '';
    const wantsCsv = !consumesJson(request.routeOptions.schema?.consumes);
    const ok = wantsCsv
      ? /^text\/csv\s*(;|$)/i.test(type)
      : /^application\/json\s*(;|$)/i.test(type);
    if (!ok) {
      throw new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        wantsCsv
          ? 'Send the CSV with Content-Type: text/csv'
          : `Send the request body as JSON with Content-Type: application/json${type ? ` (got ${type})` : ''}`,
      );
    }
  });
}

interface KnownPath {
  methods: Set<string>;
  /** A public path's other methods are 405 without a token too. */
  public: boolean;
}

function answerOtherMethodsWith405(app: FastifyInstance, routes: Map<string, KnownPath>): void {
  for (const [url, known] of [...routes]) {
    if (!url.startsWith(API_BASE)) continue;
    const others = METHODS.filter((method) => !known.methods.has(method));
    if (others.length === 0) continue;
    const allow = METHODS.filter((method) => known.methods.has(method)).join(', ');
    app.route({
      method: others,
      url,
      config: { methodNotAllowed: true, public: known.public },
      handler: async (request, reply) => {
        reply.header('Allow', allow);
        return sendError(
          request,
          reply,
          new ApiError(
            'METHOD_NOT_ALLOWED',
            `${request.method} is not allowed here; allowed: ${allow}`,
          ),
        );
      },
    });
  }
}
