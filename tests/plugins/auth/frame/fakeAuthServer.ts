import { createHash, randomBytes } from 'node:crypto'

/**
 * An in-memory stand-in for the auth service's HTTP API (docs/guides/embedded-wallet.md §4) and
 * the RPC proxy, answering a `fetch` the frame's handler is given. Unit tests of the frame only;
 * the real service is server/auth.
 */
export function fakeAuthServer({ now = () => Date.now(), smartAccount }: { now?: () => number; smartAccount?: string } = {}) {
  type Wallet = { eip155: string; solana: string; authShare: string; recoveryShare: string; protectedRecovery?: unknown }
  const attempts = new Map<string, { email: string; challenge: string; code: string; change?: string }>()
  const tickets = new Map<string, { userId: string; email: string; challenge: string }>()
  const sessions = new Map<string, { userId: string; authenticatedAt: number }>()
  const users = new Map<string, { id: string; email: string; provider: string }>()
  const wallets = new Map<string, Wallet>()
  const calls: string[] = []
  const rpc: { method: string; params: unknown[] }[] = []
  const sentCodes: string[] = []
  const recoveryEmails: string[] = []
  let nextCode = 100000

  const json = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const error = (status: number, code: string, message: string, data?: unknown) => json(status, { code, message, ...(data ? { data } : {}) })
  const pkce = (verifier: unknown, challenge: string) => typeof verifier === 'string' && createHash('sha256').update(verifier).digest('base64url') === challenge
  const login = (email: string, provider = 'email') => {
    const id = `email:${email}`
    if (!users.has(id)) users.set(id, { id, email, provider })
    const token = randomBytes(16).toString('hex')
    sessions.set(token, { userId: id, authenticatedAt: now() })
    return { token, user: users.get(id) }
  }

  async function answerRpc(body: { id: number; method: string; params: unknown[] }): Promise<Response> {
    rpc.push({ method: body.method, params: body.params })
    const results: Record<string, unknown> = {
      eth_chainId: '0x7a69',
      eth_getTransactionCount: '0x5',
      eth_estimateGas: '0x5208',
      eth_maxPriorityFeePerGas: '0x3b9aca00',
      eth_gasPrice: '0x77359400',
      eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x3b9aca00', hash: `0x${'11'.repeat(32)}`, timestamp: '0x1', transactions: [] },
      eth_sendRawTransaction: `0x${'ab'.repeat(32)}`,
      sendTransaction: 'solanaSignatureFromTheNode',
      // The factory's getAddress(owner, 0), ABI-encoded (the smart account tests pass one).
      ...(smartAccount ? { eth_call: `0x${smartAccount.slice(2).toLowerCase().padStart(64, '0')}` } : {}),
    }
    if (!(body.method in results)) return json(200, { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: `no ${body.method}` } })
    return json(200, { jsonrpc: '2.0', id: body.id, result: results[body.method] })
  }

  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://127.0.0.1:4711')
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (url.pathname === '/v1/') return answerRpc(body)
    if (url.pathname === '/v1/bundler') return json(200, { jsonrpc: '2.0', id: body.id, error: { code: -32603, message: 'The bundler did not answer' } })
    const route = url.pathname.replace(/^\/auth\/v1/, '')
    calls.push(`${method} ${route}`)
    const bearer = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '')
    const session = bearer ? sessions.get(bearer) : undefined
    const fresh = session && now() - session.authenticatedAt <= 10 * 60_000
    const authed = () => (session ? undefined : error(401, 'NOT_LOGGED_IN', 'No session'))

    switch (`${method} ${route}`) {
      case 'POST /email/start': {
        const attemptId = randomBytes(8).toString('hex')
        const code = String(nextCode++)
        sentCodes.push(code)
        attempts.set(attemptId, { email: body.email, challenge: body.challenge, code })
        return json(200, { attemptId, expiresAt: now() + 600_000, resendAfter: now() + 30_000 })
      }
      case 'POST /email/verify': {
        const attempt = attempts.get(body.attemptId)
        if (!attempt) return error(410, 'CODE_EXPIRED', 'Expired')
        if (!pkce(body.verifier, attempt.challenge)) return error(400, 'WRONG_CODE', 'Wrong verifier', { attemptsLeft: 4 })
        if (attempt.code !== body.code) return error(400, 'WRONG_CODE', 'Wrong code', { attemptsLeft: 4 })
        attempts.delete(body.attemptId)
        return json(200, login(attempt.email))
      }
      case 'POST /social/redeem': {
        const ticket = tickets.get(body.ticket)
        if (!ticket || !pkce(body.verifier, ticket.challenge)) return error(400, 'PROVIDER_ERROR', 'Bad ticket')
        tickets.delete(body.ticket)
        return json(200, login(ticket.email, 'google'))
      }
      case 'GET /me': {
        if (!session) return authed()!
        const wallet = wallets.get(session.userId)
        return json(200, { user: users.get(session.userId), ...(wallet ? { wallet: { eip155: wallet.eip155, solana: wallet.solana, recovery: wallet.protectedRecovery ? 'protected' : 'server' } } : {}), authenticatedAt: session.authenticatedAt })
      }
      case 'POST /wallet': {
        if (!session) return authed()!
        if (!fresh) return error(403, 'REAUTH_REQUIRED', 'Log in again')
        if (wallets.has(session.userId)) return error(409, 'WALLET_EXISTS', 'This user has a wallet')
        wallets.set(session.userId, { eip155: body.eip155, solana: body.solana, authShare: body.authShare, recoveryShare: body.recoveryShare })
        return json(201, {})
      }
      case 'GET /wallet/share': {
        if (!session) return authed()!
        const wallet = wallets.get(session.userId)
        return wallet ? json(200, { authShare: wallet.authShare }) : error(404, 'NO_WALLET', 'No wallet')
      }
      case 'POST /wallet/recovery': {
        if (!session) return authed()!
        if (!fresh) return error(403, 'REAUTH_REQUIRED', 'Log in again')
        const wallet = wallets.get(session.userId)
        if (!wallet) return error(404, 'NO_WALLET', 'No wallet')
        recoveryEmails.push(session.userId)
        return json(200, wallet.protectedRecovery ? { protectedRecovery: wallet.protectedRecovery } : { recoveryShare: wallet.recoveryShare })
      }
      case 'POST /wallet/recovery/protect': {
        if (!session) return authed()!
        if (!fresh) return error(403, 'REAUTH_REQUIRED', 'Log in again')
        const wallet = wallets.get(session.userId)
        if (!wallet) return error(404, 'NO_WALLET', 'No wallet')
        wallets.set(session.userId, { ...wallet, authShare: body.authShare, recoveryShare: '', protectedRecovery: body.protectedRecovery })
        return json(200, { recovery: 'protected' })
      }
      case 'POST /email/change/start': {
        if (!session) return authed()!
        const attemptId = randomBytes(8).toString('hex')
        const code = String(nextCode++)
        sentCodes.push(code)
        attempts.set(attemptId, { email: body.email, challenge: body.challenge, code, change: session.userId })
        return json(200, { attemptId, expiresAt: now() + 600_000, resendAfter: now() + 30_000 })
      }
      case 'POST /email/change/verify': {
        if (!session) return authed()!
        const attempt = attempts.get(body.attemptId)
        if (!attempt || attempt.change !== session.userId || attempt.code !== body.code || !pkce(body.verifier, attempt.challenge)) return error(400, 'WRONG_CODE', 'Wrong code', { attemptsLeft: 3 })
        const user = users.get(session.userId)!
        user.email = attempt.email
        return json(200, { user })
      }
      case 'POST /logout': {
        if (bearer) sessions.delete(bearer)
        return new Response(null, { status: 204 })
      }
    }
    return error(404, 'NOT_FOUND', `No route ${method} ${route}`)
  }

  return {
    fetch,
    calls,
    rpc,
    sentCodes,
    recoveryEmails,
    wallets,
    sessions,
    /** A ticket the social callback would hand the site, bound to the frame's challenge. */
    issueTicket(email: string, challenge: string): string {
      const ticket = randomBytes(8).toString('hex')
      tickets.set(ticket, { userId: `email:${email}`, email, challenge })
      return ticket
    },
  }
}
