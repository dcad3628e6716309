import { runInAction } from 'mobx'
import { BaseError, parseCaipAddress, parseCaipNetworkId, type CaipNetworkId, type ChainNamespace, type Network, type PluginContext, type SignInState } from '../../kernel/kernel.js'
import { SiwxInitializeError, SiwxInvalidSignatureError, SiwxMessageError, SiwxSignInError, SiwxUnsupportedNamespaceError } from './errors.js'
import { createLocalSessionStore } from './storage/createLocalSessionStore.js'
import { SiwxStore, type SiwxTarget } from './stores/SiwxStore.js'
import type { SiwxMessageData, SiwxOptions, SiwxSession } from './types.js'
import { createSiwxMessage } from './utils/createSiwxMessage.js'
import { generateNonce } from './utils/generateNonce.js'
import { isSiwxSession } from './utils/isSiwxSession.js'
import { parseSiwxMessage } from './utils/parseSiwxMessage.js'

/** The sign view's id (spec §2). */
export const siwxView = 'SIWXSignMessage'
/** Spec §8 strings. */
// Message keys (the plugin's `messages`): the toast and the view show their translation.
const errorSigning = 'siwx.error'
const signedIn = 'siwx.signedIn'
const errorInitializing = 'siwx.errorInitializing'
/** How far in the future a stored session's Issued At / Not Before may lie (clock skew). */
const skewMs = 60_000

type Location = { host?: string; href?: string }

/**
 * The sign-in flow of spec §4 over the kernel's hooks and actions: after a connection, an
 * account change or a network change with no valid session, the sign view opens; signing goes
 * through the `signIn` hook; cancel rolls back or disconnects; disconnect signs out.
 *
 * @returns the plugin's store and a disposer
 */
export function createSiwxFlow(portico: PluginContext, options: SiwxOptions): { store: SiwxStore; dispose: () => void } {
  const required = options.required !== false
  const sessionStore = options.sessionStore ?? createLocalSessionStore({ storage: portico.services.storage, now: () => portico.clock.now() })
  const { connections, networks, modal, router } = portico.stores
  const verified = new Map<string, boolean>()
  const generation = new Map<ChainNamespace, number>()
  const scheduled = new Set<ChainNamespace>()
  let disposed = false
  let signing: Promise<SignInState> | undefined

  const store: SiwxStore = new SiwxStore({
    required,
    signIn: () => signInFromView(),
    cancel: () => cancel(),
    prepare: () => prepare(),
    addSession: (session) => addSession(session),
    authenticateParameters: async (chains) => {
      const first = chains[0]
      if (!first) throw new SiwxMessageError({ reason: 'at least one chain is needed' })
      const data = await buildData({ namespace: parseCaipNetworkId(first).namespace, caipNetworkId: first, address: '' })
      return {
        domain: data.domain,
        uri: data.uri,
        nonce: data.nonce,
        chains: [...chains],
        issuedAt: data.issuedAt,
        ...(data.statement !== undefined ? { statement: data.statement } : {}),
        ...(data.resources !== undefined ? { resources: data.resources } : {}),
        ...(data.expirationTime !== undefined ? { expirationTime: data.expirationTime } : {}),
      }
    },
  })

  function location(): Location | undefined {
    return (globalThis as { location?: Location }).location
  }

  function domain(): string {
    const value = options.domain ?? location()?.host
    if (!value) throw new SiwxMessageError({ reason: 'no domain: pass `domain` to siwx() outside a browser' })
    return value
  }

  function uri(): string {
    return options.uri ?? location()?.href ?? `https://${domain()}/`
  }

  /** The account and network the namespace is connected on, when sign-in applies to it. */
  function currentTarget(namespace: ChainNamespace): SiwxTarget | undefined {
    const connection = connections.get(namespace)
    const address = connections.address(namespace)
    if (connection.status !== 'connected' || !address || !connection.caipNetworkId) return undefined
    return { namespace, caipNetworkId: connection.caipNetworkId, address }
  }

  function sameTarget(a: SiwxTarget | undefined, b: SiwxTarget | undefined): boolean {
    return Boolean(a && b && a.caipNetworkId === b.caipNetworkId && a.address === b.address)
  }

  async function buildData(target: SiwxTarget): Promise<SiwxMessageData> {
    const nonce = options.getNonce ? await options.getNonce({ caipNetworkId: target.caipNetworkId, address: target.address }) : generateNonce()
    const now = portico.clock.now()
    return {
      domain: domain(),
      accountAddress: target.address,
      chainId: target.caipNetworkId,
      uri: uri(),
      version: '1',
      nonce,
      issuedAt: new Date(now).toISOString(),
      ...(options.statement !== undefined ? { statement: options.statement } : {}),
      ...(options.resources !== undefined && options.resources.length > 0 ? { resources: [...options.resources] } : {}),
      ...(options.expiration !== undefined ? { expirationTime: new Date(now + options.expiration).toISOString() } : {}),
    }
  }

  function labelFor(namespace: ChainNamespace): string {
    const verifier = portico.signInVerifiers.get(namespace)
    if (!verifier) throw new SiwxUnsupportedNamespaceError({ namespace })
    return verifier.label
  }

  /**
   * Whether a stored session still holds: shape, fields, exact text, time window and signature.
   * `unknown` when the chain could not be asked (the session is not used now, but kept).
   */
  async function verdictOf(session: unknown, target: SiwxTarget, network: Network): Promise<'valid' | 'invalid' | 'unknown'> {
    if (!isSiwxSession(session)) return 'invalid'
    const { data } = session
    if (data.chainId !== target.caipNetworkId || data.accountAddress !== target.address || data.domain !== domain()) return 'invalid'
    const now = portico.clock.now()
    if (Date.parse(data.notBefore ?? data.issuedAt) > now + skewMs) return 'invalid'
    if (data.expirationTime !== undefined && !(Date.parse(data.expirationTime) > now)) return 'invalid'
    const verifier = portico.signInVerifiers.get(target.namespace)
    if (!verifier) return 'invalid'
    try {
      if (createSiwxMessage({ data, label: verifier.label }) !== session.message) return 'invalid'
    } catch {
      return 'invalid'
    }
    const cacheKey = `${session.message}\n${session.signature}`
    const cached = verified.get(cacheKey)
    if (cached !== undefined) return cached ? 'valid' : 'invalid'
    let ok = false
    try {
      ok = (await verifier.verify({ message: session.message, signature: session.signature, address: target.address, network })) === true
    } catch (error) {
      portico.reportError(error, { namespace: target.namespace, action: 'siwxVerify' })
      return 'unknown'
    }
    verified.set(cacheKey, ok)
    return ok ? 'valid' : 'invalid'
  }

  async function isValid(session: unknown, target: SiwxTarget, network: Network): Promise<boolean> {
    return (await verdictOf(session, target, network)) === 'valid'
  }

  /** The valid sessions of one network and account; invalid and expired ones are dropped. */
  async function validSessions(target: SiwxTarget): Promise<SiwxSession[]> {
    const network = networks.find(target.caipNetworkId)
    if (!network) return []
    const stored = await sessionStore.get(target.caipNetworkId, target.address)
    const list: unknown[] = Array.isArray(stored) ? stored : []
    const valid: SiwxSession[] = []
    let undecided = false
    for (const session of list) {
      const verdict = await verdictOf(session, target, network)
      if (verdict === 'valid') valid.push(session as SiwxSession)
      else if (verdict === 'unknown') undecided = true
    }
    // Drop what is provably invalid; keep sessions the chain could not be asked about.
    if (valid.length === 0 && list.length > 0 && !undecided) await sessionStore.remove(target.caipNetworkId, target.address)
    return valid
  }

  function applies(namespace: ChainNamespace, target: SiwxTarget | undefined): target is SiwxTarget {
    return Boolean(target && networks.find(target.caipNetworkId) && portico.signInVerifiers.has(namespace))
  }

  function schedule(namespace: ChainNamespace): void {
    if (disposed || scheduled.has(namespace)) return
    scheduled.add(namespace)
    // connected, accountChanged and networkChanged arrive together: check once.
    void Promise.resolve().then(() => {
      scheduled.delete(namespace)
      return check(namespace)
    })
  }

  function nextTick(): Promise<void> {
    return new Promise((resolve) => portico.clock.setTimeout(resolve, 0))
  }

  async function check(namespace: ChainNamespace): Promise<void> {
    if (disposed) return
    const gen = (generation.get(namespace) ?? 0) + 1
    generation.set(namespace, gen)
    const stale = () => disposed || generation.get(namespace) !== gen
    const target = currentTarget(namespace)
    // No prompt on an unsupported network, or a namespace without a verifier.
    if (!applies(namespace, target)) {
      portico.updateAccount(namespace, { held: false })
      return
    }
    // Sign-in required and not signed yet: the page's buttons keep saying "Connecting…" (not the
    // account) until the visitor signs, from this check on.
    if (required && !store.isSigned(target.caipNetworkId, target.address)) portico.updateAccount(namespace, { held: true })
    const settleStatus = () => runInAction(() => {
      if (store.status === 'checking') store.setStatus('idle')
    })
    runInAction(() => {
      if (store.status === 'idle') store.setStatus('checking')
    })
    try {
      const valid = await validSessions(target)
      if (stale()) return
      if (valid.length > 0) {
        runInAction(() => store.markSigned(target))
        portico.updateAccount(namespace, { held: false })
        settleStatus()
        if (modal.open && router.view === siwxView) portico.close()
        return
      }
      runInAction(() => store.unmarkSigned(target.caipNetworkId, target.address))
      if (namespace !== networks.activeNamespace) {
        portico.updateAccount(namespace, { held: false })
        settleStatus()
        return
      }
      // Let the view that connected or switched finish first (it may close the modal).
      await nextTick()
      if (stale() || !sameTarget(currentTarget(namespace), target)) return
      runInAction(() => store.setTarget(target))
      settleStatus()
      await portico.open({ view: siwxView })
      await prepare()
    } catch (error) {
      if (stale()) return
      settleStatus()
      const typed = new SiwxInitializeError({ cause: error })
      portico.reportError(typed, { namespace, action: 'siwx' })
      portico.emit({ type: 'track', event: 'SIWX_AUTH_ERROR', properties: { message: typed.shortMessage } })
      portico.showToast({ variant: 'error', message: errorInitializing })
      await portico.disconnect(namespace).catch(() => undefined)
      portico.resetView('Connect')
    }
  }

  /** Builds the message for the current target unless one is ready. */
  async function prepare(): Promise<void> {
    const namespace = store.target?.namespace ?? networks.activeNamespace
    const target = currentTarget(namespace)
    if (!applies(namespace, target)) return
    if (sameTarget(store.target, target) && store.message && store.status !== 'error') {
      runInAction(() => {
        if (store.status === 'idle' || store.status === 'checking') store.setStatus('ready')
      })
      return
    }
    runInAction(() => {
      store.setTarget(target)
      store.setStatus('preparing')
    })
    try {
      const data = await buildData(target)
      const message = createSiwxMessage({ data, label: labelFor(namespace) })
      if (!sameTarget(store.target, target) || store.status !== 'preparing') return
      runInAction(() => {
        store.setPrepared(data, message)
        store.setStatus('ready')
      })
    } catch (error) {
      portico.reportError(error, { namespace, action: 'siwxPrepare' })
      if (sameTarget(store.target, target)) {
        runInAction(() => {
          store.setError(errorSigning)
          store.setStatus('error')
        })
      }
    }
  }

  /**
   * The view's Sign (the store's `signIn`). An error the flow meets is shown by the flow itself
   * (`doSignIn`: "Error signing message", a fresh message); one that stops the kernel's `signIn`
   * before the flow runs (no connected account on the active network, no sign-in hook) would reach
   * no one — the view catches to stay quiet — so it is shown and reported here (issue 49: a Keplr
   * sign-in whose Sign asked the wallet nothing, and said nothing).
   */
  async function signInFromView(): Promise<unknown> {
    try {
      return await portico.signIn()
    } catch (error) {
      if (error instanceof SiwxSignInError) throw error
      const typed = new SiwxSignInError({ cause: error })
      runInAction(() => {
        store.setError(errorSigning)
        store.setStatus('error')
      })
      portico.reportError(typed, { namespace: store.target?.namespace ?? networks.activeNamespace, action: 'signIn' })
      throw typed
    }
  }

  async function signInTap(state: SignInState): Promise<SignInState> {
    if (signing) return signing
    signing = doSignIn(state).finally(() => {
      signing = undefined
    })
    return signing
  }

  async function doSignIn(state: SignInState): Promise<SignInState> {
    const { namespace, caipAddress, network } = state
    const { address } = parseCaipAddress(caipAddress)
    const target: SiwxTarget = { namespace, caipNetworkId: network.caipNetworkId, address }
    runInAction(() => {
      if (!sameTarget(store.target, target)) store.setTarget(target)
      store.setError(undefined)
      store.setStatus('signing')
    })
    try {
      const verifier = portico.signInVerifiers.get(namespace)
      if (!verifier) throw new SiwxUnsupportedNamespaceError({ namespace })
      let message = state.message
      let data: SiwxMessageData
      if (message === undefined) {
        data = store.data && store.message && sameTarget(store.target, target) ? store.data : await buildData(target)
        message = createSiwxMessage({ data, label: verifier.label })
        const shown = message
        runInAction(() => store.setPrepared(data, shown))
      } else {
        // An earlier tap supplied the message: its fields are read from it.
        data = dataFromMessage(message)
        if (data.chainId !== target.caipNetworkId || data.accountAddress !== address) throw new SiwxMessageError({ reason: 'the message is for another network or account' })
      }
      const signature = state.signature ?? (await portico.signMessage({ message, namespace }))
      const ok = await verifier.verify({ message, signature, address, network })
      if (!ok) throw new SiwxInvalidSignatureError()
      verified.set(`${message}\n${signature}`, true)
      const session: SiwxSession = { data, message, signature }
      await sessionStore.add(session)
      runInAction(() => {
        store.markSigned(target)
        store.setPrepared(undefined, undefined)
        // An earlier failure does not linger after a success.
        store.setError(undefined)
        store.setCloseRefused(false)
        store.setStatus('idle')
      })
      portico.updateAccount(namespace, { held: false })
      if (modal.open && router.view === siwxView) portico.close()
      portico.showToast({ variant: 'success', message: signedIn })
      portico.emit({ type: 'track', event: 'SIWX_AUTH_SUCCESS', properties: { network: network.caipNetworkId }, address })
      return { ...state, message, signature, session }
    } catch (error) {
      const typed = new SiwxSignInError({ cause: error })
      runInAction(() => {
        store.setPrepared(undefined, undefined)
        store.setError(errorSigning)
        store.setStatus('error')
      })
      portico.emit({ type: 'track', event: 'SIWX_AUTH_ERROR', properties: { network: network.caipNetworkId, message: error instanceof BaseError ? error.shortMessage : 'Error signing message' } })
      portico.reportError(typed, { namespace, action: 'signIn' })
      // Spec §4: failure reopens the sign view (with a fresh message), which shows the error
      // inline; only when it does not reopen does a toast say it (the error is shown once).
      if (!disposed && currentTarget(namespace)) {
        if (!(modal.open && router.view === siwxView)) await portico.open({ view: siwxView })
        void prepare()
      } else portico.showToast({ variant: 'error', message: errorSigning })
      throw typed
    }
  }

  /** The fields of a message, its namespace found by the account line's label. */
  function dataFromMessage(message: string): SiwxMessageData {
    const { label, chainReference, ...fields } = parseSiwxMessage({ message })
    const namespace = networks.namespaces.find((ns) => portico.signInVerifiers.get(ns)?.label === label)
    if (!namespace) throw new SiwxMessageError({ reason: `no chain plugin signs in with "${label}" accounts` })
    return { ...fields, chainId: `${namespace}:${chainReference}` }
  }

  /** A session from elsewhere (WalletConnect one-click): `data` may be left out and is read from the message. */
  async function addSession(input: SiwxSession | { message: string; signature: string; cacao?: unknown }): Promise<void> {
    let session: SiwxSession
    if (isSiwxSession(input)) session = input
    else {
      if (!input || typeof input.message !== 'string' || typeof input.signature !== 'string') throw new SiwxMessageError({ reason: 'not a sign-in session' })
      session = { data: dataFromMessage(input.message), message: input.message, signature: input.signature, ...(input.cacao !== undefined ? { cacao: input.cacao } : {}) }
    }
    const { namespace } = parseCaipNetworkId(session.data.chainId)
    const target: SiwxTarget = { namespace, caipNetworkId: session.data.chainId, address: session.data.accountAddress }
    const network = networks.find(target.caipNetworkId)
    if (!network || !(await isValid(session, target, network))) throw new SiwxInvalidSignatureError()
    await sessionStore.add(session)
    runInAction(() => store.markSigned(target))
    const current = currentTarget(namespace)
    if (current && sameTarget(current, target)) portico.updateAccount(namespace, { held: false })
  }

  async function cancel(): Promise<void> {
    portico.emit({ type: 'track', event: 'CLICK_CANCEL_SIWX' })
    const namespace = store.target?.namespace ?? networks.activeNamespace
    const target = currentTarget(namespace)
    if (!required || !target) {
      portico.close()
      return
    }
    const last = store.lastSignedNetwork[namespace]
    if (last && last !== target.caipNetworkId) {
      const back: SiwxTarget = { namespace, caipNetworkId: last, address: target.address }
      let hasSession = false
      try {
        hasSession = (await validSessions(back)).length > 0
      } catch (error) {
        portico.reportError(error, { namespace, action: 'siwxCancel' })
      }
      if (hasSession) {
        try {
          await portico.switchNetwork(last as CaipNetworkId)
          portico.close()
          return
        } catch {
          // the wallet refused to switch back: fall through to disconnecting
        }
      }
    }
    await portico.disconnect(namespace).catch(() => undefined)
    portico.close()
  }

  async function onDisconnected(namespace: ChainNamespace): Promise<void> {
    const pairs = Object.keys(store.signed)
      .filter((key) => key.startsWith(`${namespace}:`))
      .map((key) => key.split('|') as [CaipNetworkId, string])
    runInAction(() => store.forgetNamespace(namespace))
    if (options.signOutOnDisconnect === false) return
    try {
      if (connections.connectedNamespaces.length === 0) await sessionStore.clear()
      else for (const [caipNetworkId, address] of pairs) await sessionStore.remove(caipNetworkId, address)
    } catch (error) {
      portico.reportError(error, { namespace, action: 'siwxSignOut' })
    }
  }

  const { hooks } = portico
  hooks.signIn.tapPromise('siwx', signInTap)
  hooks.connected.tap('siwx', (event) => schedule(event.namespace))
  hooks.accountChanged.tap('siwx', (event) => schedule(event.namespace))
  hooks.networkChanged.tap('siwx', (event) => schedule(event.namespace))
  hooks.disconnected.tap('siwx', (event) => {
    generation.set(event.namespace, (generation.get(event.namespace) ?? 0) + 1)
    void onDisconnected(event.namespace)
  })
  const removeGuard = portico.addCloseGuard(() => {
    if (!required || (router.view !== siwxView && router.view !== 'ApproveTransaction')) return false
    const target = currentTarget(store.target?.namespace ?? networks.activeNamespace)
    const refused = Boolean(target) && !store.isSigned(target?.caipNetworkId, target?.address)
    // The view says why Esc or the overlay did nothing.
    if (refused) runInAction(() => store.setCloseRefused(true))
    return refused
  })

  return {
    store,
    dispose() {
      disposed = true
      removeGuard()
    },
  }
}
