import { makeAutoObservable } from 'mobx'
import type { CaipNetworkId, ChainNamespace } from '../../../kernel/kernel.js'
import type { SiwxMessageData, SiwxSession } from '../types.js'

/** Where the sign-in stands for the current account. */
export type SiwxStatus = 'idle' | 'checking' | 'preparing' | 'ready' | 'signing' | 'error'

/** The network and account a sign-in is for. */
export type SiwxTarget = { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; address: string }

/** A signed message without its parsed fields (what a CACAO gives). */
export type SiwxSignedMessage = { message: string; signature: string; cacao?: unknown }

/** What WalletConnect's one-click sign-in (`wc_sessionAuthenticate`) needs from the plugin. */
export type SiwxAuthenticateParameters = {
  domain: string
  uri: string
  nonce: string
  chains: CaipNetworkId[]
  statement?: string
  resources?: string[]
  expirationTime?: string
  issuedAt: string
}

/** The plugin's actions the store forwards to (injected, so the store holds no Portico). */
export type SiwxStoreDependencies = {
  required: boolean
  signIn(): Promise<unknown>
  cancel(): Promise<void>
  prepare(): Promise<void>
  addSession(session: SiwxSession | SiwxSignedMessage): Promise<void>
  authenticateParameters(chains: CaipNetworkId[]): Promise<SiwxAuthenticateParameters>
}

const keyOf = (caipNetworkId: string, address: string) => `${caipNetworkId}|${address}`

/**
 * The siwx plugin's state (registered as `portico.getStore('siwx')`): the account being asked to
 * sign, the message preview, progress and error, and which network/account pairs hold a valid
 * session. Its action methods forward to the plugin.
 */
export class SiwxStore {
  status: SiwxStatus = 'idle'
  closeRefused = false
  target: SiwxTarget | undefined = undefined
  /** The exact text the wallet will be asked to sign (the view's preview). */
  message: string | undefined = undefined
  data: SiwxMessageData | undefined = undefined
  /** The visible error ("Error signing message"), until the next attempt. */
  error: string | undefined = undefined
  /** `caipNetworkId|address` → true for every pair with a verified session. */
  signed: Record<string, true> = {}
  /** The last network signed on, per namespace (cancel rolls back to it). */
  lastSignedNetwork: Record<string, CaipNetworkId> = {}

  constructor(private readonly deps: SiwxStoreDependencies) {
    makeAutoObservable<SiwxStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  get required(): boolean {
    return this.deps.required
  }

  isSigned(caipNetworkId: string | undefined, address: string | undefined): boolean {
    return Boolean(caipNetworkId && address && this.signed[keyOf(caipNetworkId, address)])
  }

  // ---- actions the view and other plugins call ----

  /** Asks the wallet to sign the message (the kernel's `signIn`). */
  signIn(): Promise<unknown> {
    return this.deps.signIn()
  }

  /** Cancel: roll back to the last signed network or disconnect (required), else just close. */
  cancel(): Promise<void> {
    return this.deps.cancel()
  }

  /** Builds the message for the current account (fetching a nonce) when none is prepared. */
  prepare(): Promise<void> {
    return this.deps.prepare()
  }

  /**
   * Stores a session signed elsewhere (e.g. WalletConnect one-click sign-in): `{ message,
   * signature, cacao? }` is enough (the fields are read from the message). It is verified first
   * and refused with `SiwxInvalidSignatureError` when it does not check out.
   */
  addSession(session: SiwxSession | SiwxSignedMessage): Promise<void> {
    return this.deps.addSession(session)
  }

  /** The domain, URI, nonce, statement, resources and expiry a one-click sign-in request needs. */
  authenticateParameters(chains: CaipNetworkId[]): Promise<SiwxAuthenticateParameters> {
    return this.deps.authenticateParameters(chains)
  }

  // ---- state changes (the plugin's) ----

  setStatus(status: SiwxStatus): void {
    this.status = status
  }

  setTarget(target: SiwxTarget | undefined): void {
    const same = target && this.target && target.caipNetworkId === this.target.caipNetworkId && target.address === this.target.address
    this.target = target
    if (!same) {
      this.message = undefined
      this.data = undefined
      this.error = undefined
    }
  }

  setPrepared(data: SiwxMessageData | undefined, message: string | undefined): void {
    this.data = data
    this.message = message
  }

  setError(error: string | undefined): void {
    this.error = error
  }

  /** A close (Esc, the overlay) was refused because sign-in is required: the view explains it. */
  setCloseRefused(refused: boolean): void {
    this.closeRefused = refused
  }

  markSigned(target: { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; address: string }): void {
    this.signed[keyOf(target.caipNetworkId, target.address)] = true
    this.lastSignedNetwork[target.namespace] = target.caipNetworkId
  }

  unmarkSigned(caipNetworkId: string, address: string): void {
    delete this.signed[keyOf(caipNetworkId, address)]
  }

  /** Forgets every signed pair of a namespace (on disconnect). */
  forgetNamespace(namespace: ChainNamespace): void {
    for (const key of Object.keys(this.signed)) if (key.startsWith(`${namespace}:`)) delete this.signed[key]
    delete this.lastSignedNetwork[namespace]
    if (this.target?.namespace === namespace) {
      this.target = undefined
      this.message = undefined
      this.data = undefined
      this.status = 'idle'
    }
  }
}
