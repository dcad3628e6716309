import type { FastifyInstance } from 'fastify'
import { createRateLimiter } from '../analytics/createRateLimiter.js'
import { parseAnalyticsEvent } from '../analytics/parseAnalyticsEvent.js'
import { HttpError } from '../errors/HttpError.js'
import { createRedisRateLimiter } from '../scale/createRedisRateLimiter.js'
import { authorizeProject } from '../projects/authorizeProject.js'
import { readProjectId } from '../utils/readProjectId.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery } from './routeSchemas.js'

/** `POST /e` events allowed per project per window when the configuration sets no limit. */
export const defaultAnalyticsRateLimit = { max: 300, windowMs: 60_000 }

/**
 * Mounts the analytics sink `POST /e?projectId&st&sv` with body
 * `{ eventId, url, domain, timestamp, props }`. Events are stored in the server's storage
 * (`analytics_events`: SQLite, or Postgres with `database.url`).
 * Errors: 400 malformed, 401 unknown project (`Unauthorized: invalid key`), 403 origin not allowed
 * for the project (`Unauthorized: origin not allowed`), 429 over the per-project or per-IP rate
 * limit (with `retry-after`; both counted in Redis, across instances, when `config.redis` is set).
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerAnalyticsRoutes(app, { db, config })
 */
export function registerAnalyticsRoutes(app: FastifyInstance, { storage, config, redis }: ServerContext): void {
  const limits = config.analyticsRateLimit ?? defaultAnalyticsRateLimit
  // With Redis (several instances) the per-project count is shared; otherwise it is in memory.
  const shared = redis ? createRedisRateLimiter({ redis, prefix: 'portico:rl:analytics:', ...limits }) : undefined
  const limiter = createRateLimiter(limits)
  const hit = async (key: string): Promise<{ allowed: boolean; retryAfterMs: number }> => {
    if (shared) return shared.hit(key)
    const allowed = limiter.hit(key)
    return { allowed, retryAfterMs: allowed ? 0 : limiter.retryAfterMs(key) }
  }
  const insertSql = `INSERT INTO analytics_events (project_id, event_id, url, domain, timestamp, props, sdk_type, sdk_version, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`

  app.post('/e', {
    config: { rateLimit: {} },
    schema: routeSchema({
      summary: 'The analytics sink: one event',
      tags: ['analytics'],
      querystring: sdkQuery,
      consumes: ['application/json', 'text/plain'],
      body: { type: 'object', required: ['eventId', 'url', 'domain', 'timestamp', 'props'], properties: { eventId: { type: 'string', maxLength: 128 }, url: { type: 'string', maxLength: 2048 }, domain: { type: 'string', maxLength: 253 }, timestamp: { type: 'integer' }, props: { type: 'object' } } },
      responses: { 202: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['stored', 'ignored'] } } } },
      errors: [401, 403, 429],
    }),
  }, async (request, reply) => {
    const projectId = readProjectId(request.query)
    const sdkType = readStringParam(request.query, 'st', { maxLength: 64 }) ?? null
    const sdkVersion = readStringParam(request.query, 'sv', { maxLength: 128 }) ?? null
    const project = authorizeProject({ config, projectId, origin: request.headers.origin })
    const limited = await hit(projectId)
    if (!limited.allowed) {
      reply.header('retry-after', String(Math.ceil(limited.retryAfterMs / 1000)))
      throw new HttpError({ status: 429, code: 'RATE_LIMITED', message: 'Too many analytics events for this project; try again later' })
    }
    // sendBeacon posts text/plain; Fastify hands that over as a string.
    let body = request.body
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body)
      } catch {
        throw new HttpError({ status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON' })
      }
    }
    const event = parseAnalyticsEvent(body)
    if (!project.isAnalyticsEnabled) return reply.code(202).send({ status: 'ignored' })
    await storage.run(insertSql, [projectId, event.eventId, event.url, event.domain, event.timestamp, JSON.stringify(event.props), sdkType, sdkVersion, Date.now()])
    return reply.code(202).send({ status: 'stored' })
  })
}
