// The wallet shares, the frame page and the wallet-origin rules of the auth service: shares are
// stored AES-256-GCM encrypted and released per the custody rules (docs/guides/embedded-wallet.md
// §2), the frame page carries the project's frame-ancestors, and other hosts and origins are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pkce, startAuthServer, type AuthTestServer } from './startAuthServer.js'

let t: AuthTestServer
beforeAll(async () => {
  t = await startAuthServer({ auth: { limits: { startsPerIpPerHour: 1000 } } })
})
afterAll(async () => {
  await t?.dispose()
})

async function login(email: string): Promise<string> {
  const { verifier, challenge } = pkce()
  const { attemptId } = (await t.call('POST', '/auth/v1/email/start', { body: { projectId: 'demo', email, challenge } })).body
  const verified = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code: await t.codeFor(email), verifier } })
  expect(verified.status).toBe(200)
  return verified.body.token
}

const authShare = 'AUTHSHARE-0123456789abcdef0123456789abcdef0123456789'
const recoveryShare = 'RECOVERYSHARE-fedcba9876543210fedcba9876543210fedcba'
const wallet = { eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', solana: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', authShare, recoveryShare }

describe('wallet shares', () => {
  it('stores the wallet once for a fresh login, encrypted; releases the auth share; 409 the second time', async () => {
    const token = await login('wallet-owner@example.com')
    const created = await t.call('POST', '/auth/v1/wallet', { token, body: wallet })
    expect(created.status).toBe(201)
    expect((await t.call('POST', '/auth/v1/wallet', { token, body: wallet })).status).toBe(409)
    const me = await t.call('GET', '/auth/v1/me', { token })
    expect(me.body.wallet).toEqual({ eip155: wallet.eip155, solana: wallet.solana, recovery: 'server' })
    expect((await t.call('GET', '/auth/v1/wallet/share', { token })).body).toEqual({ authShare })

    const row = t.server.db.prepare("SELECT auth_share, recovery_share FROM auth_wallets WHERE user_id = 'email:wallet-owner@example.com'").get() as { auth_share: Buffer; recovery_share: Buffer }
    for (const sealed of [row.auth_share, row.recovery_share]) {
      expect(sealed.length).toBeGreaterThan(29)
      for (const plain of [authShare, recoveryShare]) {
        expect(sealed.includes(Buffer.from(plain))).toBe(false)
        expect(sealed.includes(Buffer.from(plain.slice(0, 12)))).toBe(false)
      }
    }
  })

  it('releases the recovery share only to a fresh login, and emails "new device"', async () => {
    const email = 'recover-me@example.com'
    const token = await login(email)
    expect((await t.call('POST', '/auth/v1/wallet', { token, body: wallet })).status).toBe(201)
    const before = t.sink.list().length
    const released = await t.call('POST', '/auth/v1/wallet/recovery', { token })
    expect(released.status).toBe(200)
    expect(released.body).toEqual({ recoveryShare })
    const notice = t.sink.list()[0]!
    expect(t.sink.list().length).toBe(before + 1)
    expect(notice.to).toEqual([email])
    expect(notice.subject).toContain('new device')

    t.clock.now += 10 * 60_000 + 1
    const stale = await t.call('POST', '/auth/v1/wallet/recovery', { token })
    expect([stale.status, stale.body.code]).toEqual([403, 'REAUTH_REQUIRED'])
    // The auth share still flows to the (not fresh) session.
    expect((await t.call('GET', '/auth/v1/wallet/share', { token })).body).toEqual({ authShare })
  })

  it('creates a wallet only after a fresh login', async () => {
    const token = await login('slow-creator@example.com')
    t.clock.now += 10 * 60_000 + 1
    const late = await t.call('POST', '/auth/v1/wallet', { token, body: wallet })
    expect([late.status, late.body.code]).toEqual([403, 'REAUTH_REQUIRED'])
  })

  it('refuses malformed wallets and missing sessions', async () => {
    const token = await login('typo@example.com')
    for (const [body, message] of [
      [{ ...wallet, eip155: '0x123' }, 'eip155 must be'],
      [{ ...wallet, solana: 'not base58 0OIl' }, 'solana must be'],
      [{ ...wallet, authShare: 'x' }, 'authShare and recoveryShare must be'],
      [{ ...wallet, recoveryShare: authShare }, 'must be different'],
    ] as const) {
      const answer = await t.call('POST', '/auth/v1/wallet', { token, body })
      expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_PARAMS'])
      expect(answer.body.message).toContain(message)
    }
    expect((await t.call('GET', '/auth/v1/wallet/share', { token })).body.code).toBe('NO_WALLET')
    expect((await t.call('GET', '/auth/v1/me')).body.code).toBe('NOT_LOGGED_IN')
    expect((await t.call('GET', '/auth/v1/me', { token: 'A'.repeat(43) })).status).toBe(401)
  })
})

describe('a recovery the operator cannot open (issue 48)', () => {
  const envelope = { v: 1, iv: 'aXYtaXYtaXYtaXY', ct: 'Y2lwaGVydGV4dC1vZi10aGUtc2hhcmU', password: { kdf: 'scrypt', N: 131072, r: 8, p: 1, salt: 'c2FsdC1zYWx0LXNhbHQtcw', iv: 'aXYtaXYtaXYtaXY', wrapped: 'd3JhcHBlZC1kYXRhLWtleQ' } }
  const newAuthShare = 'NEWAUTHSHARE-0123456789abcdef0123456789abcdef01234567'

  it('replaces the auth share and keeps only the visitor\'s envelope, which /wallet/recovery hands back as it is', async () => {
    const token = await login('protect-me@example.com')
    expect((await t.call('POST', '/auth/v1/wallet', { token, body: wallet })).status).toBe(201)
    const protectedAnswer = await t.call('POST', '/auth/v1/wallet/recovery/protect', { token, body: { authShare: newAuthShare, protectedRecovery: { ...envelope, extra: 'dropped' } } })
    expect([protectedAnswer.status, protectedAnswer.body]).toEqual([200, { recovery: 'protected' }])
    expect((await t.call('GET', '/auth/v1/me', { token })).body.wallet).toEqual({ eip155: wallet.eip155, solana: wallet.solana, recovery: 'protected' })
    expect((await t.call('GET', '/auth/v1/wallet/share', { token })).body).toEqual({ authShare: newAuthShare })
    const released = await t.call('POST', '/auth/v1/wallet/recovery', { token })
    expect(released.body).toEqual({ protectedRecovery: envelope })
    // The database no longer holds the plain recovery share, sealed or not.
    const row = t.server.db.prepare("SELECT recovery_share FROM auth_wallets WHERE user_id = 'email:protect-me@example.com'").get() as { recovery_share: Buffer }
    expect(row.recovery_share.includes(Buffer.from(recoveryShare.slice(0, 12)))).toBe(false)
  })

  it('refuses a malformed envelope, a stale session, no wallet and no session', async () => {
    const token = await login('protect-late@example.com')
    const protect = (body: unknown, as = token) => t.call('POST', '/auth/v1/wallet/recovery/protect', { token: as, body })
    expect((await protect({ authShare: newAuthShare, protectedRecovery: envelope })).body.code).toBe('NO_WALLET')
    expect((await t.call('POST', '/auth/v1/wallet', { token, body: wallet })).status).toBe(201)
    for (const bad of [{ ...envelope, v: 2 }, { v: 1, iv: envelope.iv, ct: envelope.ct }, { ...envelope, ct: 'not base64url!' }, { ...envelope, password: { ...envelope.password, kdf: 'pbkdf2' } }, 'a string']) {
      const answer = await protect({ authShare: newAuthShare, protectedRecovery: bad })
      expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_PARAMS'])
    }
    expect((await protect({ authShare: 'x', protectedRecovery: envelope })).status).toBe(400)
    expect((await protect({ authShare: newAuthShare, protectedRecovery: envelope }, 'A'.repeat(43))).status).toBe(401)
    t.clock.now += 10 * 60_000 + 1
    const stale = await protect({ authShare: newAuthShare, protectedRecovery: envelope })
    expect([stale.status, stale.body.code]).toEqual([403, 'REAUTH_REQUIRED'])
    expect((await t.call('GET', '/auth/v1/me', { token })).body.wallet.recovery).toBe('server')
  })
})

describe('email change', () => {
  it('sends the code to the new address, and the user keeps their id and wallet', async () => {
    const token = await login('old-address@example.com')
    expect((await t.call('POST', '/auth/v1/wallet', { token, body: wallet })).status).toBe(201)
    const { verifier, challenge } = pkce()
    const started = await t.call('POST', '/auth/v1/email/change/start', { token, body: { email: 'New-Address@example.com', challenge } })
    expect(started.status).toBe(200)
    const code = await t.codeFor('new-address@example.com')
    expect(t.sink.list()[0]!.subject).toMatch(/email change code: \d{6}$/)
    // A login attempt id cannot be used for a change and the other way round.
    expect((await t.call('POST', '/auth/v1/email/verify', { body: { attemptId: started.body.attemptId, code, verifier } })).status).toBe(400)
    const changed = await t.call('POST', '/auth/v1/email/change/verify', { token, body: { attemptId: started.body.attemptId, code, verifier } })
    expect(changed.status).toBe(200)
    expect(changed.body.user).toEqual({ id: 'email:old-address@example.com', email: 'new-address@example.com', provider: 'email' })
    // Logging in with the new address (after the resend gap) reaches the same user and wallet.
    t.clock.now += 30_000
    const again = await login('new-address@example.com')
    expect((await t.call('GET', '/auth/v1/me', { token: again })).body.wallet.eip155).toBe(wallet.eip155)
    // An address another user has is refused.
    const other = await login('someone-else@example.com')
    const taken = await t.call('POST', '/auth/v1/email/change/start', { token: other, body: { email: 'new-address@example.com', challenge } })
    expect([taken.status, taken.body.code]).toEqual([409, 'EMAIL_TAKEN'])
  })
})

describe('the wallet origin', () => {
  it('answers only on the wallet origin host; POSTs need Origin = the wallet origin', async () => {
    const otherHost = await fetch(`${t.server.url}/auth/v1/providers?projectId=demo`)
    expect(otherHost.status).toBe(404)
    const frameOnOtherHost = await fetch(`${t.server.url}/auth/v1/frame?projectId=demo`)
    expect(frameOnOtherHost.status).toBe(404)
    const body = { projectId: 'demo', email: 'x@example.com', challenge: pkce().challenge }
    const foreign = await t.call('POST', '/auth/v1/email/start', { body, headers: { origin: 'https://shop.example.com' } })
    expect([foreign.status, foreign.body.code]).toEqual([403, 'ORIGIN_NOT_ALLOWED'])
    const none = await fetch(`${t.walletOrigin}/auth/v1/email/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect(none.status).toBe(403)
    const providers = await t.call('GET', '/auth/v1/providers?projectId=demo')
    expect(providers.body).toEqual({ email: true, socials: [] })
    expect(providers.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves the frame page with a strict CSP whose frame-ancestors are the project\'s origins', async () => {
    const page = await t.call('GET', '/auth/v1/frame?projectId=demo')
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:")
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)![1]!.split(' ')
    expect(ancestors).toEqual(expect.arrayContaining(['https://shop.example.com', 'http://*.example.org', 'https://*.example.org', 'http://127.0.0.1:*', 'http://localhost:*']))
    expect(ancestors).not.toContain('*')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const config = JSON.parse(/<script type="application\/json" id="portico-frame-config">(.*?)<\/script>/.exec(page.body)![1]!)
    // The frame checks connecting windows against the very sources the browser enforces.
    // `chains` names the server's chains for the approval screen (issue 48): none are configured here.
    expect(config).toEqual({ projectId: 'demo', allowedOrigins: ancestors, apiBase: '/auth/v1', rpcBase: '/v1/', chains: [] })
    expect(page.body).toContain('<script type="module" src="/auth/v1/frame.js"></script>')
    expect(page.body).toContain('<link rel="stylesheet" href="/auth/v1/frame.css">')
    const script = await fetch(`${t.walletOrigin}/auth/v1/frame.js`)
    expect([script.headers.get('content-type'), await script.text()]).toEqual(['text/javascript; charset=utf-8', 'console.log("frame")'])
    expect(await (await fetch(`${t.walletOrigin}/auth/v1/frame.css`)).text()).toBe('body{margin:0}')
    const unknown = await t.call('GET', '/auth/v1/frame?projectId=nope')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('serves nothing else on the wallet origin (no page could share the frame\'s storage)', async () => {
    for (const path of ['/getWallets?page=1&entries=1', '/projects/v1/origins?projectId=demo', '/auth/v2/frame', '/']) {
      const answer = await t.call('GET', path)
      expect([path, answer.status]).toEqual([path, 404])
    }
    expect((await fetch(`${t.server.url}/getWallets?page=1&entries=1`)).status).toBe(200)
    // The RPC proxy is served there (for the frame).
    const rpc = await t.call('POST', '/v1/?chainId=eip155:999&projectId=demo', { body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } })
    expect(rpc.body.code).toBe('UNSUPPORTED_CHAIN')
    // And the bundler route (the smart account's user operations): the answer is about the chain, not a 404.
    const bundler = await t.call('POST', '/v1/bundler?chainId=eip155:999&projectId=demo', { body: { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] } })
    expect([bundler.status, bundler.body.code]).toEqual([400, 'UNSUPPORTED_CHAIN'])
    expect((await t.call('GET', '/v1/bundlers')).status).toBe(404)
  })

  it('lets the frame use the RPC proxy from the wallet origin', async () => {
    // The project allows only its sites, not the wallet origin; the proxy still takes the frame's
    // calls (the answer is about the chain, not the origin), and refuses other origins.
    const proxy = (origin: string) => fetch(`${t.server.url}/v1/?chainId=eip155:999&projectId=demo`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })
    const fromFrame = await proxy(t.walletOrigin)
    expect((await fromFrame.json()).code).toBe('UNSUPPORTED_CHAIN')
    const fromElsewhere = await proxy('https://evil.example.net')
    expect((await fromElsewhere.json()).code).toBe('ORIGIN_NOT_ALLOWED')
  })
})

describe('another project\'s origin (issue 48, hostile)', () => {
  it('gets no frame of this project: each project\'s frame page names only its own sites, and the frame connects only those', async () => {
    const two = await startAuthServer({ server: { projects: { demo: { allowedOrigins: ['https://shop.example.com'] }, other: { allowedOrigins: ['https://other.example.net'] } } } })
    try {
      const sources = async (projectId: string) => {
        const page = await two.call('GET', `/auth/v1/frame?projectId=${projectId}`)
        const csp = page.headers.get('content-security-policy') ?? ''
        const config = JSON.parse(/<script type="application\/json" id="portico-frame-config">(.*?)<\/script>/.exec(String(page.body))![1]!) as { allowedOrigins: string[] }
        return { ancestors: /frame-ancestors ([^;]+)/.exec(csp)![1]!.split(' '), allowed: config.allowedOrigins }
      }
      const demo = await sources('demo')
      const other = await sources('other')
      expect(demo.ancestors).toContain('https://shop.example.com')
      expect(other.ancestors).toContain('https://other.example.net')
      for (const [mine, theirs] of [[demo, 'https://other.example.net'], [other, 'https://shop.example.com']] as const) {
        expect(mine.ancestors).not.toContain(theirs)
        expect(mine.allowed).not.toContain(theirs)
      }
    } finally {
      await two.dispose()
    }
  })
})

describe('the frame page\'s smart account', () => {
  it('names the smart account of each chain whose bundler has one (bundlers[chain].smartAccount), and no other', async () => {
    const factory = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
    const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
    const chain = (id: number) => ({ caipNetworkId: `eip155:${id}`, name: `Chain ${id}`, rpcUrl: 'http://127.0.0.1:9', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
    const s = await startAuthServer({ server: { chains: [chain(31337), chain(31338)] as never, bundlers: { 'eip155:31337': { url: 'http://127.0.0.1:9', smartAccount: { factory, entryPoint } }, 'eip155:31338': { url: 'http://127.0.0.1:9' } } } })
    try {
      const page = await s.call('GET', '/auth/v1/frame?projectId=demo')
      const config = JSON.parse(/<script type="application\/json" id="portico-frame-config">(.*?)<\/script>/.exec(page.body)![1]!)
      expect(config.chains.map((c: { caipNetworkId: string; smartAccount?: unknown }) => [c.caipNetworkId, c.smartAccount])).toEqual([
        ['eip155:31337', { factory, entryPoint }],
        ['eip155:31338', undefined],
      ])
    } finally {
      await s.dispose()
    }
  })

  it('refuses a malformed smartAccount at start', async () => {
    await expect(startAuthServer({ server: { bundlers: { 'eip155:31337': { url: 'http://127.0.0.1:9', smartAccount: { factory: 'nope', entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' } } } } })).rejects.toThrow('bundlers["eip155:31337"].smartAccount must be { factory, entryPoint }')
  })
})

describe('auth.siteOrigins', () => {
  let strict: AuthTestServer
  beforeAll(async () => {
    strict = await startAuthServer({ auth: { siteOrigins: ['https://shop.example.com'], providers: { google: { type: 'oidc', name: 'Google', issuer: 'http://127.0.0.1:9/google', clientId: 'portico' } } } })
  })
  afterAll(async () => {
    await strict?.dispose()
  })

  it('is the whole list: no loopback origin may embed the frame or receive a ticket', async () => {
    const page = await strict.call('GET', '/auth/v1/frame?projectId=demo')
    expect(/frame-ancestors ([^;]+)/.exec(page.headers.get('content-security-policy')!)![1]).toBe('https://shop.example.com')
    const config = JSON.parse(/<script type="application\/json" id="portico-frame-config">(.*?)<\/script>/.exec(page.body)![1]!)
    expect(config.allowedOrigins).toEqual(['https://shop.example.com'])
    const challenge = pkce().challenge
    const refused = await strict.call('GET', `/auth/v1/social/google/start?projectId=demo&challenge=${challenge}&origin=${encodeURIComponent('http://127.0.0.1:4700')}`)
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([403, 'ORIGIN_NOT_ALLOWED'])
  })
})
