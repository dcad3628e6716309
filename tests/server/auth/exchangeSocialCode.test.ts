// The id_token check of an OIDC login, against a tiny issuer made in this test (discovery, JWKS,
// token endpoint): a token signed by another key, for another audience or with another nonce is a
// PROVIDER_ERROR naming the provider; a good one gives the profile.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exchangeSocialCode } from '../../../server/auth/social/exchangeSocialCode.js'
import type { ResolvedSocialProvider } from '../../../server/auth/social/SocialProviderConfig.js'
import { SocialProviderError } from '../../../server/auth/social/SocialProviderError.js'

let server: Server
let issuer: string
let idToken = ''
const published = await generateKeyPair('RS256')
const other = await generateKeyPair('RS256')

beforeAll(async () => {
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  server = createServer((request, response) => {
    const json = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.url === '/.well-known/openid-configuration') return json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` })
    if (request.url === '/jwks') return json({ keys: [jwk] })
    if (request.url === '/token') return json({ access_token: 'at', id_token: idToken, token_type: 'Bearer' })
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const provider = (): ResolvedSocialProvider => ({ id: 'acme', name: 'Acme ID', kind: 'oidc', issuer, scopes: ['openid'], clientId: 'client-1' })
const sign = (key: CryptoKey, claims: Record<string, unknown>) =>
  new SignJWT({ nonce: 'n-1', email: 'dana@example.com', email_verified: true, name: 'Dana', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience((claims.aud as string) ?? 'client-1')
    .setSubject('dana-1')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key)
const exchange = () => exchangeSocialCode({ provider: provider(), code: 'c', redirectUri: 'http://127.0.0.1/cb', codeVerifier: 'v'.repeat(43), nonce: 'n-1' })

describe('exchangeSocialCode (OIDC)', () => {
  it('verifies a good id_token and reads the profile from it', async () => {
    idToken = await sign(published.privateKey, {})
    expect(await exchange()).toEqual({ sub: 'dana-1', email: 'dana@example.com', emailVerified: true, name: 'Dana' })
  })

  it.each([
    ['signed by a key the issuer does not publish', () => sign(other.privateKey, {}), 'Acme ID login failed: its id_token did not verify'],
    ['for another client', () => sign(published.privateKey, { aud: 'client-2' }), 'Acme ID login failed: its id_token did not verify'],
    ['with another nonce', () => sign(published.privateKey, { nonce: 'n-2' }), 'Acme ID login failed: its id_token carries the wrong nonce'],
  ])('refuses an id_token %s', async (_, make, message) => {
    idToken = await make()
    const error = await exchange().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SocialProviderError)
    expect((error as SocialProviderError).code).toBe('PROVIDER_ERROR')
    expect((error as SocialProviderError).shortMessage).toContain(message)
  })
})
