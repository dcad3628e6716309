import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProjectFeatures } from '../../../server/projects/resolveProject.js'
import { startTestServer } from '../helpers/startTestServer.js'
import type { TestServer } from '../helpers/startTestServer.js'

let server: TestServer
const features = [
  { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x'] },
  { id: 'swap', isEnabled: false, config: null },
]
beforeAll(async () => {
  server = await startTestServer({
    projects: {
      shop: { features, allowedOrigins: ['https://*.shop.example.com'], isAnalyticsEnabled: false },
      partial: { isAnalyticsEnabled: false },
    },
  })
})
afterAll(async () => {
  await server.dispose()
})

describe('project config endpoints', () => {
  it('answers a configured project from the configuration', async () => {
    expect((await server.getJson('/appkit/v1/config?projectId=shop&st=appkit&sv=html-core-1.0.0')).body).toEqual({ features })
    expect((await server.getJson('/projects/v1/origins?projectId=shop')).body).toEqual({ allowedOrigins: ['https://*.shop.example.com'] })
    expect((await server.getJson('/getAnalyticsConfig?projectId=shop')).body).toEqual({ isAnalyticsEnabled: false })
  })

  it('gives an unknown project the default project', async () => {
    const config = await server.getJson('/appkit/v1/config?projectId=someone-else')
    expect(config.status).toBe(200)
    expect(config.body).toEqual({ features: defaultProjectFeatures })
    expect(config.body.features.find((f: { id: string }) => f.id === 'multi_wallet').isEnabled).toBe(false)
    expect((await server.getJson('/projects/v1/origins?projectId=someone-else')).body).toEqual({ allowedOrigins: ['*'] })
    expect((await server.getJson('/getAnalyticsConfig?projectId=someone-else')).body).toEqual({ isAnalyticsEnabled: true })
  })

  it('fills the fields a project leaves out from the default', async () => {
    expect((await server.getJson('/appkit/v1/config?projectId=partial')).body).toEqual({ features: defaultProjectFeatures })
    expect((await server.getJson('/getAnalyticsConfig?projectId=partial')).body).toEqual({ isAnalyticsEnabled: false })
  })

  it('does not resolve prototype keys as projects', async () => {
    const { status, body } = await server.getJson('/appkit/v1/config?projectId=__proto__')
    expect(status).toBe(200)
    expect(body).toEqual({ features: defaultProjectFeatures })
  })

  it.each(['/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig'])('%s without projectId is a 400', async (path) => {
    const { status, body } = await server.getJson(path)
    expect(status).toBe(400)
    expect(body).toEqual({ code: 'INVALID_PARAMS', message: 'projectId is required' })
    const malformed = await server.getJson(`${path}?projectId=${encodeURIComponent("x' OR 1=1")}`)
    expect(malformed.status).toBe(400)
    const twice = await server.getJson(`${path}?projectId=a&projectId=b`)
    expect(twice.status).toBe(400)
  })
})
