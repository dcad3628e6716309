import type { FastifyInstance } from 'fastify'
import { authorizeProject } from '../projects/authorizeProject.js'
import { readProjectId } from '../utils/readProjectId.js'
import type { ServerContext } from './ServerContext.js'
import { routeSchema, sdkQuery } from './routeSchemas.js'

/**
 * Mounts the project-config endpoints, each keyed by the `projectId` query parameter (400 when
 * missing): `GET /appkit/v1/config` → `{ features }`, `GET /projects/v1/origins` →
 * `{ allowedOrigins }`, `GET /getAnalyticsConfig` → `{ isAnalyticsEnabled }`. An unknown project
 * id is a 401 `Unauthorized: invalid key` (APKT007) unless the server has an open
 * `defaultProject`, whose settings it then gets (origins default to the spec's list).
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerProjectRoutes(app, { db, config })
 */
const projectSchema = (summary: string, answer: Record<string, unknown>) =>
  routeSchema({ summary, tags: ['projects'], querystring: sdkQuery, responses: { 200: answer }, errors: [401] })

export function registerProjectRoutes(app: FastifyInstance, { config }: ServerContext): void {
  // The origin is not checked here: the client compares it with `/projects/v1/origins` itself
  // and shows APKT002, which it could not do if these answered 403.
  const project = (query: unknown) => authorizeProject({ config, projectId: readProjectId(query), origin: undefined })
  app.get('/appkit/v1/config', { schema: projectSchema('The project\'s features', { type: 'object', required: ['features'], properties: { features: { type: 'array', items: { type: 'object', required: ['id', 'isEnabled'] } } } }) }, async (request) => ({ features: project(request.query).features }))
  app.get('/projects/v1/origins', { schema: projectSchema('The origins the project allows', { type: 'object', required: ['allowedOrigins'], properties: { allowedOrigins: { type: 'array', items: { type: 'string' } } } }) }, async (request) => ({ allowedOrigins: project(request.query).allowedOrigins }))
  app.get('/getAnalyticsConfig', { schema: projectSchema('Whether the project takes analytics', { type: 'object', required: ['isAnalyticsEnabled'], properties: { isAnalyticsEnabled: { type: 'boolean' } } }) }, async (request) => ({ isAnalyticsEnabled: project(request.query).isAnalyticsEnabled }))
}
