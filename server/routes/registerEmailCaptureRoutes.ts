import { timingSafeEqual } from 'node:crypto'

import type { FastifyInstance, FastifyReply } from 'fastify'

import { createEmailCapture } from '../email/createEmailCapture.js'
import { HttpError } from '../errors/HttpError.js'
import { badRequest } from '../utils/badRequest.js'
import { isProjectId } from '../utils/isProjectId.js'
import { readSdkParams } from '../utils/readSdkParams.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { media, routeSchema, sdkQuery, str } from './routeSchemas.js'

function page(reply: FastifyReply, status: number, title: string, text: string) {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p></main></body></html>`)
}

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Mounts email capture (the DataCapture view's server half): `POST /v1/email-capture?projectId`
 * with `{ email, caipAddress?, siteName? }` stores the address pending and sends the confirmation
 * email (double opt-in); `GET /v1/email-capture/confirm?token` and `/unsubscribe?token` are the
 * emails' links; `GET /v1/email-capture/export?projectId` with `Authorization: Bearer <the
 * project's export token>` answers the project's list as CSV. Without `config.email` every route
 * answers 503.
 *
 * @example
 * registerEmailCaptureRoutes(app, context)
 */
export function registerEmailCaptureRoutes(app: FastifyInstance, { storage, config, publicBaseUrl }: ServerContext): void {
  const email = config.email
  const capture = email ? createEmailCapture({ storage, config: email, linkBaseUrl: publicBaseUrl }) : undefined
  const required = () => {
    if (!capture || !email) throw new HttpError({ status: 503, code: 'EMAIL_NOT_CONFIGURED', message: 'This server does not capture emails (no SMTP server is configured)' })
    return { capture, email }
  }

  app.post('/v1/email-capture', { schema: routeSchema({ summary: 'Subscribes an email address (double opt-in)', tags: ['email-capture'], querystring: sdkQuery, requiredQuery: ['projectId'], body: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 254 }, caipAddress: { type: 'string', maxLength: 200 }, siteName: { type: 'string', maxLength: 200 } } }, responses: { 200: { type: 'object' }, 202: { type: 'object' } }, errors: [401, 403, 429, 502] }) }, async (request, reply) => {
    readSdkParams(request, config)
    const { capture } = required()
    const projectId = readStringParam(request.query, 'projectId', { required: true, maxLength: 128 }) as string
    const body = request.body as { email?: unknown; caipAddress?: unknown; siteName?: unknown } | null
    if (typeof body !== 'object' || body === null) throw badRequest('Send { email, caipAddress }')
    const siteName = typeof body.siteName === 'string' ? body.siteName.replace(/[\r\n\t]/g, ' ').slice(0, 64) : ''
    const result = await capture.subscribe({ projectId, email: body.email, caipAddress: body.caipAddress, siteName })
    return reply.code(result.status === 'pending' ? 202 : 200).send(result)
  })

  app.get('/v1/email-capture/confirm', { schema: routeSchema({ summary: 'The confirmation link of an email', tags: ['email-capture'], querystring: { token: str(64) }, requiredQuery: ['token'], responses: { 200: media('text/html'), 404: media('text/html') } }) }, async (request, reply) => {
    const { capture } = required()
    const token = readStringParam(request.query, 'token', { required: true, maxLength: 64 }) as string
    const row = await capture.confirm(token)
    if (!row) return page(reply, 404, 'Link not found', 'This confirmation link is not valid. Ask for a new one from the site.')
    if (row.status === 'unsubscribed') return page(reply, 200, 'Unsubscribed', 'This address was unsubscribed; sign up again from the site to receive emails.')
    return page(reply, 200, 'Email confirmed', `Thank you: ${row.email} is confirmed.`)
  })

  app.get('/v1/email-capture/unsubscribe', { schema: routeSchema({ summary: 'The unsubscribe link of an email', tags: ['email-capture'], querystring: { token: str(64) }, requiredQuery: ['token'], responses: { 200: media('text/html'), 404: media('text/html') } }) }, async (request, reply) => {
    const { capture } = required()
    const token = readStringParam(request.query, 'token', { required: true, maxLength: 64 }) as string
    const row = await capture.unsubscribe(token)
    if (!row) return page(reply, 404, 'Link not found', 'This unsubscribe link is not valid.')
    return page(reply, 200, 'Unsubscribed', `${row.email} will get no more emails from this site.`)
  })

  app.get('/v1/email-capture/export', { schema: routeSchema({ summary: 'The confirmed addresses of a project, as CSV', tags: ['email-capture'], querystring: { projectId: sdkQuery.projectId }, requiredQuery: ['projectId'], security: [{ exportToken: [] }], responses: { 200: media('text/csv') }, errors: [401] }) }, async (request, reply) => {
    const { capture, email } = required()
    const projectId = readStringParam(request.query, 'projectId', { required: true, maxLength: 128 }) as string
    if (!isProjectId(projectId)) throw badRequest('projectId must be letters, digits, "_" or "-" (at most 128)')
    const header = request.headers.authorization
    const expected = email.exportTokens[projectId]
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined
    if (!expected || !given || !sameSecret(given, expected)) {
      reply.header('www-authenticate', 'Bearer')
      throw new HttpError({ status: 401, code: 'UNAUTHORIZED', message: "Send the project's export token as Authorization: Bearer <token>" })
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${projectId}-emails.csv"`)
      .header('cache-control', 'no-store')
      .send(await capture.exportCsv(projectId))
  })
}
