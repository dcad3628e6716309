import { randomBytes } from 'node:crypto'
import type { CaipNetworkId } from '../../../kernel/kernel.js'
import {
  SiwxChainNotConfiguredError,
  SiwxDomainMismatchError,
  SiwxExpiredError,
  SiwxInvalidMessageError,
  SiwxInvalidSignatureError,
  SiwxIssuedInFutureError,
  SiwxMessageError,
  SiwxNonceReusedError,
  SiwxNotYetValidError,
  SiwxUnknownNonceError,
  SiwxUriMismatchError,
  SiwxVerificationError,
} from '../errors.js'
import type { SiwxMessageData } from '../types.js'
import { generateNonce } from '../utils/generateNonce.js'
import { parseSiwxMessage } from '../utils/parseSiwxMessage.js'
import { createMemoryNonceStore } from './createMemoryNonceStore.js'
import { createMemorySessionStore } from './createMemorySessionStore.js'
import { eip155Verifier } from './eip155Verifier.js'
import type { SiwxNonceStore, SiwxServerSession, SiwxServerSessionStore, SiwxServerVerifier } from './types.js'

export type CreateSiwxServerParameters = {
  /** The site's domain (host and port) the messages must name; several when the site has aliases. */
  domain: string | readonly string[]
  /** The site's URI: a message's URI must be on its origin. Default: any URI whose host is the domain. */
  uri?: string
  /** The chains sign-in is accepted on, with the RPC that checks contract-wallet signatures. */
  chains: Record<CaipNetworkId, { rpcUrl: string }>
  nonceStore?: SiwxNonceStore
  sessionStore?: SiwxServerSessionStore
  /** The clock (ms since the epoch). */
  now?: () => number
  /** Longest session, also when the message has no Expiration Time (default 24 h). */
  expirationMs?: number
  /** How long an issued nonce may be used (default 10 min). */
  nonceTtlMs?: number
  /** Allowed clock difference with the browser for Issued At (default 60 s). */
  clockSkewMs?: number
  /** Verifiers for other namespaces, by namespace (eip155 is built in). */
  verifiers?: Record<string, SiwxServerVerifier>
}

export type SiwxServer = {
  /** A fresh nonce for the next message (remembered for `nonceTtlMs`). */
  issueNonce(): Promise<string>
  /**
   * Verifies a signed message and creates a session: the message parses (EIP-4361 on eip155),
   * names this domain and origin and a configured chain, carries a nonce this server issued and
   * that was never used, is inside its time window, and the signature is the account's (EOA,
   * EIP-1271 or EIP-6492). Each refusal is a `SiwxVerificationError` subclass with a `reason`.
   */
  verify(parameters: { message: string; signature: string }): Promise<SiwxServerSession>
  /** The session, while it lasts. */
  getSession(id: string): Promise<SiwxServerSession | undefined>
  /** Ends a session. */
  revoke(id: string): Promise<void>
}
export type CreateSiwxServerReturnType = SiwxServer
export type CreateSiwxServerErrorType = SiwxVerificationError

const caip2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * The backend half of sign-in with X for a site's own Node server (no DOM, no framework): issue
 * nonces, verify messages and signatures, keep sessions.
 *
 * @param parameters - domain, chains and optional stores and clock
 * @returns `{ issueNonce, verify, getSession, revoke }`
 * @example
 * import { createSiwxServer } from 'portico/siwx/server'
 * const siwx = createSiwxServer({ domain: 'example.com', chains: { 'eip155:1': { rpcUrl: 'https://…' } } })
 * app.get('/siwx/nonce', async () => ({ nonce: await siwx.issueNonce() }))
 * app.post('/siwx/verify', async (req) => ({ session: await siwx.verify(req.body) }))
 */
export function createSiwxServer(parameters: CreateSiwxServerParameters): CreateSiwxServerReturnType {
  const domains = (typeof parameters.domain === 'string' ? [parameters.domain] : [...parameters.domain]).filter((d) => typeof d === 'string' && d.length > 0)
  if (domains.length === 0) throw new TypeError('createSiwxServer: `domain` is required')
  let expectedOrigin: string | undefined
  if (parameters.uri !== undefined) {
    try {
      expectedOrigin = new URL(parameters.uri).origin
    } catch {
      throw new TypeError('createSiwxServer: `uri` must be an absolute URL')
    }
  }
  const chains = new Map<string, string>()
  for (const [id, chain] of Object.entries(parameters.chains ?? {})) {
    if (!caip2.test(id)) throw new TypeError(`createSiwxServer: "${id}" is not a CAIP-2 chain id`)
    if (!chain || typeof chain.rpcUrl !== 'string') throw new TypeError(`createSiwxServer: chains["${id}"].rpcUrl is required`)
    chains.set(id, chain.rpcUrl)
  }
  if (chains.size === 0) throw new TypeError('createSiwxServer: configure at least one chain')
  const verifiers: Record<string, SiwxServerVerifier> = { eip155: eip155Verifier, ...parameters.verifiers }
  const byLabel = new Map(Object.entries(verifiers).map(([namespace, verifier]) => [verifier.label, namespace]))
  const nonces = parameters.nonceStore ?? createMemoryNonceStore()
  const sessions = parameters.sessionStore ?? createMemorySessionStore()
  const now = parameters.now ?? Date.now
  const expirationMs = parameters.expirationMs ?? 24 * 60 * 60_000
  const nonceTtlMs = parameters.nonceTtlMs ?? 10 * 60_000
  const skewMs = parameters.clockSkewMs ?? 60_000

  async function verify({ message, signature }: { message: string; signature: string }): Promise<SiwxServerSession> {
    if (typeof message !== 'string' || typeof signature !== 'string' || signature.length > 20_000) {
      throw new SiwxInvalidMessageError({ cause: new SiwxMessageError({ reason: 'message and signature must be strings' }) })
    }
    let parsed: ReturnType<typeof parseSiwxMessage>
    try {
      parsed = parseSiwxMessage({ message })
    } catch (cause) {
      throw new SiwxInvalidMessageError({ cause })
    }
    const namespace = byLabel.get(parsed.label)
    if (!namespace) throw new SiwxInvalidMessageError({ cause: new SiwxMessageError({ reason: `unknown network label "${parsed.label}"` }) })
    const verifier = verifiers[namespace] as SiwxServerVerifier
    if (!domains.includes(parsed.domain)) throw new SiwxDomainMismatchError({ domain: parsed.domain, expected: domains })
    let uri: URL
    try {
      uri = new URL(parsed.uri)
    } catch (cause) {
      throw new SiwxInvalidMessageError({ cause })
    }
    if (expectedOrigin ? uri.origin !== expectedOrigin : uri.host !== parsed.domain) {
      throw new SiwxUriMismatchError({ uri: parsed.uri, expected: expectedOrigin ?? `of ${parsed.domain}` })
    }
    const caipNetworkId = `${namespace}:${parsed.chainReference}` as CaipNetworkId
    const rpcUrl = chains.get(caipNetworkId)
    if (!rpcUrl) throw new SiwxChainNotConfiguredError({ chainId: caipNetworkId })
    if (verifier.isAddress && !verifier.isAddress(parsed.accountAddress)) {
      throw new SiwxInvalidMessageError({ cause: new SiwxMessageError({ reason: 'the address is not a valid (checksummed) address' }) })
    }
    const at = now()
    const status = await nonces.status(parsed.nonce, at)
    if (status === 'used') throw new SiwxNonceReusedError()
    if (status !== 'issued') throw new SiwxUnknownNonceError()
    if (Date.parse(parsed.issuedAt) > at + skewMs) throw new SiwxIssuedInFutureError({ issuedAt: parsed.issuedAt })
    if (parsed.notBefore !== undefined && Date.parse(parsed.notBefore) > at) throw new SiwxNotYetValidError({ notBefore: parsed.notBefore })
    if (parsed.expirationTime !== undefined && Date.parse(parsed.expirationTime) <= at) throw new SiwxExpiredError({ expirationTime: parsed.expirationTime })
    let valid = false
    try {
      valid = await verifier.verify({ message, signature, address: parsed.accountAddress, caipNetworkId, rpcUrl })
    } catch (cause) {
      throw new SiwxInvalidSignatureError({ cause })
    }
    if (!valid) throw new SiwxInvalidSignatureError()
    // Only a valid signature uses the nonce up, atomically: a replay (or a race) finds it used.
    if (!(await nonces.consume(parsed.nonce, now()))) throw new SiwxNonceReusedError()

    const { label: _label, chainReference: _reference, ...fields } = parsed
    const data: SiwxMessageData = { ...fields, chainId: caipNetworkId }
    const createdAt = now()
    const expiresAt = Math.min(createdAt + expirationMs, parsed.expirationTime !== undefined ? Date.parse(parsed.expirationTime) : Number.POSITIVE_INFINITY)
    const session: SiwxServerSession = {
      id: randomBytes(32).toString('base64url'),
      address: parsed.accountAddress,
      caipNetworkId,
      data,
      message,
      signature,
      createdAt,
      expiresAt,
    }
    await sessions.set(session)
    return session
  }

  return {
    async issueNonce() {
      const nonce = generateNonce(16)
      await nonces.add(nonce, now() + nonceTtlMs)
      return nonce
    },
    verify,
    async getSession(id) {
      if (typeof id !== 'string' || id.length === 0 || id.length > 100) return undefined
      const session = await sessions.get(id)
      if (!session) return undefined
      if (session.expiresAt <= now()) {
        await sessions.delete(id)
        return undefined
      }
      return session
    },
    async revoke(id) {
      if (typeof id === 'string' && id.length > 0 && id.length <= 100) await sessions.delete(id)
    },
  }
}
