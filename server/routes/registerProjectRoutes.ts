import type { FastifyInstance } from 'fastify'
import { resolveProject } from '../projects/resolveProject.js'
import { readProjectId } from '../utils/readProjectId.js'
import type { ServerContext } from './ServerContext.js'

/**
 * Mounts the project-config endpoints, each keyed by the `projectId` query parameter (400 when
 * missing): `GET /appkit/v1/config` → `{ features }`, `GET /projects/v1/origins` →
 * `{ allowedOrigins }`, `GET /getAnalyticsConfig` → `{ isAnalyticsEnabled }`.
 *
 * @param app - the Fastify instance
 * @param context - database and configuration
 * @example
 * registerProjectRoutes(app, { db, config })
 */
export function registerProjectRoutes(app: FastifyInstance, { config }: ServerContext): void {
  app.get('/appkit/v1/config', async (request) => ({ features: resolveProject(config, readProjectId(request.query)).features }))
  app.get('/projects/v1/origins', async (request) => ({
    allowedOrigins: resolveProject(config, readProjectId(request.query)).allowedOrigins,
  }))
  app.get('/getAnalyticsConfig', async (request) => ({
    isAnalyticsEnabled: resolveProject(config, readProjectId(request.query)).isAnalyticsEnabled,
  }))
}
