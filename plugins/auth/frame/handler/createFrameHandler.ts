import type { ApprovalState, AuthAccounts, AuthState, AuthUser, FrameEvent, FrameMethod, FrameResponse, RecoveryKind } from '../../protocol.js'
import { createAuthApi, type MeAnswer } from '../api/createAuthApi.js'
import { createSessionToken } from '../api/sessionToken.js'
import { FrameFailure, invalidParams, toFrameError } from '../errors.js'
import { exportFreshnessMs, exportSecrets } from '../export/exportSecrets.js'
import { clearExportScreen, renderExportScreen } from '../export/renderExportScreen.js'
import { createDeviceShare } from '../keys/deviceShare.js'
import { createKeyring } from '../keys/createKeyring.js'
import { createRecoveryFlows } from '../recovery/createRecoveryFlows.js'
import type { Credentials } from '../recovery/recoveryPasskey.js'
import { createVerifier, type Verifier } from '../login/createVerifier.js'
import { approvalMethods, plainMessageMethods, type ApprovalModel } from '../approval/ApprovalModel.js'
import { createApprovalGate, type Approver } from '../approval/createApprovalGate.js'
import { describeEip155Request } from '../approval/describeEip155Request.js'
import { describeSolanaRequest } from '../approval/describeSolanaRequest.js'
import { answerEip155Request } from '../signers/eip155.js'
import { smartAccountAddress } from '../signers/smartAccount.js'
import { answerSolanaRequest } from '../signers/solana.js'
import type { SignerContext } from '../signers/SignerContext.js'
import { isRecord } from '../utils/isRecord.js'
import type { KeyValueStorage } from '../utils/KeyValueStorage.js'
import type { FrameConfig } from './FrameConfig.js'
import { codeOf, emailOf, paramsOf } from './readParams.js'

/** What the handler needs from its page; the browser entry passes the real ones. */
export type FrameHandlerOptions = {
  config: FrameConfig
  /** The wallet origin (`location.origin`): social start URLs and the RPC proxy are absolute on it. */
  frameOrigin: string
  fetch: typeof fetch
  storage: KeyValueStorage
  /** Fills a buffer with random bytes (`crypto.getRandomValues`). */
  random?: (bytes: Uint8Array) => Uint8Array
  /** The frame's document, where the export screen renders (absent: showExport fails). */
  document?: Document
  copy?: (text: string) => Promise<void>
  now?: () => number
  /**
   * Shows the approval screen for a signature or transaction and answers the visitor's decision
   * (the browser entry: the DOM screen in the frame's document). Absent: every signing request is
   * refused with USER_REJECTED; nothing is ever signed unasked.
   */
  approver?: Approver
  /** `navigator.credentials`: the recovery passkey (absent: the recovery screen offers the password only). */
  credentials?: Credentials
  /** The wallet origin's host name (`location.hostname`), the passkey's RP id; default: `frameOrigin`'s. */
  hostname?: string
  /** The site asked to sign plain messages (personal_sign, solana_signMessage) without the screen (`auth({ messageApproval: 'skip' })`); never typed data or transactions. */
  skipMessageApproval?: boolean
  /**
   * Calls back with the approval or recovery screen's content height whenever it changes (the
   * browser entry: {@link watchScreenHeight}); the frame sends it with its `approval` event.
   */
  watchScreenHeight?: (onHeight: (height: number) => void) => void
}

const methods = new Set<FrameMethod>(['status', 'emailStart', 'emailVerify', 'socialStart', 'socialFinish', 'emailChangeStart', 'emailChangeVerify', 'request', 'cancelApproval', 'protectRecovery', 'showExport', 'hideExport', 'logout'])
/** Methods that read or change the session run one after another. */
const sessionMethods = new Set<string>(['status', 'emailVerify', 'socialFinish', 'emailChangeVerify', 'logout'])

/**
 * The frame's request handler (docs/guides/embedded-wallet.md §3): takes what arrives on the
 * port and answers a FrameResponse — never throws. Every signature and transaction first waits
 * for the visitor's approval in the frame (docs/guides/embedded-wallet.md §3.1, `approver`). Login attempts keep their verifier in
 * memory; the session token and the device share live in the wallet origin's storage; keys are
 * rebuilt for each signature. `connect` names the site that holds the port and where events go.
 *
 * @example
 * const handler = createFrameHandler({ config, frameOrigin: location.origin, fetch, storage: localStorage, document })
 * handler.connect('https://shop.example.com', (event) => port.postMessage(event))
 * port.onmessage = async (e) => { const answer = await handler.handle(e.data); if (answer) port.postMessage(answer) }
 */
export function createFrameHandler(options: FrameHandlerOptions) {
  const { config, frameOrigin } = options
  const random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = options.random ?? ((bytes) => crypto.getRandomValues(bytes))
  const now = options.now ?? Date.now
  const token = createSessionToken(options.storage)
  const api = createAuthApi({ apiBase: config.apiBase, projectId: config.projectId, token, fetch: options.fetch })
  const device = createDeviceShare(options.storage)
  const keyring = createKeyring({ api, device, drawEntropy: () => random(new Uint8Array(16)) })

  let session: { user: AuthUser; accounts: AuthAccounts; recovery: RecoveryKind } | undefined
  /** The site's connected ports (its origin, and where events go); the newest last. */
  const sites: { origin: string; emit: (event: FrameEvent) => void }[] = []
  let emailAttempt: { attemptId: string; verifier: string } | undefined
  let changeAttempt: { attemptId: string; verifier: string } | undefined
  let social: Verifier | undefined
  const queues = new Map<string, Promise<unknown>>()
  // What the site was last told about the screen; a new content height is told with it.
  let shown: ApprovalState = { pending: false }
  let height: number | undefined
  const emitApproval = (state: ApprovalState) => {
    shown = state
    emit({ event: 'approval', data: state.pending && height !== undefined ? { ...state, height } : state })
    // The next screen reports its own height (its watcher may do so before the screen is told).
    if (!state.pending) height = undefined
  }
  options.watchScreenHeight?.((next) => {
    if (next === height) return
    height = next
    if (shown.pending) emitApproval(shown)
  })
  const gate = createApprovalGate({
    approver: options.approver,
    random,
    onChange: (kind: ApprovalModel['kind'] | undefined) => emitApproval(kind ? { pending: true, kind } : { pending: false }),
  })

  // The recovery screens (§2.1) show in the frame's document, hosted by the site like the approval screen.
  const recovery = options.document
    ? createRecoveryFlows({
        document: options.document,
        ...(options.credentials ? { credentials: options.credentials } : {}),
        hostname: options.hostname ?? new URL(frameOrigin).hostname,
        onShown: (isShown) => emitApproval(isShown ? { pending: true, kind: 'recovery' } : { pending: false }),
      })
    : undefined

  const state = (): AuthState => (session ? { user: session.user, accounts: session.accounts, recovery: session.recovery } : {})
  const emit = (event: FrameEvent) => {
    for (const site of sites) {
      try {
        site.emit(event)
      } catch {
        // A closed port: the others still hear it.
      }
    }
  }
  const requireSession = () => {
    if (!session) throw new FrameFailure('NOT_LOGGED_IN', 'Log in first')
    return session
  }

  const rpcUrl = (caip: string) => `${frameOrigin}${config.rpcBase}?${new URLSearchParams({ chainId: caip, projectId: config.projectId })}`
  const smartAccountOn = (caip: string) => config.chains?.find((c) => c.caipNetworkId === caip)?.smartAccount

  /**
   * The EOA's smart account (`eip155SmartAccount`), read on the first chain the server gives a
   * smart account; a chain that cannot be read leaves the wallet with its EOA alone.
   */
  async function withSmartAccount(accounts: AuthAccounts): Promise<AuthAccounts> {
    const chain = config.chains?.find((c) => c.smartAccount && /^eip155:/.test(c.caipNetworkId))
    if (!chain?.smartAccount) return accounts
    try {
      return { ...accounts, eip155SmartAccount: await smartAccountAddress({ rpcUrl, fetch: options.fetch }, chain.caipNetworkId, chain.smartAccount, accounts.eip155) }
    } catch {
      return accounts
    }
  }

  /**
   * After the server issued a session: open the wallet (create, rebuild or recover), or keep
   * nothing. Only a login (`interactive`) may ask the visitor to unlock a protected recovery.
   */
  async function enter(me?: MeAnswer, interactive = false): Promise<AuthState> {
    try {
      const answer = me ?? (await api.me())
      const accounts = await withSmartAccount(await keyring.open(answer, interactive && recovery ? recovery.unlock : undefined))
      session = { user: answer.user, accounts, recovery: answer.recovery ?? 'server' }
      return state()
    } catch (error) {
      session = undefined
      if (error instanceof FrameFailure && (error.code === 'WALLET_MISMATCH' || error.code === 'REAUTH_REQUIRED')) token.set(undefined)
      throw error
    }
  }

  async function status(): Promise<AuthState> {
    if (session) return state()
    if (!token.get()) return {}
    try {
      return await enter()
    } catch (error) {
      // A stored session that cannot open the wallet silently (expired, or this browser needs a fresh login to recover) reads as logged out.
      if (error instanceof FrameFailure && ['NOT_LOGGED_IN', 'REAUTH_REQUIRED', 'WALLET_MISMATCH'].includes(error.code)) return {}
      throw error
    }
  }

  async function login(answer: { token: string }): Promise<AuthState> {
    token.set(answer.token)
    const result = await enter(undefined, true)
    emit({ event: 'stateChanged', data: result })
    return result
  }

  async function request(params: unknown, origin: string): Promise<unknown> {
    const { chainId, method, params: inner } = paramsOf('request', params, '{ chainId, method, params }')
    if (typeof chainId !== 'string' || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$/.test(chainId)) throw invalidParams('request expects a CAIP-2 chainId')
    if (typeof method !== 'string' || method.length === 0 || method.length > 64) throw invalidParams('request expects a method name')
    const namespace = chainId.split(':')[0]
    if (namespace !== 'eip155' && namespace !== 'solana') throw new FrameFailure('UNSUPPORTED_METHOD', `The wallet has no ${namespace} account`)
    const { user, accounts } = requireSession()
    const context: SignerContext = {
      chainId,
      method,
      params: inner,
      accounts,
      withKeys: (use) => keyring.withKeys(user.id, accounts, use),
      rpcUrl,
      bundlerUrl: (caip) => `${frameOrigin}${config.rpcBase}bundler?${new URLSearchParams({ chainId: caip, projectId: config.projectId })}`,
      smartAccountOn,
      fetch: options.fetch,
    }
    // Every signature and transaction waits for the visitor's click in the frame (§3.1), bound to
    // this request's exact payload; only plain messages may skip it, when the site asked.
    if (approvalMethods.has(method) && !(options.skipMessageApproval && plainMessageMethods.has(method))) {
      const describe = { origin, chains: config.chains ?? [] }
      const model = namespace === 'eip155' ? await describeEip155Request(context, describe) : describeSolanaRequest(context, describe)
      await gate.approve({ chainId, method, params: inner }, model)
    }
    return namespace === 'eip155' ? answerEip155Request(context) : answerSolanaRequest(context)
  }

  /** Shows the recovery screen; protects the recovery with the visitor's choice (or leaves it, "Not now"). */
  async function protectRecovery(): Promise<AuthState> {
    const current = requireSession()
    if (!recovery) throw new FrameFailure('UNSUPPORTED_METHOD', 'This frame cannot show the recovery screen')
    const label = current.user.email ?? current.user.handle ?? current.user.name ?? current.user.id
    const done = await recovery.setup(current.user.id, label, (seal) => keyring.protectRecovery(current.user.id, current.accounts, seal))
    if (done && session?.user.id === current.user.id) {
      session = { ...session, recovery: 'protected' }
      emit({ event: 'stateChanged', data: state() })
    }
    return state()
  }

  async function showExport(): Promise<null> {
    const { user, accounts } = requireSession()
    const me = await api.me()
    const at = me.authenticatedAt < 1e11 ? me.authenticatedAt * 1000 : me.authenticatedAt
    if (!(now() - at <= exportFreshnessMs)) throw new FrameFailure('REAUTH_REQUIRED', 'Log in again to export the wallet (the login must be at most 5 minutes old)')
    const doc = options.document
    if (!doc) throw new FrameFailure('UNSUPPORTED_METHOD', 'This frame cannot show the export screen')
    const secrets = await keyring.withKeys(user.id, accounts, async (keys) => exportSecrets(keys))
    const copy = options.copy ?? ((text: string) => navigator.clipboard.writeText(text))
    renderExportScreen(doc, secrets, { copy, onDone: () => emit({ event: 'exportClosed' }) })
    return null
  }

  async function logout(): Promise<null> {
    if (options.document) clearExportScreen(options.document)
    gate.cancel()
    recovery?.cancel()
    if (token.get()) {
      try {
        await api.logout()
      } catch {
        // The server forgets the session when it expires; this browser forgets it now.
      }
    }
    token.set(undefined)
    session = undefined
    emailAttempt = changeAttempt = social = undefined
    emit({ event: 'stateChanged', data: {} })
    return null
  }

  async function run(method: FrameMethod, params: unknown, origin: string): Promise<unknown> {
    switch (method) {
      case 'status':
        return status()
      case 'emailStart': {
        const email = emailOf(method, params)
        const verifier = createVerifier(random)
        const sent = await api.emailStart(email, verifier.challenge)
        emailAttempt = { attemptId: sent.attemptId, verifier: verifier.verifier }
        return { expiresAt: sent.expiresAt, resendAfter: sent.resendAfter }
      }
      case 'emailVerify': {
        const code = codeOf(method, params)
        const attempt = emailAttempt
        if (!attempt) throw invalidParams('No code was sent: call emailStart first')
        const answer = await api.emailVerify(attempt.attemptId, code, attempt.verifier)
        emailAttempt = undefined
        return login(answer)
      }
      case 'socialStart': {
        const { provider } = paramsOf(method, params, '{ provider }')
        if (typeof provider !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,31}$/.test(provider)) throw invalidParams('socialStart expects { provider } (a provider id)')
        const site = sites.at(-1)
        if (!site) throw new FrameFailure('NOT_LOGGED_IN', 'No site is connected')
        social = createVerifier(random)
        return { url: api.socialStartUrl(provider, social.challenge, site.origin, frameOrigin) }
      }
      case 'socialFinish': {
        const { ticket } = paramsOf(method, params, '{ ticket }')
        if (typeof ticket !== 'string' || !/^[\x21-\x7e]{1,512}$/.test(ticket)) throw invalidParams('socialFinish expects { ticket }')
        const verifier = social
        if (!verifier) throw invalidParams('No social login was started: call socialStart first')
        const answer = await api.socialRedeem(ticket, verifier.verifier)
        social = undefined
        return login(answer)
      }
      case 'emailChangeStart': {
        const email = emailOf(method, params)
        requireSession()
        const verifier = createVerifier(random)
        const sent = await api.emailChangeStart(email, verifier.challenge)
        changeAttempt = { attemptId: sent.attemptId, verifier: verifier.verifier }
        return { expiresAt: sent.expiresAt, resendAfter: sent.resendAfter }
      }
      case 'emailChangeVerify': {
        const code = codeOf(method, params)
        const current = requireSession()
        const attempt = changeAttempt
        if (!attempt) throw invalidParams('No code was sent: call emailChangeStart first')
        const user = await api.emailChangeVerify(attempt.attemptId, code, attempt.verifier)
        changeAttempt = undefined
        // Should the server's id of the user follow the email, this browser's share follows it.
        if (user.id !== current.user.id) {
          const share = device.read(current.user.id)
          if (share) device.write(user.id, share)
        }
        session = { user, accounts: current.accounts, recovery: current.recovery }
        emit({ event: 'stateChanged', data: state() })
        return state()
      }
      case 'request':
        return request(params, origin)
      case 'cancelApproval':
        gate.cancel()
        recovery?.cancel()
        return null
      case 'protectRecovery':
        return protectRecovery()
      case 'showExport':
        return showExport()
      case 'hideExport':
        if (options.document) clearExportScreen(options.document)
        return null
      case 'logout':
        return logout()
    }
  }

  /** Runs `task` after the previous task of the same queue settled. */
  function enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve()
    const next = previous.then(task, task)
    const settled = next.then(
      () => undefined,
      () => undefined,
    )
    queues.set(key, settled)
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key)
    })
    return next
  }

  return {
    /** A port of the site connected: events go to it too (`disconnect` when the listener drops it). */
    connect(origin: string, emitEvent: (event: FrameEvent) => void): void {
      sites.push({ origin, emit: emitEvent })
    },

    /** A port was dropped: no more events to it. */
    disconnect(emitEvent: (event: FrameEvent) => void): void {
      const index = sites.findIndex((site) => site.emit === emitEvent)
      if (index >= 0) sites.splice(index, 1)
    },

    /**
     * Answers one message from the port. `undefined` for a message that is not a request (no
     * numeric id): there is nobody to answer.
     */
    async handle(message: unknown, origin = sites.at(-1)?.origin ?? ''): Promise<FrameResponse | undefined> {
      if (!isRecord(message) || typeof message.id !== 'number' || !Number.isSafeInteger(message.id)) return undefined
      const id = message.id
      const method = message.method
      if (typeof method !== 'string' || !methods.has(method as FrameMethod)) {
        return { id, error: { code: 'UNSUPPORTED_METHOD', message: `The wallet frame has no method ${typeof method === 'string' ? method.slice(0, 64) : '(none)'}` } }
      }
      // cancelApproval answers at once (the prompt it cancels holds its request's queue).
      if (method === 'cancelApproval') return { id, result: await run(method, message.params, origin) }
      const key = sessionMethods.has(method) ? 'session' : method === 'request' && isRecord(message.params) ? `request:${String(message.params.method)}` : method
      try {
        const result = await enqueue(key, () => run(method as FrameMethod, message.params, origin))
        return { id, result: result === undefined ? null : result }
      } catch (error) {
        // The server no longer knows the session (expired, logged out elsewhere): so does the frame.
        if (error instanceof FrameFailure && error.code === 'NOT_LOGGED_IN' && session && !token.get()) {
          session = undefined
          emit({ event: 'stateChanged', data: {} })
        }
        return { id, error: toFrameError(error) }
      }
    },
  }
}

export type FrameHandler = ReturnType<typeof createFrameHandler>
