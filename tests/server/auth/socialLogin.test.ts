// Social login on the auth service against the sandbox's identity provider (real oidc-provider for
// the OIDC providers, the GitHub-shaped OAuth 2 fake): the popup's way through the provider, the
// callback page that posts the ticket to the site's origin only, the redeem with the frame's
// verifier, the same user as the email login for a verified email, and the provider's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxIdentityClientId } from '../../../sandbox/identity/identityTestUsers.js'
import { startIdentityProvider, type IdentityProvider } from '../../../sandbox/identity/startIdentityProvider.js'
import { driveIdentityProvider } from './driveIdentityProvider.js'
import { freePort, pkce, startAuthServer, type AuthTestServer } from './startAuthServer.js'

let t: AuthTestServer
let idp: IdentityProvider
const site = 'https://shop.example.com'

beforeAll(async () => {
  const port = await freePort()
  const walletOrigin = `http://127.0.0.1:${port}`
  idp = await startIdentityProvider({ port: 0, redirectUris: [`${walletOrigin}/auth/v1/social/callback`] })
  t = await startAuthServer({
    auth: {
      walletOrigin,
      listen: { host: '127.0.0.1', port },
      limits: { startsPerIpPerHour: 1000 },
      providers: {
        google: { preset: 'google', clientId: sandboxIdentityClientId('google'), issuer: idp.issuer('google') },
        x: { type: 'oidc', name: 'X', issuer: idp.issuer('x'), clientId: sandboxIdentityClientId('x') },
        github: {
          preset: 'github',
          clientId: sandboxIdentityClientId('github'),
          authorizationEndpoint: `${idp.github}/login/oauth/authorize`,
          tokenEndpoint: `${idp.github}/login/oauth/access_token`,
          userinfoEndpoint: `${idp.github}/user`,
          emailsEndpoint: `${idp.github}/user/emails`,
        },
      },
    },
  })
})
afterAll(async () => {
  await t?.dispose()
  await idp?.stop()
})

const resultOf = (html: string) => JSON.parse(/<script type="application\/json" id="portico-social-result">(.*?)<\/script>/.exec(html)![1]!)

async function socialLogin(provider: string, login: string, { abort = false } = {}) {
  const { verifier, challenge } = pkce()
  const start = await t.call('GET', `/auth/v1/social/${provider}/start?projectId=demo&challenge=${challenge}&origin=${encodeURIComponent(site)}`)
  expect(start.status).toBe(302)
  const callbackUrl = await driveIdentityProvider(start.headers.get('location')!, { login, callbackPrefix: `${t.walletOrigin}/auth/v1/social/callback`, abort })
  const page = await fetch(callbackUrl)
  const html = await page.text()
  return { page, html, result: resultOf(html), verifier }
}

describe('social login', () => {
  it('Google (OIDC): the callback page posts a ticket to the site origin; ticket + verifier reach the same user as the email login', async () => {
    // alice logs in by email first.
    const { verifier: emailVerifier, challenge } = pkce()
    const { attemptId } = (await t.call('POST', '/auth/v1/email/start', { body: { projectId: 'demo', email: 'alice@example.com', challenge } })).body
    const emailLogin = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code: await t.codeFor('alice@example.com'), verifier: emailVerifier } })

    const { page, html, result, verifier } = await socialLogin('google', 'alice')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(html).toContain('<script src="/auth/v1/social/callback.js"></script>')
    expect(html).not.toMatch(/<script>/)
    expect(result).toEqual({ origin: site, message: { type: 'portico-auth:social', ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } })
    const script = await (await fetch(`${t.walletOrigin}/auth/v1/social/callback.js`)).text()
    expect(script).toContain('window.opener.postMessage(result.message, result.origin)')

    // The site relayed the ticket; without the frame's verifier it is worth nothing.
    const stolen = await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: result.message.ticket, verifier: pkce().verifier } })
    expect([stolen.status, stolen.body.code]).toEqual([400, 'INVALID_PARAMS'])
    const redeemed = await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: result.message.ticket, verifier } })
    expect(redeemed.status).toBe(200)
    expect(redeemed.body.user).toEqual({ id: emailLogin.body.user.id, email: 'alice@example.com', provider: 'google', name: 'Alice Example' })
    const again = await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: result.message.ticket, verifier } })
    expect([again.status, again.body.code]).toEqual([409, 'CODE_USED'])
    // The ticket is not stored in clear.
    expect(JSON.stringify(t.server.db.prepare('SELECT * FROM auth_social_tickets').all())).not.toContain(result.message.ticket)
  })

  it('GitHub (plain OAuth 2): verified primary email reaches the email user; an unverified one gets its own user', async () => {
    const alice = await socialLogin('github', 'octo-alice')
    const redeemed = await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: alice.result.message.ticket, verifier: alice.verifier } })
    expect(redeemed.body.user).toEqual({ id: 'email:alice@example.com', email: 'alice@example.com', provider: 'github', handle: 'octo-alice', name: 'Alice Example' })
    const carol = await socialLogin('github', 'octo-carol')
    const carolUser = (await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: carol.result.message.ticket, verifier: carol.verifier } })).body.user
    expect(carolUser).toEqual({ id: 'github:583233', provider: 'github', handle: 'octo-carol', name: 'Carol Octo' })
  })

  it('a custom OIDC provider (X in the sandbox) gives the handle', async () => {
    const bob = await socialLogin('x', 'bob')
    const user = (await t.call('POST', '/auth/v1/social/redeem', { body: { ticket: bob.result.message.ticket, verifier: bob.verifier } })).body.user
    expect(user).toEqual({ id: 'x:bob', email: 'bob@example.com', provider: 'x', handle: 'bob_on_x', name: 'Bob' })
    // bob's email login later reaches the same user.
    const { verifier, challenge } = pkce()
    const { attemptId } = (await t.call('POST', '/auth/v1/email/start', { body: { projectId: 'demo', email: 'bob@example.com', challenge } })).body
    const emailLogin = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code: await t.codeFor('bob@example.com'), verifier } })
    expect(emailLogin.body.user.id).toBe(user.id)
  })

  it('a cancelled login (access_denied) gives PROVIDER_ERROR naming the provider', async () => {
    for (const provider of ['google', 'github']) {
      const { page, result } = await socialLogin(provider, 'alice', { abort: true })
      expect(page.status).toBe(400)
      expect(result.origin).toBe(site)
      expect(result.message.error.code).toBe('PROVIDER_ERROR')
      expect(result.message.error.message).toContain(provider === 'google' ? 'Google login failed' : 'GitHub login failed')
      expect(result.message.error.message).toContain('access_denied')
    }
  })

  it('a forged or replayed callback gets an error page that posts to no one', async () => {
    const forged = await fetch(`${t.walletOrigin}/auth/v1/social/callback?code=abc&state=${'A'.repeat(43)}`)
    const result = resultOf(await forged.text())
    expect(result.origin).toBeUndefined()
    expect(result.message.error.code).toBe('INVALID_PARAMS')
  })

  it('a failed token exchange gives PROVIDER_ERROR', async () => {
    const { challenge } = pkce()
    const start = await t.call('GET', `/auth/v1/social/github/start?projectId=demo&challenge=${challenge}&origin=${encodeURIComponent(site)}`)
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const page = await fetch(`${t.walletOrigin}/auth/v1/social/callback?code=not-a-real-code&state=${state}`)
    const result = resultOf(await page.text())
    expect(result.message.error).toEqual({ code: 'PROVIDER_ERROR', message: expect.stringContaining('GitHub login failed: its token endpoint refused (bad_verification_code)') })
  })

  it('refuses an unknown provider, an origin the project does not allow, and a bad challenge', async () => {
    const { challenge } = pkce()
    const unknown = await t.call('GET', `/auth/v1/social/myspace/start?projectId=demo&challenge=${challenge}&origin=${encodeURIComponent(site)}`)
    expect([unknown.status, unknown.body.code]).toEqual([404, 'UNKNOWN_PROVIDER'])
    const evil = await t.call('GET', `/auth/v1/social/google/start?projectId=demo&challenge=${challenge}&origin=${encodeURIComponent('https://evil.example.net')}`)
    expect([evil.status, evil.body.code]).toEqual([403, 'ORIGIN_NOT_ALLOWED'])
    const bad = await t.call('GET', `/auth/v1/social/google/start?projectId=demo&challenge=short&origin=${encodeURIComponent(site)}`)
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_PARAMS'])
    const providers = await t.call('GET', '/auth/v1/providers?projectId=demo')
    expect(providers.body).toEqual({ email: true, socials: [{ id: 'google', name: 'Google' }, { id: 'x', name: 'X' }, { id: 'github', name: 'GitHub' }] })
  })
})
