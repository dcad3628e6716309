import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../errors/HttpError.js'
import type { Readiness } from '../observability/createReadiness.js'
import type { ServerMetrics } from '../observability/createMetrics.js'
import { media, routeSchema } from './routeSchemas.js'
import type { ServerContext } from './ServerContext.js'

export type OperatorRoutesParameters = {
  readiness: { check(): Promise<Readiness> }
  metrics: ServerMetrics
}

const checkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'ms'],
  properties: { ok: { type: 'boolean' }, ms: { type: 'integer', minimum: 0 }, error: { type: 'string' } },
} as const

const readinessSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'down', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ready', 'unready'] },
    down: { type: 'array', items: { type: 'string' } },
    checks: { type: 'object', additionalProperties: checkSchema },
  },
} as const

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Mounts what an operator's load balancer, orchestrator and monitoring read:
 * `GET /healthz` → 200 `{ status: 'ok' }` while the process answers; `GET /readyz` → 200
 * `{ status: 'ready', down: [], checks }` when the database, Redis (when configured) and every
 * chain's upstream answer within `health.timeoutMs`, else 503 with `down` naming what failed (once
 * a shutdown began, Fastify answers every request 503); and, only when `config.metrics` is set, `GET /metrics`
 * in the Prometheus text format (with `metrics.token`, only for `Authorization: Bearer <token>`;
 * 401 otherwise). These routes log only at `warn` and above: probes would flood the log.
 *
 * @param app - the Fastify instance
 * @param context - the configuration
 * @param parameters - the readiness checks and the metrics
 * @example
 * registerOperatorRoutes(app, context, { readiness, metrics })
 */
export function registerOperatorRoutes(app: FastifyInstance, { config }: ServerContext, { readiness, metrics }: OperatorRoutesParameters): void {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: routeSchema({
        summary: 'Liveness: the process answers',
        tags: ['operations'],
        responses: { 200: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } },
      }),
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: routeSchema({
        summary: 'Readiness: the database, Redis and every chain upstream answer',
        tags: ['operations'],
        responses: { 200: readinessSchema, 503: { description: 'Not ready: `down` names what failed', ...readinessSchema } },
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      const result = await readiness.check()
      return reply.code(result.ready ? 200 : 503).send({ status: result.ready ? 'ready' : 'unready', down: result.down, checks: result.checks })
    },
  )

  if (config.metrics === undefined) return
  const token = config.metrics.token
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: routeSchema({
        summary: 'Prometheus metrics (text exposition format 0.0.4)',
        tags: ['operations'],
        ...(token ? { security: [{ metricsToken: [] }] } : {}),
        responses: { 200: media('text/plain') },
        errors: [401],
      }),
    },
    async (request, reply) => {
      if (token !== undefined) {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
        if (given === undefined || !sameToken(given, token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"')
          throw new HttpError({ status: 401, code: 'UNAUTHORIZED', message: 'The metrics need Authorization: Bearer <metrics.token>' })
        }
      }
      const text = await metrics.registry.metrics()
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text)
    },
  )
}
