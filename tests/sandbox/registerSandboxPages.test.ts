import { fastify } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { SandboxAssets } from '../../sandbox/build/buildSandboxAssets.js'
import { registerSandboxPages, sandboxPageCsp, type SandboxInfo } from '../../sandbox/registerSandboxPages.js'

const assets: SandboxAssets = new Map([
  ['/', { body: '<!doctype html><title>demo</title>', contentType: 'text/html; charset=utf-8' }],
  ['/demo.js', { body: 'void 0', contentType: 'text/javascript; charset=utf-8' }],
])
const info: SandboxInfo = { url: 'http://127.0.0.1:1', projectId: 'demo', relayUrl: 'ws://127.0.0.1:1/relay', chains: [], accounts: ['0x1'] }

describe('registerSandboxPages', () => {
  it('serves pages with the strict CSP, scripts with their type, and /sandbox.json', async () => {
    const app = fastify()
    registerSandboxPages(assets, info)(app)
    try {
      const page = await app.inject({ method: 'GET', url: '/' })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-security-policy']).toBe(sandboxPageCsp)
      expect(page.body).toBe('<!doctype html><title>demo</title>')
      const script = await app.inject({ method: 'GET', url: '/demo.js' })
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(script.headers['x-content-type-options']).toBe('nosniff')
      expect(script.headers['content-security-policy']).toBeUndefined()
      const json = await app.inject({ method: 'GET', url: '/sandbox.json' })
      expect(json.json()).toEqual(info)
      expect((await app.inject({ method: 'GET', url: '/nope.js' })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })

  it('the Safe host page may frame the demo origin or a Safe App of your own on any loopback origin, and the demo with ?safeApp=1 may be framed by the host origin only', async () => {
    const app = fastify()
    registerSandboxPages(new Map([...assets, ['/sandbox/safe', { body: '<!doctype html><title>safe</title>', contentType: 'text/html; charset=utf-8' }]]), info)(app)
    try {
      const host = await app.inject({ method: 'GET', url: '/sandbox/safe' })
      expect(host.headers['content-security-policy']).toBe(`${sandboxPageCsp}; frame-src http://127.0.0.1:* http://localhost:* http://[::1]:*`)
      const framed = await app.inject({ method: 'GET', url: '/?safeApp=1' })
      expect(framed.headers['content-security-policy']).toBe(sandboxPageCsp.replace("frame-ancestors 'none'", 'frame-ancestors http://127.0.0.1:1'))
      expect((await app.inject({ method: 'GET', url: '/?safeApp=yes' })).headers['content-security-policy']).toBe(sandboxPageCsp)
    } finally {
      await app.close()
    }
  })

  it("writes the embedded wallet's origin into the demo page, so the demo follows PORTICO_SANDBOX_WALLET_HOST", async () => {
    const app = fastify()
    const page = '<!doctype html><html><head><title>demo</title></head><body></body></html>'
    registerSandboxPages(new Map([['/', { body: page, contentType: 'text/html; charset=utf-8' }]]), { ...info, auth: { walletOrigin: 'http://localhost:4711', identity: 'http://127.0.0.1:4712' } })(app)
    try {
      const served = await app.inject({ method: 'GET', url: '/' })
      expect(served.body).toContain('<meta name="portico-wallet-origin" content="http://localhost:4711" />')
      expect(served.headers['content-security-policy']).toContain('frame-src http://localhost:4711')
      // An origin is all it writes: a path, a quote or markup in the configured value cannot reach the page.
      const hostile = fastify()
      registerSandboxPages(new Map([['/', { body: page, contentType: 'text/html; charset=utf-8' }]]), { ...info, auth: { walletOrigin: 'http://localhost:4711/"><script>x()</script>', identity: 'http://127.0.0.1:4712' } })(hostile)
      const body = (await hostile.inject({ method: 'GET', url: '/' })).body
      expect(body).toContain('content="http://localhost:4711"')
      expect(body).not.toContain('<script>')
      await hostile.close()
    } finally {
      await app.close()
    }
  })

  it('the CSP forbids inline scripts, eval and inline styles', () => {
    const directives = Object.fromEntries(sandboxPageCsp.split('; ').map((d) => [d.split(' ')[0], d]))
    expect(directives['script-src']).toBe("script-src 'self'")
    expect(directives['style-src']).toBe("style-src 'self'")
    expect(sandboxPageCsp).not.toMatch(/unsafe-(inline|eval)/)
  })

  it('POST /sandbox/restart-relay refuses cross-site requests and restarts for the sandbox itself (issue 12, point 10)', async () => {
    let restarts = 0
    const app = fastify()
    registerSandboxPages(assets, info, { restartRelay: async () => void (restarts += 1) })(app)
    try {
      const crossSite = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://127.0.0.1:2' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ]
      for (const headers of crossSite) {
        const refused = await app.inject({ method: 'POST', url: '/sandbox/restart-relay', headers: { 'content-type': 'text/plain', ...headers } })
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'Cross-site requests may not restart the relay' })
      }
      expect(restarts).toBe(0)
      const fromPage = await app.inject({ method: 'POST', url: '/sandbox/restart-relay', headers: { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-origin' } })
      expect(fromPage.json()).toEqual({ restarted: true })
      const fromScript = await app.inject({ method: 'POST', url: '/sandbox/restart-relay' })
      expect(fromScript.json()).toEqual({ restarted: true })
      expect(restarts).toBe(2)
    } finally {
      await app.close()
    }
  })
})
