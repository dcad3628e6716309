/**
 * The pieces of the routes' schemas (Fastify `schema`), from which @fastify/swagger writes the
 * OpenAPI document at `/openapi.json`. The schemas describe what each route accepts and answers;
 * the handlers check their input themselves (with the messages the clients rely on), so the
 * server compiles no validator and no serializer from them (createServer). The fuzz test
 * (tests/server/operations/openapi.fuzz.test.ts) sends every route what its schema describes, and
 * worse, and fails on any 5xx or any answer outside the schema.
 */

type JsonSchema = Record<string, unknown>

/** `{ code, message, data? }`: every error the server answers (server/errors/HttpError.ts, createServer's handlers). */
export const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, data: { type: 'object' } },
} as const

/** Statuses every route may answer besides its own: a malformed request, a body too large or of another type, a path parameter too long, Fastify's 503 while shutting down. */
const commonStatuses = [400, 413, 414, 415, 503] as const

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Redirect',
  304: 'Not modified',
  400: 'Malformed request',
  401: 'Unknown project, or not signed in',
  403: 'Origin not allowed, or forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Body too large',
  414: 'A path parameter is too long',
  415: 'Body of another type than JSON',
  422: 'Refused by the provider',
  429: 'Rate limited (retry-after)',
  500: 'Internal error',
  502: 'Upstream unavailable',
  503: 'Unavailable (not configured, or shutting down)',
  504: 'Upstream timed out',
}

/** A query or path parameter string. */
export const str = (maxLength = 256, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', maxLength, ...extra })

/** The SDK parameters every blockchain-API call may carry (spec §7). */
export const sdkQuery = {
  projectId: str(128, { pattern: '^[A-Za-z0-9_-]+$' }),
  st: str(64),
  sv: str(128),
} as const

export type RouteSchemaParameters = {
  summary: string
  tags: string[]
  params?: Record<string, JsonSchema>
  querystring?: Record<string, JsonSchema>
  /** Required query parameters. */
  requiredQuery?: string[]
  body?: JsonSchema
  /** The success answers by status (`default`: any other, e.g. an upstream's passed through): a JSON schema, or `{ content: { type: schema } }` for other media. */
  responses: Partial<Record<number | 'default', JsonSchema>>
  /** More error statuses the route answers (`{ code, message }`). */
  errors?: number[]
  /** The media types of the body (default JSON). */
  consumes?: string[]
  security?: Record<string, string[]>[]
}

/**
 * A route's schema: summary and tag, parameters, body, and every answer it gives, the errors as
 * `{ code, message }`.
 *
 * @example
 * app.get('/v1/supported-chains', { schema: routeSchema({ summary: 'Chains served', tags: ['blockchain'], responses: { 200: chainsSchema } }) }, handler)
 */
export function routeSchema({ summary, tags, params, querystring, requiredQuery, body, responses, errors = [], consumes, security }: RouteSchemaParameters): JsonSchema {
  const response: Record<string, JsonSchema> = {}
  for (const [status, schema] of Object.entries(responses)) response[status] = { description: statusText[Number(status)] ?? 'Answer', ...schema }
  for (const status of [...commonStatuses, ...errors]) response[status] ??= { description: statusText[status] ?? 'Error', ...errorSchema }
  return {
    summary,
    tags,
    // A path parameter is never empty (an empty segment is another path).
    ...(params ? { params: { type: 'object', required: Object.keys(params), properties: Object.fromEntries(Object.entries(params).map(([name, schema]) => [name, { minLength: 1, ...schema }])) } } : {}),
    ...(querystring ? { querystring: { type: 'object', properties: querystring, ...(requiredQuery ? { required: requiredQuery } : {}) } } : {}),
    ...(body ? { body } : {}),
    ...(consumes ? { consumes } : {}),
    ...(security ? { security } : {}),
    response,
  }
}

/** A non-JSON answer: its media types, each a string. */
export const media = (...types: string[]): JsonSchema => ({ content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])) })

/** An answer with no body. */
export const empty: JsonSchema = { type: 'null' }
