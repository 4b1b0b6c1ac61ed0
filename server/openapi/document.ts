import { z } from 'zod';
import {
  deleteResultSchema,
  ERROR_STATUS,
  ingestResultSchema,
  listEnvelopeSchema,
  productionDeleteQuerySchema,
  productionGetQuerySchema,
  productionIngestSchema,
  productionSeriesSchema,
  projectCreateSchema,
  projectPatchSchema,
  projectSchema,
  projectsListQuerySchema,
  wellCreateSchema,
  wellPatchSchema,
  wellSchema,
  wellsListQuerySchema,
  type ErrorCode,
} from '../../shared/api/index.js';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        requestId: { type: 'string' },
        details: {
          type: 'array',
          maxItems: 100,
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = schemaOf(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const pathParameter = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});

function json(schema: JsonSchema) {
  return { content: { 'application/json': { schema } } };
}

function errors(...codes: ErrorCode[]): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const code of ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', ...codes] as ErrorCode[]) {
    responses[String(ERROR_STATUS[code])] = {
      description: code,
      ...json({ $ref: '#/components/schemas/Error' }),
    };
  }
  return responses;
}

function operation(
  summary: string,
  success: { status: number; schema?: JsonSchema },
  extra: { parameters?: JsonSchema[]; body?: JsonSchema; errorCodes?: ErrorCode[] } = {},
) {
  return {
    summary,
    parameters: extra.parameters ?? [],
    ...(extra.body ? { requestBody: { required: true, ...json(extra.body) } } : {}),
    responses: {
      [String(success.status)]: {
        description: 'Success',
        ...(success.schema ? json(success.schema) : {}),
      },
      ...errors('VALIDATION_ERROR', 'NOT_FOUND', ...(extra.errorCodes ?? [])),
    },
  };
}

/** The OpenAPI 3.1 document, generated from the same zod schemas the server validates with. */
export function buildOpenApiDocument(): JsonSchema {
  const project = { $ref: '#/components/schemas/Project' };
  const well = { $ref: '#/components/schemas/Well' };
  const projectId = pathParameter('projectId');
  const wellId = pathParameter('wellId');
  const id = pathParameter('id');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Flowline Production Data API',
      version: '1.0.0',
      description:
        'Projects, wells and daily production. See docs/api-v1.md and docs/api-decisions.md.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Project: schemaOf(projectSchema, 'output'),
        Well: schemaOf(wellSchema, 'output'),
        Error: errorEnvelope,
      },
    },
    paths: {
      '/projects': {
        get: operation(
          'List projects',
          { status: 200, schema: schemaOf(listEnvelopeSchema(projectSchema), 'output') },
          {
            parameters: queryParameters(projectsListQuerySchema),
          },
        ),
        post: operation(
          'Create a project',
          { status: 201, schema: project },
          {
            body: schemaOf(projectCreateSchema, 'input'),
            errorCodes: ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'],
          },
        ),
      },
      '/projects/{id}': {
        get: operation('Get a project', { status: 200, schema: project }, { parameters: [id] }),
        patch: operation(
          'Update a project',
          { status: 200, schema: project },
          {
            parameters: [id],
            body: schemaOf(projectPatchSchema, 'input'),
            errorCodes: ['UNSUPPORTED_MEDIA_TYPE'],
          },
        ),
        delete: operation(
          'Delete a project, its wells and production',
          { status: 204 },
          { parameters: [id] },
        ),
      },
      '/projects/{projectId}/wells': {
        get: operation(
          'List wells',
          { status: 200, schema: schemaOf(listEnvelopeSchema(wellSchema), 'output') },
          {
            parameters: [projectId, ...queryParameters(wellsListQuerySchema)],
          },
        ),
        post: operation(
          'Create a well',
          { status: 201, schema: well },
          {
            parameters: [projectId],
            body: schemaOf(wellCreateSchema, 'input'),
            errorCodes: ['CONFLICT', 'UNSUPPORTED_MEDIA_TYPE'],
          },
        ),
      },
      '/projects/{projectId}/wells/{wellId}': {
        get: operation(
          'Get a well',
          { status: 200, schema: well },
          { parameters: [projectId, wellId] },
        ),
        patch: operation(
          'Update a well',
          { status: 200, schema: well },
          {
            parameters: [projectId, wellId],
            body: schemaOf(wellPatchSchema, 'input'),
            errorCodes: ['CONFLICT', 'UNSUPPORTED_MEDIA_TYPE'],
          },
        ),
        delete: operation(
          'Delete a well and its production',
          { status: 204 },
          { parameters: [projectId, wellId] },
        ),
      },
      '/projects/{projectId}/wells/{wellId}/production': {
        get: operation(
          'Read daily or monthly production',
          { status: 200, schema: schemaOf(productionSeriesSchema, 'output') },
          {
            parameters: [projectId, wellId, ...queryParameters(productionGetQuerySchema)],
          },
        ),
        post: operation(
          'Upsert up to 10,000 daily records, all or nothing',
          { status: 200, schema: schemaOf(ingestResultSchema, 'output') },
          {
            parameters: [projectId, wellId],
            body: schemaOf(productionIngestSchema, 'input'),
            errorCodes: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
          },
        ),
        delete: operation(
          'Delete the records in a date range',
          { status: 200, schema: schemaOf(deleteResultSchema, 'output') },
          {
            parameters: [projectId, wellId, ...queryParameters(productionDeleteQuerySchema)],
          },
        ),
      },
      '/projects/{projectId}/wells/{wellId}/production/import': {
        post: {
          ...operation(
            'Import daily records from CSV (extension), all or nothing',
            {
              status: 200,
              schema: schemaOf(ingestResultSchema, 'output'),
            },
            {
              parameters: [projectId, wellId],
              errorCodes: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
            },
          ),
          requestBody: {
            required: true,
            content: {
              'text/csv': {
                schema: {
                  type: 'string',
                  description: 'Header row of API field names; date required; up to 500,000 rows',
                },
              },
            },
          },
        },
      },
    },
  };
}
