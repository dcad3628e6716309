import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { sandboxRpcProxyUrl, sandboxSolanaChain } from '../config.js'
import { registerPersona } from '../personas/registerPersona.js'
import type { PersonaHandle } from '../personas/types.js'
import { devSolanaAccountSecretKey, devSolanaAddress, devSolanaSecondAddress } from '../solana/devSolana.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { isRecord } from '../walletStandard/createStandardDevWallet.js'
import { sendSignedTransaction } from './sendSignedTransaction.js'
import { signTransactionBytes } from './signTransactionBytes.js'

/** One account of a persona: the dev mnemonic's Solana account `index` (0 is the dev key). */
export type SolanaPersonaAccount = { readonly index: number; readonly address: string; readonly publicKey: Uint8Array }

/** web3.js's `PublicKey` as far as the wallets' injected providers hand it to sites. */
export type PersonaPublicKey = { toBase58(): string; toString(): string; toJSON(): string; toBytes(): Uint8Array; equals(other: unknown): boolean }

/** What the visitor does in the wallet itself (not asked by the site); each provider turns it into its own events. */
export type SolanaPersonaWalletEvent = { type: 'switch'; account: SolanaPersonaAccount; siteApproved: boolean } | { type: 'revoke' }

export type CreateSolanaPersonaParameters = {
  /** `solana/<wallet>` (the persona's folder and entry). */
  id: `solana/${string}`
  /** The wallet's name as the site sees it. */
  name: string
  /** What the wallet throws (or rejects with) when the visitor refuses `method`. */
  rejection(method: string): unknown
  /** The wallet's other errors, with its codes (4100 not connected, -32000 invalid input, -32603 internal). */
  error(code: number, message: string): unknown
}

export type SolanaPersona = {
  readonly name: string
  /** The wallet's accounts: the dev key (0) and the mnemonic's second account (1). */
  readonly accounts: readonly SolanaPersonaAccount[]
  /** The account selected in the wallet. */
  selected(): SolanaPersonaAccount
  /** Whether the visitor approved this site for `account` (the wallet's "trusted apps"). */
  trusted(account: SolanaPersonaAccount): boolean
  trust(account: SolanaPersonaAccount): void
  /** Runs a request that needs the visitor's approval: refused with the wallet's rejection in reject mode; logged either way. */
  approve<T>(method: string, run: () => T | Promise<T>): Promise<T>
  /** Logs a request the wallet answered without a prompt. */
  answered(method: string, outcome?: 'answered' | 'rejected' | 'failed'): void
  /** The account behind a public key (bytes or base58), or undefined when the wallet has no such account. */
  accountOf(publicKey: unknown): SolanaPersonaAccount | undefined
  publicKeyOf(account: SolanaPersonaAccount): PersonaPublicKey
  signMessage(account: SolanaPersonaAccount, message: Uint8Array): Uint8Array
  /** Signs a transaction's wire bytes (legacy or v0) as `account`. */
  signTransaction(account: SolanaPersonaAccount, transaction: Uint8Array): Uint8Array
  /** Sends signed bytes to `chain` through the sandbox's RPC proxy; resolves with the signature (base58). */
  send(chain: string, signed: Uint8Array, options?: unknown): Promise<string>
  /** Calls `fn` on each action of the visitor in the wallet (account switch, site revoked). */
  onWalletEvent(fn: (event: SolanaPersonaWalletEvent) => void): void
  /**
   * Puts the persona's panel in the dock and its handles on the page: `window.__porticoPersonas[id]`
   * (the shared handle; its `switchAccount()` moves to the wallet's other account, which has
   * approved the site) and `window.__porticoSolanaPersonas[id]` (the switch with its options, revoke, forget).
   */
  register(connectedAccount: () => SolanaPersonaAccount | undefined): PersonaHandle
}

/** What a Solana persona lets a test do beyond the shared handle: the visitor's own actions in the wallet. */
export type SolanaPersonaControls = {
  /** Selects account `index` in the wallet; `siteApproved` says whether that account had approved the site. */
  switchAccount(index: number, options?: { siteApproved?: boolean }): void
  /** Removes the site from the wallet's trusted apps (the wallet's own "Disconnect"). */
  revokeSite(): void
  /** Removes the site from the trusted apps without a word to the page, as when done while the site's tab was closed. */
  forgetSite(): void
  /** The address the wallet has connected to the site, if any. */
  connectedAddress(): string | undefined
}

declare global {
  interface Window {
    __porticoSolanaPersonas?: Record<string, SolanaPersonaControls>
  }
}

type Stored = { mode: 'approve' | 'reject'; selected: number; trusted: string[] }
const maxActivity = 50
const publicAddresses = [devSolanaAddress, devSolanaSecondAddress] as const

/**
 * The part every Solana wallet persona shares: the dev mnemonic's first two Solana accounts
 * (signing for real, keys derived on first use), the wallet's "trusted apps" and selected account
 * kept in the page's storage across reloads, the approve / reject switch, the request log, sends
 * through the sandbox's RPC proxy, and the panel. Each wallet's entry builds its own injected
 * provider and Wallet Standard wallet on top, in its own dialect.
 *
 * @param parameters the persona's id, the wallet's name and its error shapes
 * @returns the persona's shared parts
 * @example
 * const persona = createSolanaPersona({ id: 'solana/phantom', name: 'Phantom', rejection: () => rejected, error })
 */
export function createSolanaPersona(parameters: CreateSolanaPersonaParameters): SolanaPersona {
  const { id, name } = parameters
  const storage = pageStorage()
  const storageKey = `portico-sandbox:persona:${id}`
  const origin = scriptOrigin() ?? window.location.origin
  const rpcUrl = sandboxRpcProxyUrl(origin, sandboxSolanaChain.caipNetworkId)
  const accounts: readonly SolanaPersonaAccount[] = Object.freeze(publicAddresses.map((address, index) => Object.freeze({ index, address, publicKey: base58.decode(address) })))
  const secretOf = (account: SolanaPersonaAccount) => {
    const secret = devSolanaAccountSecretKey(account.index)
    if (base58.encode(secret.subarray(32)) !== account.address) throw parameters.error(-32603, `The key of account ${account.index} is not ${account.address}`) as Error
    return secret
  }

  const load = (): Stored => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(storageKey) ?? 'null')
      if (isRecord(parsed)) {
        return {
          mode: parsed.mode === 'reject' ? 'reject' : 'approve',
          selected: parsed.selected === 1 ? 1 : 0,
          trusted: Array.isArray(parsed.trusted) ? parsed.trusted.filter((a): a is string => publicAddresses.includes(a as never)) : [],
        }
      }
    } catch {
      // a corrupted value is ignored
    }
    return { mode: 'approve', selected: 0, trusted: [] }
  }
  let state = load()
  const log: { method: string; outcome: string }[] = []
  const subscribers = new Set<() => void>()
  const walletListeners = new Set<(event: SolanaPersonaWalletEvent) => void>()
  const changed = () => {
    try {
      storage?.setItem(storageKey, JSON.stringify(state))
    } catch {
      // storage denied: the state lives on in memory
    }
    for (const fn of [...subscribers]) fn()
  }
  const record = (method: string, outcome: string) => {
    log.push({ method, outcome })
    if (log.length > maxActivity) log.shift()
    changed()
  }
  const walletEvent = (event: SolanaPersonaWalletEvent) => {
    for (const fn of [...walletListeners]) fn(event)
  }

  const persona: SolanaPersona = {
    name,
    accounts,
    selected: () => accounts[state.selected] as SolanaPersonaAccount,
    trusted: (account) => state.trusted.includes(account.address),
    trust(account) {
      if (state.trusted.includes(account.address)) return
      state = { ...state, trusted: [...state.trusted, account.address] }
      changed()
    },
    async approve(method, run) {
      if (state.mode === 'reject') {
        record(method, 'rejected')
        throw parameters.rejection(method)
      }
      try {
        const result = await run()
        record(method, 'approved')
        return result
      } catch (failure) {
        record(method, 'failed')
        throw failure
      }
    },
    answered: (method, outcome = 'answered') => record(method, outcome),
    accountOf(publicKey) {
      const address = typeof publicKey === 'string' ? publicKey : publicKey instanceof Uint8Array && publicKey.length === 32 ? base58.encode(publicKey) : undefined
      return accounts.find((a) => a.address === address)
    },
    publicKeyOf(account) {
      const key: PersonaPublicKey = Object.freeze({
        toBase58: () => account.address,
        toString: () => account.address,
        toJSON: () => account.address,
        toBytes: () => account.publicKey.slice(),
        equals: (other: unknown) => typeof (other as PersonaPublicKey | undefined)?.toBase58 === 'function' && (other as PersonaPublicKey).toBase58() === account.address,
      })
      return key
    },
    signMessage: (account, message) => ed25519.sign(message, secretOf(account).subarray(0, 32)),
    signTransaction: (account, transaction) => signTransactionBytes(transaction, secretOf(account)).signed,
    async send(chain, signed, options) {
      if (chain !== 'solana:localnet') throw parameters.error(-32603, `${name} (sandbox persona) sends only on solana:localnet, not ${String(chain).slice(0, 40)}`) as Error
      return sendSignedTransaction({ url: rpcUrl, signed, options })
    },
    onWalletEvent: (fn) => void walletListeners.add(fn),
    register(connectedAccount) {
      const controls: SolanaPersonaControls = Object.freeze({
        switchAccount(index: number, options: { siteApproved?: boolean } = {}) {
          const account = accounts[index]
          if (!account || index === state.selected) return
          const siteApproved = options.siteApproved ?? true
          const trusted = siteApproved ? [...new Set([...state.trusted, account.address])] : state.trusted.filter((a) => a !== account.address)
          state = { ...state, selected: index, trusted }
          changed()
          walletEvent({ type: 'switch', account, siteApproved })
        },
        revokeSite() {
          state = { ...state, trusted: [] }
          changed()
          walletEvent({ type: 'revoke' })
        },
        forgetSite() {
          state = { ...state, trusted: [] }
          changed()
        },
        connectedAddress: () => connectedAccount()?.address,
      })
      ;(window.__porticoSolanaPersonas ??= {})[id] = controls
      const account = persona.selected()
      return registerPersona(
        id,
        {
          getState: () => ({ connected: connectedAccount() !== undefined, mode: state.mode }),
          activity: () => log.map((entry) => ({ ...entry })),
          setMode(mode) {
            if (mode !== 'approve' && mode !== 'reject') return
            state = { ...state, mode }
            changed()
          },
          getMode: () => state.mode,
          disconnect: () => controls.revokeSite(),
          subscribe(fn) {
            subscribers.add(fn)
            return () => subscribers.delete(fn)
          },
          // The account it would connect: the one selected in the wallet.
          accounts: () => [persona.selected().address],
          // The shared handle's switch: the wallet's other account, one that has approved the site.
          switchAccount() {
            controls.switchAccount((state.selected + 1) % accounts.length, { siteApproved: true })
            return [persona.selected().address]
          },
        },
        { name, account: `${account.address.slice(0, 4)}…${account.address.slice(-4)}`, network: 'Network: Solana localnet' },
      )
    },
  }
  return persona
}
