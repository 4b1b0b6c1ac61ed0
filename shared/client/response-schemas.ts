import { z } from 'zod';

/**
 * Response schemas of the client. They rely on the published schema of the
 * hosted service and docs/api-v1.md, never on our server's decisions
 * (docs/compatibility.md says what they tolerate and why):
 * - every member of a resource may be absent or null, and is returned as null
 *   (the resource's id is taken from the request when the body has none);
 * - enumerated values are matched in any letter case;
 * - unknown members are stripped (z.object's default), never an error.
 * The shared/api schemas are our server's exact output and stay strict there.
 */
export { listPageSchema, type ListPage } from './published/list-page.js';
export { projectItemSchema, projectSchema, type ApiProject } from './published/project.js';
export { seriesSchema, type ApiProductionSeries, type SeriesRequest } from './published/series.js';
export {
  deleteResultSchema,
  ingestResultSchema,
  type ApiDeleteResult,
  type ApiIngestResult,
} from './published/results.js';
export {
  wellItemSchema,
  wellSchema,
  type ApiPerfInterval,
  type ApiWell,
} from './published/well.js';

/** The error envelope, tolerant: only code and message are needed; bad `details` are dropped. */
export const apiErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().nullish().catch(undefined),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .nullish()
      .catch(undefined),
  }),
});
