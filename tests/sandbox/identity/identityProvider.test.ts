// The sandbox's identity provider: every OIDC issuer the sandbox server is configured with answers
// its discovery document with the right issuer, the GitHub fake's pages carry a strict CSP, and the
// sandbox's share keys survive a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverOidcIssuer } from '../../../server/auth/social/discoverOidcIssuer.js'
import { resolveSocialProviders } from '../../../server/auth/social/resolveSocialProviders.js'
import { sandboxAuthKeys, sandboxAuthKeysFile } from '../../../sandbox/identity/sandboxAuthKeys.js'
import { sandboxAuthProviders } from '../../../sandbox/identity/sandboxAuthProviders.js'
import { startIdentityProvider, type IdentityProvider } from '../../../sandbox/identity/startIdentityProvider.js'

let idp: IdentityProvider
const callback = 'http://127.0.0.1:4711/auth/v1/social/callback'
beforeAll(async () => {
  idp = await startIdentityProvider({ port: 0, redirectUris: [callback] })
})
afterAll(async () => {
  await idp?.stop()
})

describe('sandbox identity provider', () => {
  it('serves an OIDC issuer for each OIDC provider of the sandbox config', async () => {
    const providers = resolveSocialProviders(sandboxAuthProviders(idp))
    expect([...providers.keys()]).toEqual(['google', 'github', 'discord', 'x', 'apple', 'facebook', 'farcaster'])
    for (const provider of providers.values()) {
      if (provider.kind !== 'oidc') continue
      const metadata = await discoverOidcIssuer(provider.issuer, provider.name)
      expect(metadata.issuer).toBe(`${idp.url}/${provider.id}`)
      expect(metadata.authorization_endpoint.startsWith(`${idp.url}/${provider.id}/`)).toBe(true)
    }
    const github = providers.get('github')!
    expect(github.kind === 'oauth2' && github.tokenEndpoint).toBe(`${idp.url}/github/login/oauth/access_token`)
  })

  it('shows the GitHub login form under a strict CSP, and refuses an unknown redirect_uri', async () => {
    const ok = await fetch(`${idp.github}/login/oauth/authorize?client_id=portico-sandbox-github&redirect_uri=${encodeURIComponent(callback)}&state=s`)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-security-policy')).toBe("default-src 'none'; form-action 'self' http://127.0.0.1:4711; base-uri 'none'; frame-ancestors 'none'")
    expect(await ok.text()).toContain('<option>octo-alice</option>')
    const evil = await fetch(`${idp.github}/login/oauth/authorize?client_id=portico-sandbox-github&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`)
    expect(evil.status).toBe(400)
  })

  it('keeps the share keys in the data directory across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-auth-keys-'))
    try {
      const first = await sandboxAuthKeys(dir)
      expect(first.shareKey).toMatch(/^[0-9a-f]{64}$/)
      expect(first.recoveryKey).not.toBe(first.shareKey)
      expect(await sandboxAuthKeys(dir)).toEqual(first)
      expect(JSON.parse(readFileSync(join(dir, sandboxAuthKeysFile), 'utf8'))).toEqual(first)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
