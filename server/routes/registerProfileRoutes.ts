import type { FastifyInstance, FastifyReply } from 'fastify'

import { createNameZone } from '../profile/createNameZone.js'
import { ProfileRefusal } from '../profile/ProfileRefusal.js'
import { badRequest } from '../utils/badRequest.js'
import { readSdkParams } from '../utils/readSdkParams.js'
import { readStringParam } from '../utils/readStringParam.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery, str } from './routeSchemas.js'

/** The name zone's answer to a refusal: `{ code, message, status: 'error', reasons: [{ name, description }] }`. */
function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof ProfileRefusal) {
    return reply.code(error.status).send({ code: error.code, message: error.shortMessage, status: 'error', reasons: [{ name: error.reason, description: error.shortMessage }] })
  }
  throw error
}

/**
 * Mounts the name zone (spec §7, `/v1/profile/*`; `config.profile.zone`, default `portico.id`):
 * `GET /v1/profile/account/:name` (the record, or 404 when the name is free), `GET
 * /v1/profile/suggestions/:name` (`{ suggestions: [{ name, registered }] }`), `GET
 * /v1/profile/reverse/:address` (the address's records), `POST /v1/profile/account` with `{
 * coin_type, address, message, signature }` (registers; the message is `{ name, attributes,
 * timestamp }` as JSON, signed by the address) and Portico's `POST /v1/profile/release` (the owner
 * signs `{ name, timestamp, release: true }`). Refusals carry `reasons: [{ name, description }]`.
 *
 * @example
 * registerProfileRoutes(app, context)
 */
export function registerProfileRoutes(app: FastifyInstance, { storage, config }: ServerContext): void {
  const zone = createNameZone({
    storage,
    zone: config.profile?.zone ?? 'portico.id',
    chains: config.chains.filter((c) => c.caipNetworkId.startsWith('eip155:')),
    ...(config.profile?.maxAgeSeconds !== undefined ? { maxAgeSeconds: config.profile.maxAgeSeconds } : {}),
  })

  app.get<{ Params: { name: string } }>('/v1/profile/account/:name', { schema: routeSchema({ summary: 'A name of the zone and its addresses', tags: ['profile'], params: { name: str(253) }, querystring: { ...sdkQuery, apiVersion: str(8) }, responses: { 200: { type: 'object' } }, errors: [401, 403, 404, 409, 422, 502] }) }, async (request, reply) => {
    readSdkParams(request, config)
    readStringParam(request.query, 'apiVersion', { maxLength: 8 })
    try {
      const record = await zone.lookup(request.params.name)
      if (!record) return reply.code(404).send({ code: 'NOT_FOUND', message: `${request.params.name.slice(0, 100).toLowerCase()} is not registered`, status: 'error', reasons: [{ name: 'NotFound', description: 'The name is not registered' }] })
      return record
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.get<{ Params: { name: string } }>('/v1/profile/suggestions/:name', { schema: routeSchema({ summary: 'Free names like the one asked', tags: ['profile'], params: { name: str(253) }, querystring: { ...sdkQuery, zone: str(253) }, responses: { 200: { type: 'object', required: ['suggestions'], properties: { suggestions: { type: 'array' } } } }, errors: [401, 403, 404, 409, 422, 502] }) }, async (request, reply) => {
    readSdkParams(request, config)
    const asked = readStringParam(request.query, 'zone', { maxLength: 253 })
    if (asked !== undefined && asked.toLowerCase() !== zone.zone) throw badRequest(`This server serves the zone ${zone.zone}`)
    try {
      return { suggestions: await zone.suggestions(request.params.name) }
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.get<{ Params: { address: string } }>('/v1/profile/reverse/:address', { schema: routeSchema({ summary: 'The names of an address', tags: ['profile'], params: { address: str(128) }, querystring: { ...sdkQuery, sender: str(100), apiVersion: str(8) }, responses: { 200: { type: 'array' } }, errors: [401, 403, 404, 409, 422, 502] }) }, async (request, reply) => {
    readSdkParams(request, config)
    readStringParam(request.query, 'sender', { maxLength: 100 })
    readStringParam(request.query, 'apiVersion', { maxLength: 8 })
    try {
      return await zone.reverse(request.params.address)
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.post('/v1/profile/account', { schema: routeSchema({ summary: 'Registers a name, signed by its address', tags: ['profile'], body: { type: 'object', required: ['coin_type', 'address', 'message', 'signature'], properties: { coin_type: { type: 'integer' }, address: { type: 'string', maxLength: 128 }, message: { type: 'string', maxLength: 4096 }, signature: { type: 'string', maxLength: 1024 } } }, responses: { 200: { type: 'object' } }, errors: [401, 403, 404, 409, 422, 502] }) }, async (request, reply) => {
    try {
      return await zone.register(request.body as never)
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.post('/v1/profile/release', { schema: routeSchema({ summary: 'Releases a name, signed by its address', tags: ['profile'], body: { type: 'object', required: ['address', 'message', 'signature'], properties: { address: { type: 'string', maxLength: 128 }, message: { type: 'string', maxLength: 4096 }, signature: { type: 'string', maxLength: 1024 } } }, responses: { 200: { type: 'object' } }, errors: [401, 403, 404, 409, 422, 502] }) }, async (request, reply) => {
    try {
      return await zone.release(request.body as never)
    } catch (error) {
      return refuse(reply, error)
    }
  })
}
