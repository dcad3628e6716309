// Email code login on the auth service (/auth/v1, docs/guides/embedded-wallet.md §4) against a
// real server, SQLite in a temp dir and the sandbox's SMTP sink: the code arrives by mail, verifies
// once with the frame's verifier, and the limits (wrong codes, expiry, resend gap, per hour, per IP)
// hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pkce, startAuthServer, type AuthTestServer } from './startAuthServer.js'

let t: AuthTestServer
beforeAll(async () => {
  t = await startAuthServer({ auth: { limits: { startsPerIpPerHour: 1000 } } })
})
afterAll(async () => {
  await t?.dispose()
})

let emailCounter = 0
const freshEmail = () => `user${++emailCounter}-${Date.now()}@example.com`
const start = (email: string, challenge: string, projectId = 'demo') => t.call('POST', '/auth/v1/email/start', { body: { projectId, email, challenge } })

describe('email code login', () => {
  it('sends a code by email; the code and verifier give a session that /me knows', async () => {
    const { verifier, challenge } = pkce()
    const started = await start('Alice@Example.com', challenge)
    expect(started.status).toBe(200)
    expect(started.body).toEqual({ attemptId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), expiresAt: t.clock.now + 600_000, resendAfter: t.clock.now + 30_000 })
    const mail = t.sink.list()[0]!
    expect(mail.to).toEqual(['alice@example.com'])
    expect(mail.subject).toMatch(/^Your Demo Shop login code: \d{6}$/)
    const code = await t.codeFor('alice@example.com')
    expect(mail.text).toContain(code)
    expect(mail.html).toContain(code)

    const verified = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId: started.body.attemptId, code, verifier } })
    expect(verified.status).toBe(200)
    expect(verified.body.user).toEqual({ id: 'email:alice@example.com', email: 'alice@example.com', provider: 'email' })
    expect(verified.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const me = await t.call('GET', '/auth/v1/me', { token: verified.body.token })
    expect(me.status).toBe(200)
    expect(me.body).toEqual({ user: verified.body.user, authenticatedAt: t.clock.now })

    // A replayed code is refused, even with the right verifier.
    const replay = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId: started.body.attemptId, code, verifier } })
    expect(replay.status).toBe(409)
    expect(replay.body.code).toBe('CODE_USED')

    // Neither code nor token is stored in clear.
    const dump = JSON.stringify([...t.server.db.prepare('SELECT * FROM auth_code_attempts').all(), ...t.server.db.prepare('SELECT * FROM auth_sessions').all()])
    expect(dump).not.toContain(code)
    expect(dump).not.toContain(verified.body.token)

    // Logout ends the session.
    expect((await t.call('POST', '/auth/v1/logout', { token: verified.body.token })).status).toBe(204)
    expect((await t.call('GET', '/auth/v1/me', { token: verified.body.token })).body.code).toBe('NOT_LOGGED_IN')
  })

  it('locks the attempt after five wrong codes; the right code is refused after the lock', async () => {
    const email = freshEmail()
    const { verifier, challenge } = pkce()
    const { attemptId } = (await start(email, challenge)).body
    const code = await t.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code: wrong, verifier } }))
    expect(answers.slice(0, 4).map((a) => [a.status, a.body.code, a.body.data?.attemptsLeft])).toEqual([
      [400, 'WRONG_CODE', 4],
      [400, 'WRONG_CODE', 3],
      [400, 'WRONG_CODE', 2],
      [400, 'WRONG_CODE', 1],
    ])
    expect([answers[4]!.status, answers[4]!.body.code]).toEqual([423, 'LOCKED'])
    const right = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code, verifier } })
    expect([right.status, right.body.code]).toEqual([423, 'LOCKED'])
  })

  it('refuses an expired code', async () => {
    const email = freshEmail()
    const { verifier, challenge } = pkce()
    const { attemptId } = (await start(email, challenge)).body
    const code = await t.codeFor(email)
    t.clock.now += 600_001
    const answer = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code, verifier } })
    expect([answer.status, answer.body.code]).toEqual([410, 'CODE_EXPIRED'])
  })

  it('refuses the right code with another verifier (the site saw the code, not the verifier), and counts it', async () => {
    const email = freshEmail()
    const { verifier, challenge } = pkce()
    const { attemptId } = (await start(email, challenge)).body
    const code = await t.codeFor(email)
    const stolen = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code, verifier: pkce().verifier } })
    expect([stolen.status, stolen.body.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(stolen.body.message).toContain('verifier')
    const wrongCount = t.server.db.prepare('SELECT wrong_count FROM auth_code_attempts WHERE id = ?').get(attemptId) as { wrong_count: number }
    expect(wrongCount.wrong_count).toBe(1)
    expect((await t.call('POST', '/auth/v1/email/verify', { body: { attemptId, code, verifier } })).status).toBe(200)
  })

  it('keeps 30 s between codes for one email and at most 5 per hour', async () => {
    const email = freshEmail()
    expect((await start(email, pkce().challenge)).status).toBe(200)
    const soon = await start(email, pkce().challenge)
    expect([soon.status, soon.body.code, soon.body.data.retryAfter]).toEqual([429, 'RATE_LIMITED', 30])
    for (let i = 0; i < 4; i++) {
      t.clock.now += 30_000
      expect((await start(email, pkce().challenge)).status).toBe(200)
    }
    t.clock.now += 30_000
    const sixth = await start(email, pkce().challenge)
    expect([sixth.status, sixth.body.code]).toEqual([429, 'RATE_LIMITED'])
    expect(sixth.body.data.retryAfter).toBe(3600 - 150)
    t.clock.now += 3600_000
    expect((await start(email, pkce().challenge)).status).toBe(200)
  })

  it('refuses malformed bodies with 400 and a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ projectId: 'demo', email: 'not-an-email', challenge: pkce().challenge }, 'email must be an email address'],
      [{ projectId: 'demo', email: freshEmail(), challenge: 'short' }, 'challenge must be'],
      [{ projectId: 'demo', challenge: pkce().challenge }, 'email is required'],
      [[1, 2], 'Send a JSON object'],
    ]
    for (const [body, message] of cases) {
      const answer = await t.call('POST', '/auth/v1/email/start', { body })
      expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_PARAMS'])
      expect(answer.body.message).toContain(message)
    }
    const badJson = await t.call('POST', '/auth/v1/email/start', { body: '{"email":' })
    expect([badJson.status, badJson.body.code]).toEqual([400, 'INVALID_JSON'])
    const verify = await t.call('POST', '/auth/v1/email/verify', { body: { attemptId: 'x', code: '12', verifier: 'y' } })
    expect([verify.status, verify.body.message]).toEqual([400, 'attemptId must be the attemptId the start answered'])
    const unknownProject = await start(freshEmail(), pkce().challenge, 'nope')
    expect([unknownProject.status, unknownProject.body.code]).toEqual([401, 'INVALID_PROJECT_ID'])
  })
})

describe('per-IP limit', () => {
  it('allows 20 starts per IP per hour (configurable), then answers RATE_LIMITED', async () => {
    const small = await startAuthServer({ auth: { limits: { startsPerIpPerHour: 3 } } })
    try {
      for (let i = 0; i < 3; i++) expect((await small.call('POST', '/auth/v1/email/start', { body: { projectId: 'demo', email: `ip${i}@example.com`, challenge: pkce().challenge } })).status).toBe(200)
      const fourth = await small.call('POST', '/auth/v1/email/start', { body: { projectId: 'demo', email: 'ip9@example.com', challenge: pkce().challenge } })
      expect([fourth.status, fourth.body.code, fourth.body.data.retryAfter]).toEqual([429, 'RATE_LIMITED', 3600])
    } finally {
      await small.dispose()
    }
  })
})
