import type { AuthUser, FrameErrorCode, RecoveryKind } from '../../protocol.js'
import { FrameFailure } from '../errors.js'
import { readRecoveryEnvelope, type RecoveryEnvelope } from '../recovery/recoveryEnvelope.js'
import { isRecord } from '../utils/isRecord.js'
import type { SessionToken } from './sessionToken.js'

/** The wallet record the server keeps: the public addresses only. */
export type WalletRecord = { eip155: `0x${string}`; solana: string }

/** `POST /wallet/recovery`: the operator-sealed share, or the visitor's envelope. */
export type RecoveryAnswer = { share: string } | { envelope: RecoveryEnvelope }

/** `GET /me`. */
export type MeAnswer = { user: AuthUser; wallet?: WalletRecord; recovery?: RecoveryKind; authenticatedAt: number }

/** `POST /email/start` and `POST /email/change/start`. */
export type AttemptAnswer = { attemptId: string; expiresAt: number; resendAfter: number }

/** `POST /email/verify` and `POST /social/redeem`. */
export type LoginAnswer = { token: string; user: AuthUser }

const frameCodes = new Set<FrameErrorCode>([
  'WRONG_CODE',
  'CODE_EXPIRED',
  'CODE_USED',
  'LOCKED',
  'RATE_LIMITED',
  'NOT_LOGGED_IN',
  'PROVIDER_ERROR',
  'REAUTH_REQUIRED',
  'INVALID_PARAMS',
  'UNSUPPORTED_METHOD',
  'WALLET_MISMATCH',
  'USER_REJECTED',
  'SERVER_ERROR',
])

/** The FrameError code for a server answer: its own code when the protocol has it, else by HTTP status. */
function codeOf(status: number, code: unknown): FrameErrorCode {
  if (typeof code === 'string' && frameCodes.has(code as FrameErrorCode)) return code as FrameErrorCode
  if (status === 401) return 'NOT_LOGGED_IN'
  if (status === 429) return 'RATE_LIMITED'
  if (status === 400 || status === 422) return 'INVALID_PARAMS'
  return 'SERVER_ERROR'
}

function isUser(value: unknown): value is AuthUser {
  return isRecord(value) && typeof value.id === 'string' && value.id.length > 0 && typeof value.provider === 'string'
}

/** Keeps the user's public fields only (what the site may see). */
function cleanUser(value: AuthUser): AuthUser {
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 320 ? v : undefined)
  const email = text(value.email)
  const handle = text(value.handle)
  const name = text(value.name)
  return { id: value.id, provider: value.provider, ...(email ? { email } : {}), ...(handle ? { handle } : {}), ...(name ? { name } : {}) }
}

function malformed(route: string): FrameFailure {
  return new FrameFailure('SERVER_ERROR', `The server answered ${route} with a malformed body`)
}

/**
 * The frame's client of the auth service (docs/guides/embedded-wallet.md §4): same-origin JSON
 * calls under `apiBase`, the session token as `Authorization: Bearer`, and every server error
 * `{ code, message, data? }` turned into a FrameFailure with the protocol's code.
 *
 * @example
 * const api = createAuthApi({ apiBase: '/auth/v1', projectId: 'demo', token, fetch })
 * const me = await api.me()
 */
export function createAuthApi({ apiBase, projectId, token, fetch: doFetch }: { apiBase: string; projectId: string; token: SessionToken; fetch: typeof fetch }) {
  const base = apiBase.replace(/\/+$/, '')

  async function call(method: 'GET' | 'POST', route: string, { body, auth = false, conflict }: { body?: unknown; auth?: boolean; conflict?: symbol } = {}): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (auth) {
      const bearer = token.get()
      if (!bearer) throw new FrameFailure('NOT_LOGGED_IN', 'Log in first')
      headers.authorization = `Bearer ${bearer}`
    }
    let response: Response
    try {
      response = await doFetch(`${base}${route}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch (cause) {
      throw new FrameFailure('SERVER_ERROR', 'The wallet server cannot be reached', { cause })
    }
    if (response.status === 204) return null
    if (conflict && response.status === 409) return conflict
    let parsed: unknown
    try {
      parsed = await response.json()
    } catch {
      parsed = undefined
    }
    if (!response.ok) {
      const error = isRecord(parsed) ? parsed : {}
      const code = codeOf(response.status, error.code)
      if (code === 'NOT_LOGGED_IN' && auth) token.set(undefined)
      const message = typeof error.message === 'string' && error.message.length <= 500 ? error.message : `The wallet server answered HTTP ${response.status}`
      const data = isRecord(error.data) ? error.data : undefined
      throw new FrameFailure(code, message, data ? { data } : {})
    }
    // A 201 may come without a body; the readers below reject what they need and lack.
    return parsed ?? null
  }

  function attempt(route: string, value: unknown): AttemptAnswer {
    if (!isRecord(value) || typeof value.attemptId !== 'string' || typeof value.expiresAt !== 'number' || typeof value.resendAfter !== 'number') throw malformed(route)
    return { attemptId: value.attemptId, expiresAt: value.expiresAt, resendAfter: value.resendAfter }
  }

  function login(route: string, value: unknown): LoginAnswer {
    if (!isRecord(value) || typeof value.token !== 'string' || !isUser(value.user)) throw malformed(route)
    return { token: value.token, user: cleanUser(value.user) }
  }

  return {
    emailStart: async (email: string, challenge: string) => attempt('/email/start', await call('POST', '/email/start', { body: { projectId, email, challenge } })),
    emailVerify: async (attemptId: string, code: string, verifier: string) => login('/email/verify', await call('POST', '/email/verify', { body: { attemptId, code, verifier } })),
    socialStartUrl: (provider: string, challenge: string, origin: string, frameOrigin: string) =>
      `${frameOrigin}${base}/social/${encodeURIComponent(provider)}/start?${new URLSearchParams({ projectId, challenge, origin })}`,
    socialRedeem: async (ticket: string, verifier: string) => login('/social/redeem', await call('POST', '/social/redeem', { body: { ticket, verifier } })),
    async me(): Promise<MeAnswer> {
      const value = await call('GET', '/me', { auth: true })
      if (!isRecord(value) || !isUser(value.user) || typeof value.authenticatedAt !== 'number') throw malformed('/me')
      const wallet = value.wallet
      let record: WalletRecord | undefined
      if (wallet !== undefined && wallet !== null) {
        if (!isRecord(wallet) || typeof wallet.eip155 !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(wallet.eip155) || typeof wallet.solana !== 'string') throw malformed('/me')
        record = { eip155: wallet.eip155 as `0x${string}`, solana: wallet.solana }
      }
      const recovery = isRecord(wallet) && wallet.recovery === 'protected' ? 'protected' : record ? 'server' : undefined
      return { user: cleanUser(value.user), ...(record ? { wallet: record } : {}), ...(recovery ? { recovery } : {}), authenticatedAt: value.authenticatedAt }
    },
    /** `POST /wallet`: `created`, or `exists` on 409 (another tab or device created it first). */
    async createWallet(body: WalletRecord & { authShare: string; recoveryShare: string }): Promise<'created' | 'exists'> {
      const exists = Symbol('exists')
      return (await call('POST', '/wallet', { body, auth: true, conflict: exists })) === exists ? 'exists' : 'created'
    },
    async authShare(): Promise<string> {
      const value = await call('GET', '/wallet/share', { auth: true })
      if (!isRecord(value) || typeof value.authShare !== 'string') throw malformed('/wallet/share')
      return value.authShare
    },
    async recoveryShare(): Promise<RecoveryAnswer> {
      const value = await call('POST', '/wallet/recovery', { body: {}, auth: true })
      if (isRecord(value) && typeof value.recoveryShare === 'string') return { share: value.recoveryShare }
      if (isRecord(value) && isRecord(value.protectedRecovery)) return { envelope: readRecoveryEnvelope(value.protectedRecovery) }
      throw malformed('/wallet/recovery')
    },
    /** `POST /wallet/recovery/protect`: the wallet's new auth share and its recovery share as the visitor's envelope (after a fresh login). */
    async protectRecovery(authShare: string, envelope: RecoveryEnvelope): Promise<void> {
      await call('POST', '/wallet/recovery/protect', { body: { authShare, protectedRecovery: envelope }, auth: true })
    },
    emailChangeStart: async (email: string, challenge: string) => attempt('/email/change/start', await call('POST', '/email/change/start', { body: { email, challenge }, auth: true })),
    async emailChangeVerify(attemptId: string, code: string, verifier: string): Promise<AuthUser> {
      const value = await call('POST', '/email/change/verify', { body: { attemptId, code, verifier }, auth: true })
      if (!isRecord(value) || !isUser(value.user)) throw malformed('/email/change/verify')
      return cleanUser(value.user)
    },
    async logout(): Promise<void> {
      await call('POST', '/logout', { auth: true })
    },
  }
}

export type AuthApi = ReturnType<typeof createAuthApi>
