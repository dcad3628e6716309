// Sign-in on Postgres (and Redis) with two instances behind one wallet origin: a code requested
// through A verifies through B, a session made on one is known (and ended) on the other, the
// per-email code limits and the per-IP start limit count across both. The stores themselves are
// run on both engines too: concurrent logins make one user, a code verified twice at once is
// redeemed once.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, type MailSink } from '../../../sandbox/mail/startMailSink.js'
import { defaultAuthLimits, type AuthLimits } from '../../../server/auth/AuthConfig.js'
import { createCodeStore } from '../../../server/auth/codes/createCodeStore.js'
import { createSessionStore } from '../../../server/auth/sessions/createSessionStore.js'
import { createUserStore } from '../../../server/auth/users/createUserStore.js'
import type { ServerConfig } from '../../../server/createServer.js'
import { openStorage } from '../../../server/storage/openStorage.js'
import type { SqlStorage } from '../../../server/storage/SqlStorage.js'
import { startEngines, type TestEngines } from '../../helpers/engines.js'
import { startTestServer, type TestServer } from '../helpers/startTestServer.js'

const walletOrigin = 'http://wallet.portico.localhost:4710'
let engines: TestEngines
let sink: MailSink
let dir: string
const servers: TestServer[] = []
const opened: SqlStorage[] = []
/** The database of the newest pair. */
let pairUrl = ''

beforeAll(async () => {
  ;[engines, sink] = await Promise.all([startEngines(), startMailSink({ port: 0 })])
  dir = mkdtempSync(join(tmpdir(), 'portico-auth-engines-'))
})
afterAll(async () => {
  for (const server of servers) await server.dispose()
  for (const storage of opened) await storage.close().catch(() => undefined)
  await sink?.stop()
  await engines?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}
let counter = 0
const freshEmail = () => `two${++counter}-${Date.now()}@example.com`

/** Two instances of one configuration (same keys, same database) under one wallet origin. */
async function startPair(name: string, overrides: Partial<ServerConfig> = {}, limits: Partial<AuthLimits> = {}): Promise<[TestServer, TestServer]> {
  const url = await engines.createDatabase(name)
  pairUrl = url
  const config: Partial<ServerConfig> = {
    indexer: false,
    database: { url },
    email: { smtp: { host: '127.0.0.1', port: sink.port }, from: 'Portico <no-reply@portico.localhost>', exportTokens: {} },
    projects: { demo: { allowedOrigins: ['https://shop.example.com'] } },
    defaultProject: undefined,
    auth: { walletOrigin, shareKey: randomBytes(32).toString('hex'), recoveryKey: randomBytes(32).toString('hex'), frame: { script: '', style: '' }, limits },
    ...overrides,
  }
  const pair: [TestServer, TestServer] = [await startTestServer(config), await startTestServer(config)]
  servers.push(...pair)
  return pair
}

/** A call to one instance as the wallet origin (the Host a balancer would pass on). */
function call(server: TestServer, method: 'GET' | 'POST', path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: any }> {
  const target = new URL(path, server.url)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: {
          host: new URL(walletOrigin).host,
          ...(method === 'POST' ? { origin: walletOrigin, 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

async function codeFor(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = /\b(\d{6})\b/.exec(sink.list().find((mail) => mail.to.includes(to))?.subject ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`No code email to ${to}`)
}

describe('sign-in on Postgres with two instances', () => {
  it('verifies on B a code requested on A; the session works on both and logout on one ends it on the other', async () => {
    const [a, b] = await startPair('auth_two_instances')
    const email = freshEmail()
    const { verifier, challenge } = pkce()
    const started = await call(a, 'POST', '/auth/v1/email/start', { body: { projectId: 'demo', email, challenge } })
    expect(started.status).toBe(200)
    const verified = await call(b, 'POST', '/auth/v1/email/verify', { body: { attemptId: started.body.attemptId, code: await codeFor(email), verifier } })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toEqual({ id: `email:${email}`, email, provider: 'email' })
    const token = verified.body.token as string
    expect((await call(a, 'GET', '/auth/v1/me', { token })).body.user.id).toBe(`email:${email}`)
    expect((await call(b, 'GET', '/auth/v1/me', { token })).status).toBe(200)
    // The code was used on B: A refuses it too.
    const replay = await call(a, 'POST', '/auth/v1/email/verify', { body: { attemptId: started.body.attemptId, code: await codeFor(email), verifier } })
    expect([replay.status, replay.body.code]).toEqual([409, 'CODE_USED'])
    expect((await call(a, 'POST', '/auth/v1/logout', { token })).status).toBe(204)
    expect((await call(b, 'GET', '/auth/v1/me', { token })).body.code).toBe('NOT_LOGGED_IN')
  })

  it('counts the per-email resend gap across instances', async () => {
    const [a, b] = await startPair('auth_email_gap')
    const email = freshEmail()
    expect((await call(a, 'POST', '/auth/v1/email/start', { body: { projectId: 'demo', email, challenge: pkce().challenge } })).status).toBe(200)
    const again = await call(b, 'POST', '/auth/v1/email/start', { body: { projectId: 'demo', email, challenge: pkce().challenge } })
    expect([again.status, again.body.code]).toEqual([429, 'RATE_LIMITED'])
  })

  it('with Redis, counts the starts of one IP on both instances against one limit (in Redis, not the database)', async () => {
    const redis = new Redis(engines.redisUrl)
    try {
      const [c, d] = await startPair('auth_start_limit', { redis: { url: engines.redisUrl } }, { startsPerIpPerHour: 3 })
      const start = (server: TestServer) => call(server, 'POST', '/auth/v1/email/start', { body: { projectId: 'demo', email: freshEmail(), challenge: pkce().challenge } })
      expect((await start(c)).status).toBe(200)
      expect((await start(d)).status).toBe(200)
      expect((await start(c)).status).toBe(200)
      const over = await start(d)
      expect([over.status, over.body.code]).toEqual([429, 'RATE_LIMITED'])
      expect(over.body.data.retryAfter).toBeGreaterThan(3000)
      expect(await redis.keys('portico:rl:auth-start:*')).toHaveLength(1)
      const storage = await openStorage({ database: { url: pairUrl } })
      opened.push(storage)
      expect(await storage.query('SELECT * FROM auth_starts')).toEqual([])
    } finally {
      redis.disconnect()
    }
  })
})

async function openEngine(kind: 'sqlite' | 'postgres', name: string): Promise<SqlStorage> {
  const storage = kind === 'sqlite' ? await openStorage({ db: new Database(join(dir, `${name}.sqlite`)) }) : await openStorage({ database: { url: await engines.createDatabase(name) } })
  opened.push(storage)
  return storage
}

describe.each(['sqlite', 'postgres'] as const)('the auth stores on %s', (kind) => {
  it('makes one user of concurrent first logins, and keeps sessions across store instances', async () => {
    const storage = await openEngine(kind, `auth_users_${kind}`)
    const [one, two] = [createUserStore(storage, Date.now), createUserStore(storage, Date.now)]
    const logins = await Promise.all([one.forEmail('carol@example.com'), two.forEmail('carol@example.com'), one.forEmail('carol@example.com')])
    expect(new Set(logins.map((user) => user.id))).toEqual(new Set(['email:carol@example.com']))
    const social = await Promise.all([
      one.forSocial('google', { sub: 'g-1', email: 'carol@example.com', emailVerified: true, name: 'Carol' }),
      two.forSocial('google', { sub: 'g-1', email: 'carol@example.com', emailVerified: true }),
    ])
    // Both reach the email's user; the name one of them brought is kept (whichever committed first).
    expect(social.map((user) => user.id)).toEqual(['email:carol@example.com', 'email:carol@example.com'])
    expect((await one.get('email:carol@example.com'))?.name).toBe('Carol')
    expect(await storage.query('SELECT provider, sub, user_id FROM auth_identities')).toEqual([{ provider: 'google', sub: 'g-1', user_id: 'email:carol@example.com' }])
    const sessions = createSessionStore(storage, { now: Date.now, ttlMs: 60_000 })
    const { token } = await sessions.create({ userId: 'email:carol@example.com', provider: 'email', projectId: 'demo' })
    expect((await createSessionStore(storage, { now: Date.now, ttlMs: 60_000 }).find(token))?.userId).toBe('email:carol@example.com')
    expect(await createSessionStore(storage, { now: () => Date.now() + 60_001, ttlMs: 60_000 }).find(token)).toBeUndefined()
  })

  it('redeems a code verified twice at once exactly once, and locks after the wrong tries', async () => {
    const storage = await openEngine(kind, `auth_codes_${kind}`)
    const secret = randomBytes(32)
    const [one, two] = [createCodeStore(storage, { secret, limits: defaultAuthLimits, now: Date.now }), createCodeStore(storage, { secret, limits: defaultAuthLimits, now: Date.now })]
    const { verifier, challenge } = pkce()
    const { attemptId, code } = await one.start({ purpose: 'login', projectId: 'demo', email: 'dan@example.com', challenge })
    const outcomes = await Promise.allSettled([one.verify({ purpose: 'login', attemptId, code, verifier }), two.verify({ purpose: 'login', attemptId, code, verifier })])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason.code : 'ok')).sort()).toEqual(['CODE_USED', 'ok'])

    const other = await one.start({ purpose: 'login', projectId: 'demo', email: 'erin@example.com', challenge })
    const wrong = other.code === '000000' ? '111111' : '000000'
    const tries = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => (index % 2 ? one : two).verify({ purpose: 'login', attemptId: other.attemptId, code: wrong, verifier })))
    const codes = tries.map((outcome) => (outcome.status === 'rejected' ? outcome.reason.code : 'ok'))
    expect(codes.filter((c) => c === 'WRONG_CODE').length).toBeLessThanOrEqual(defaultAuthLimits.maxWrongCodes - 1)
    expect(codes.filter((c) => c === 'LOCKED').length).toBeGreaterThanOrEqual(8 - defaultAuthLimits.maxWrongCodes + 1)
    await expect(one.verify({ purpose: 'login', attemptId: other.attemptId, code: other.code, verifier })).rejects.toMatchObject({ code: 'LOCKED' })
    const [row] = await storage.query<{ wrong_count: number }>('SELECT wrong_count FROM auth_code_attempts WHERE id = ?', [other.attemptId])
    expect(row?.wrong_count).toBe(defaultAuthLimits.maxWrongCodes)
  })
})
