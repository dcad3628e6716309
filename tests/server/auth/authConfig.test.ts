// The auth section of the server's configuration is checked at start with errors naming the field;
// the frame-ancestors sources follow the project's origins; without SMTP there is no email login.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AuthConfig } from '../../../server/auth/AuthConfig.js'
import { frameAncestorSources } from '../../../server/auth/frame/frameAncestorSources.js'
import { resolveAuthConfig } from '../../../server/auth/resolveAuthConfig.js'
import { createServer } from '../../../server/createServer.js'
import { makeDataDir } from '../helpers/startTestServer.js'
import { freePort, pkce, startAuthServer } from './startAuthServer.js'

const base = (): AuthConfig => ({ walletOrigin: 'https://wallet.example.com', shareKey: randomBytes(32).toString('hex'), recoveryKey: randomBytes(32).toString('base64'), frame: { script: '', style: '' } })

describe('auth config', () => {
  it.each<[string, (c: AuthConfig) => AuthConfig, string]>([
    ['a wallet origin with a path', (c) => ({ ...c, walletOrigin: 'https://wallet.example.com/app' }), 'auth.walletOrigin must be an origin'],
    ['a short share key', (c) => ({ ...c, shareKey: 'abcd' }), 'auth.shareKey must be a 32-byte key'],
    ['the same key twice', (c) => ({ ...c, recoveryKey: c.shareKey }), 'auth.recoveryKey must differ from auth.shareKey'],
    ['no frame', (c) => ({ ...c, frame: undefined as never }), 'auth.frame must be { script, style }'],
    ['an unknown preset', (c) => ({ ...c, providers: { myspace: { preset: 'myspace' as never, clientId: 'x' } } }), 'auth.providers.myspace.preset must be one of google, apple, github, discord, x, facebook'],
    ['a provider without client id', (c) => ({ ...c, providers: { google: { preset: 'google', clientId: '' } } }), 'auth.providers.google.clientId is required'],
    ['an oauth2 provider without map', (c) => ({ ...c, providers: { gitea: { type: 'oauth2', name: 'Gitea', clientId: 'x', authorizationEndpoint: 'https://g/a', tokenEndpoint: 'https://g/t', userinfoEndpoint: 'https://g/u', scopes: ['read'] } as never } }), 'auth.providers.gitea.map.sub is required'],
    ['an oidc issuer that is not a URL', (c) => ({ ...c, providers: { okta: { type: 'oidc', name: 'Okta', issuer: 'okta', clientId: 'x' } } }), 'auth.providers.okta.issuer must be an http(s) URL'],
    ['a zero limit', (c) => ({ ...c, limits: { maxWrongCodes: 0 } }), 'auth.limits.maxWrongCodes must be a positive integer'],
    ['email without SMTP', (c) => ({ ...c, email: true }), 'auth.email needs the server\'s email (SMTP) settings'],
  ])('refuses %s', (_, change, message) => {
    expect(() => resolveAuthConfig(change(base()), undefined)).toThrow(message)
  })

  it('fills in the presets and the contract\'s limits', () => {
    const resolved = resolveAuthConfig({ ...base(), providers: { gh: { preset: 'github', clientId: 'id' } } }, undefined)
    expect(resolved.walletHost).toBe('wallet.example.com')
    expect(resolved.email).toBeUndefined()
    expect(resolved.limits).toMatchObject({ codeTtlMs: 600_000, maxWrongCodes: 5, resendGapMs: 30_000, codesPerEmailPerHour: 5, startsPerIpPerHour: 20, freshMs: 600_000 })
    expect(resolved.providers.get('gh')).toMatchObject({ kind: 'oauth2', name: 'GitHub', tokenEndpoint: 'https://github.com/login/oauth/access_token', userinfoEndpoint: 'https://api.github.com/user', scopes: ['read:user', 'user:email'] })
  })

  it('stops createServer with the error', async () => {
    await expect(createServer({ port: 0, relay: false, indexer: false, chains: [], dataDir: makeDataDir(), auth: { ...base(), shareKey: 'nope' } })).rejects.toThrow('createServer: auth.shareKey must be a 32-byte key')
  })
})

describe('frame-ancestors', () => {
  it('turns the project\'s patterns into CSP sources, loopback always in', () => {
    const sources = frameAncestorSources(['https://*.example.com', 'shop.example.org', 'localhost:*', 'https://app-*.example.net']).split(' ')
    expect(sources).toEqual(expect.arrayContaining(['https://*.example.com', 'http://shop.example.org', 'https://shop.example.org', 'http://localhost:*', 'http://127.0.0.1:*']))
    expect(sources.some((s) => s.includes('app-*'))).toBe(false)
    // CSP has no source for an IPv6 address: Chromium would log an error in the site's console for one.
    expect(frameAncestorSources(['http://[::1]:3000']).split(' ')).toEqual(['http://127.0.0.1:*', 'http://localhost:*', 'https://127.0.0.1:*', 'https://localhost:*'])
    expect(frameAncestorSources(['*'])).toBe('*')
  })
})

describe('without SMTP', () => {
  it('offers no email login and answers 503 to a start', async () => {
    const t = await startAuthServer({ server: { email: undefined } })
    try {
      expect((await t.call('GET', '/auth/v1/providers?projectId=demo')).body).toEqual({ email: false, socials: [] })
      const start = await t.call('POST', '/auth/v1/email/start', { body: { projectId: 'demo', email: 'a@example.com', challenge: pkce().challenge } })
      expect([start.status, start.body.code]).toEqual([503, 'EMAIL_NOT_CONFIGURED'])
    } finally {
      await t.dispose()
    }
  })
})

describe('an SMTP server that does not answer', () => {
  it('answers 502 EMAIL_NOT_SENT and does not count the lost code against the resend gap', async () => {
    const closed = await freePort()
    const t = await startAuthServer({ server: { email: { smtp: { host: '127.0.0.1', port: closed }, from: 'x@example.com', exportTokens: {} } } })
    try {
      const body = { projectId: 'demo', email: 'lost@example.com', challenge: pkce().challenge }
      for (let i = 0; i < 2; i++) {
        const start = await t.call('POST', '/auth/v1/email/start', { body })
        expect([start.status, start.body.code]).toEqual([502, 'EMAIL_NOT_SENT'])
      }
      expect(t.server.db.prepare('SELECT COUNT(*) AS n FROM auth_code_attempts').get()).toEqual({ n: 0 })
    } finally {
      await t.dispose()
    }
  })
})
