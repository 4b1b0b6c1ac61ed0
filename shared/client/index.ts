/** Typed client of the Production Data REST API v1; see api-client.ts. */
export { ApiClient } from './api-client.js';
export type { ProjectLatestProduction } from './production-latest.js';
export type { ProjectChanges } from './project-changes.js';
export type { WellLatestProduction } from '../api/production-latest.js';
export {
  DEFAULT_TIMEOUT_MS,
  type ApiClientOptions,
  type CallOptions,
  type DateRange,
  type PageQuery,
  type ProductionQuery,
  type WellsQuery,
} from './client-options.js';
export {
  ApiCallError,
  CLIENT_ERROR_CODES,
  isAbortError,
  isApiCallError,
  type ApiCallErrorInit,
} from './api-call-error.js';
export {
  listPageSchema,
  projectItemSchema,
  projectSchema,
  seriesSchema,
  wellItemSchema,
  wellSchema,
  type ApiDeleteResult,
  type ApiIngestResult,
  type ApiPerfInterval,
  type ApiProductionSeries,
  type ApiProject,
  type ApiWell,
  type ListPage,
} from './response-schemas.js';
export { PROJECT_DEFAULTS, type PublishedProjectPatch } from './published/write-bodies.js';
export {
  MAX_CHUNK_RECORDS,
  MAX_CSV_IMPORT_RECORDS,
  type ChunkedUpsertOptions,
  type UpsertProgress,
} from './chunked-upsert.js';
export {
  DEFAULT_RETRY,
  MAX_RETRY_WAIT_MS,
  backoffDelay,
  boundedDelay,
  parseRetryAfter,
  type RetryMode,
  type RetryOptions,
} from './retry-policy.js';
export {
  AdaptiveRateLimiter,
  DEFAULT_RATE_LIMITER,
  type LimiterState,
  type RateLimiterOptions,
} from './rate-limiter.js';
export type { FetchLike, Sleep } from './transport.js';
export { REDACTED, redactApiCallError, redactCredentials, secretScrubber } from './redact.js';
