import { BaseError, ProviderRpcError, type AsyncSeriesBailHook, type AsyncSeriesHook, type CaipNetworkId, type PluginContext } from '../../../kernel/kernel.js'
import { InvalidWalletResponseError } from '../errors.js'
import type { ProposalNamespaces, SignClientLike, WcAuthenticateParams, WcSession } from '../types.js'

type AuthenticateParameters = {
  domain: string
  uri: string
  nonce: string
  issuedAt: string
  statement?: string
  resources?: string[]
  expirationTime?: string
}

/**
 * The hooks the walletconnect plugin uses of the sign-in plugin (`siwx` declares them; see
 * `context.pluginHooks`): typed here by the shape it needs, so no plugin imports another's files.
 */
export type SignInHooks = {
  authenticateParameters: AsyncSeriesBailHook<[CaipNetworkId[]], AuthenticateParameters | undefined>
  addSession: AsyncSeriesHook<[{ message: string; signature: string; cacao?: unknown }]>
}

/** What one-click sign-in needs from the sign-in plugin, over its hooks. */
export type SignInSeam = {
  authenticateParameters(chains: CaipNetworkId[]): Promise<AuthenticateParameters>
  addSession(session: { message: string; signature: string; cacao?: unknown }): Promise<void>
}

/** The sign-in plugin's name. */
const signInPlugin = 'siwx'

/** A pairing round's outcome: the settled session and, after one-click sign-in, the wallet's CACAOs. */
export type PairingOutcome = { session: WcSession; cacaos?: unknown[] }

/** A started pairing round: the URI to show, its outcome, and whether the wallet said one-click is unsupported while the round waits on. */
export type PairingRound = { uri: string | undefined; pending: Promise<PairingOutcome>; dispose(): void; unsupported?: () => boolean }

/**
 * JSON-RPC error codes a wallet answers `wc_sessionAuthenticate` with when it cannot do one-click
 * sign-in: 10001 method unsupported, 5100–5104 unsupported chains, methods, events, accounts,
 * namespace. The sign-client itself waits for the fallback proposal on 10001.
 */
const unsupportedCodes = new Set([10001, 5100, 5101, 5102, 5103, 5104])

/** One-click sign-in could not be used with this wallet: pair again the ordinary way. */
export class OneClickUnsupported extends Error {
  override name = 'OneClickUnsupported'
}

function signInSeam(portico: PluginContext): SignInSeam | undefined {
  if (!portico.plugins.some((plugin) => plugin.name === signInPlugin)) return undefined
  const hooks = portico.pluginHooks<SignInHooks>(signInPlugin, ['authenticateParameters', 'addSession'])
  return {
    async authenticateParameters(chains) {
      const parameters = await hooks.authenticateParameters.promise(chains)
      if (!parameters) throw new BaseError(`The "${signInPlugin}" plugin gave no sign-in request for one-click sign-in`)
      return parameters
    },
    addSession: (session) => hooks.addSession.promise(session),
  }
}

/**
 * The sign-in seam when one-click sign-in applies: a sign-in plugin is installed, eip155 has a
 * sign-in verifier, every namespace the proposal asks for is eip155 (wc_sessionAuthenticate is
 * eip155-only) and the client has `authenticate`.
 */
export function oneClickSeam(portico: PluginContext, client: SignClientLike, requested: ProposalNamespaces): SignInSeam | undefined {
  if (!portico.signInVerifiers.has('eip155')) return undefined
  const namespaces = Object.keys(requested)
  if (namespaces.length !== 1 || namespaces[0] !== 'eip155' || (requested.eip155?.chains.length ?? 0) === 0) return undefined
  if (typeof (client.engine?.authenticate ?? client.authenticate) !== 'function' || typeof client.formatAuthMessage !== 'function') return undefined
  return signInSeam(portico)
}

type HistoryRecord = { id?: unknown; topic?: unknown; request?: { method?: unknown }; response?: { result?: unknown; error?: unknown } }

function pairingTopicOf(uri: string | undefined): string | undefined {
  return /^wc:([0-9a-f]{64})@/.exec(uri ?? '')?.[1]
}

/**
 * Starts a one-click round (`wc_sessionAuthenticate`, with the sign-client's fallback proposal on
 * the same pairing). A wallet that answers the proposal settles an ordinary session (no CACAOs);
 * one that answers with CACAOs settles a session built from them. Rejections are typed: the
 * visitor refused (ProviderRpcError), the CACAOs did not check out (InvalidWalletResponseError),
 * or one-click is not possible with this wallet (OneClickUnsupported: pair again without it).
 */
export async function startOneClickRound(client: SignClientLike, seam: SignInSeam, requested: ProposalNamespaces): Promise<PairingRound> {
  const eip155 = requested.eip155 as ProposalNamespaces[string]
  const chains = [...eip155.chains]
  const parameters = await seam.authenticateParameters(chains)
  const params: WcAuthenticateParams = {
    chains,
    domain: parameters.domain,
    uri: parameters.uri,
    nonce: parameters.nonce,
    methods: [...eip155.methods],
    ...(parameters.statement !== undefined ? { statement: parameters.statement } : {}),
    ...(parameters.resources !== undefined ? { resources: [...parameters.resources] } : {}),
    ...(parameters.expirationTime !== undefined ? { exp: parameters.expirationTime } : {}),
  }
  // `engine.authenticate` is what the client's deprecated wrapper calls, minus a console warning
  // on every connect.
  const authenticate = client.engine?.authenticate ?? client.authenticate
  const { uri, response } = await (authenticate as NonNullable<SignClientLike['authenticate']>).call(client.engine?.authenticate ? client.engine : client, params)
  const topic = pairingTopicOf(uri)

  // The sign-client keeps the wallet's error code to itself (it rejects with the message only),
  // and checks contract-account CACAOs (`eip1271`) on rpc.walletconnect.org, a host the site
  // owner never configured. Its history sees the answer first: read the code there, and make any
  // CACAO that is not a plain EOA signature fail the client's local check instead (the visitor
  // then pairs again the ordinary way, and the sign-in plugin verifies on the site's own RPC).
  let walletError: { code?: unknown; message?: unknown } | undefined
  let contractSignature = false
  const onHistory = (record: HistoryRecord) => {
    if (!topic || record?.topic !== topic || record.request?.method !== 'wc_sessionAuthenticate' || !record.response) return
    const { error, result } = record.response
    if (error && typeof error === 'object') walletError = error as typeof walletError
    const cacaos = (result as { cacaos?: unknown } | undefined)?.cacaos
    if (!Array.isArray(cacaos)) return
    for (const cacao of cacaos) {
      const signature = (cacao as { s?: { t?: unknown } } | undefined)?.s
      if (signature && typeof signature === 'object' && signature.t !== 'eip191') {
        contractSignature = true
        signature.t = 'portico:not-verified-here'
      }
    }
  }
  client.core.history.on('history_updated', onHistory)
  const dispose = () => client.core.history.off('history_updated', onHistory)

  const pending = response().then(
    ({ session, auths }): PairingOutcome => {
      if (!session || typeof session !== 'object') {
        throw new InvalidWalletResponseError({ method: 'wc_sessionAuthenticate', reason: 'The wallet signed in without granting any method, so no session was settled.' })
      }
      return { session, ...(Array.isArray(auths) && auths.length > 0 ? { cacaos: auths } : {}) }
    },
    (error: unknown) => {
      if (contractSignature) throw new OneClickUnsupported('The wallet signed in with a contract account (eip1271).')
      const code = typeof walletError?.code === 'number' ? walletError.code : undefined
      if (code !== undefined && unsupportedCodes.has(code)) throw new OneClickUnsupported(`The wallet answered ${code}.`)
      if (code !== undefined) {
        const message = typeof walletError?.message === 'string' ? walletError.message.slice(0, 300) : undefined
        throw new ProviderRpcError({ code, ...(message ? { message } : {}), cause: error })
      }
      if (error instanceof BaseError) throw error
      const reason = typeof error === 'string' ? error : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : 'no answer'
      throw new InvalidWalletResponseError({ method: 'wc_sessionAuthenticate', reason: reason.slice(0, 300) })
    },
  )
  pending.then(dispose, dispose)
  // On 10001 the sign-client waits for the wallet to answer the fallback proposal; a wallet that
  // never does leaves the round to expire, and the next round is an ordinary pairing.
  const unsupported = () => typeof walletError?.code === 'number' && unsupportedCodes.has(walletError.code)
  return { uri, pending, dispose, unsupported }
}

/** A CACAO's signed text and signature, or undefined when it is malformed. */
export function readCacao(client: SignClientLike, cacao: unknown): { message: string; signature: string } | undefined {
  const { p, s } = (cacao ?? {}) as { p?: { iss?: unknown }; s?: { s?: unknown } }
  if (!p || typeof p !== 'object' || typeof p.iss !== 'string' || p.iss.length > 300 || !p.iss.startsWith('did:pkh:eip155:')) return undefined
  if (!s || typeof s.s !== 'string' || s.s.length > 10_000) return undefined
  try {
    const message = (client.formatAuthMessage as NonNullable<SignClientLike['formatAuthMessage']>)({ request: p, iss: p.iss })
    return typeof message === 'string' ? { message, signature: s.s } : undefined
  } catch {
    return undefined
  }
}
