import { bitcoinSandboxCaipNetworkId } from '../bitcoin/bitcoinSandboxChain.js'
import { devBitcoinKey, devBitcoinKeyAt, devBitcoinOrdinalsPath, devBitcoinOrdinalsPublicKeyHex, devBitcoinPublicKeyHex } from '../bitcoin/devBitcoin.js'
import { lazyDevKey } from '../utils/lazyDevKey.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { createRegtestKeyring, type RegtestKeyring } from './createRegtestKeyring.js'

export type PersonaMode = 'approve' | 'reject'

export type BitcoinPersonaKit = {
  /** The sandbox's Esplora API through the server of the script's origin (`…/api`). */
  esploraUrl: string
  /** The keyring of the account the wallet shows now (account 0: the dev wallet's keys). */
  keyring(): RegtestKeyring
  /** Which account (BIP-44 account index) is current. */
  account(): number
  /** Makes another account current (account 1: `m/84'/1'/1'/0/0` and `m/86'/1'/1'/0/0`, derived on the switch). */
  useAccount(index: number): void
  /** Whether the page's origin is allowed (kept in `localStorage`, as the extension keeps its connected sites). */
  allowed(): boolean
  setAllowed(allowed: boolean): void
  /**
   * Runs one request the way the wallet does: when `prompt` and the mode is `reject`, the visitor
   * said no (`rejection()` is thrown); otherwise `run`, logged as approved or failed.
   */
  request<T>(method: string, prompt: boolean, run: () => Promise<T> | T): Promise<T>
  /** The panel's and the test handle's controls (`registerPersona`). `onDisconnect` runs when the panel's "Disconnect site" is pressed. */
  control: {
    getState(): { connected: boolean; mode: PersonaMode }
    getMode(): PersonaMode
    setMode(mode: PersonaMode): void
    activity(): { method: string; outcome: string }[]
    accounts(): readonly string[]
    disconnect(): void
    subscribe(fn: () => void): () => void
  }
  /** Tells the panel something changed. */
  notify(): void
}

/**
 * What every Bitcoin wallet persona shares, whatever dialect it speaks: the sandbox's regtest keys
 * (the dev wallet's, account 0, and a second account to switch to), Esplora through the sandbox
 * server's proxy of the script's origin, the site permission the extension remembers across
 * reloads, the approve / reject mode and the request log its panel shows.
 *
 * @param parameters `storageKey` (where the permission is kept), `rejection` (the wallet's own
 *   refusal), `accounts` (the addresses the wallet would connect now), `onDisconnect`
 * @returns the kit
 * @example
 * const kit = createBitcoinPersonaKit({ storageKey: 'portico-persona:unisat', rejection: () => ({ code: 4001, message: 'User rejected the request.' }), accounts: () => [address()], onDisconnect })
 */
export function createBitcoinPersonaKit({ storageKey, rejection, accounts, onDisconnect }: { storageKey: string; rejection: () => unknown; accounts: () => string[]; onDisconnect: () => void }): BitcoinPersonaKit {
  const origin = scriptOrigin() ?? window.location.origin
  const esploraUrl = `${origin}/v1/esplora/demo/${bitcoinSandboxCaipNetworkId}/api`
  const keyrings = new Map<number, RegtestKeyring>()
  const keyringAt = (index: number): RegtestKeyring => {
    let keyring = keyrings.get(index)
    if (!keyring) {
      keyring =
        index === 0
          ? // Derived on the first signature: a page load does no key math.
            createRegtestKeyring({ paymentKey: lazyDevKey(devBitcoinPublicKeyHex, 'privateKey', devBitcoinKey), taprootKey: lazyDevKey(devBitcoinOrdinalsPublicKeyHex, 'privateKey', () => devBitcoinKeyAt(devBitcoinOrdinalsPath)), esploraUrl })
          : createRegtestKeyring({ paymentKey: devBitcoinKeyAt(`m/84'/1'/${index}'/0/0`), taprootKey: devBitcoinKeyAt(`m/86'/1'/${index}'/0/0`), esploraUrl })
      keyrings.set(index, keyring)
    }
    return keyring
  }
  let current = 0
  let mode: PersonaMode = 'approve'
  const log: { method: string; outcome: string }[] = []
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((fn) => fn())
  const record = (method: string, outcome: string) => {
    log.push({ method, outcome })
    if (log.length > 50) log.shift()
    notify()
  }
  const read = () => {
    try {
      return window.localStorage.getItem(storageKey) === 'allowed'
    } catch {
      return false
    }
  }
  let allowed = read()
  return {
    esploraUrl,
    keyring: () => keyringAt(current),
    account: () => current,
    useAccount(index) {
      current = index
      notify()
    },
    allowed: () => allowed,
    setAllowed(next) {
      allowed = next
      try {
        if (next) window.localStorage.setItem(storageKey, 'allowed')
        else window.localStorage.removeItem(storageKey)
      } catch {
        // storage blocked: the permission lasts as long as the page
      }
      notify()
    },
    async request(method, prompt, run) {
      if (prompt && mode === 'reject') {
        record(method, 'rejected')
        throw rejection()
      }
      try {
        const result = await run()
        record(method, 'approved')
        return result
      } catch (error) {
        record(method, 'failed')
        throw error
      }
    },
    control: {
      getState: () => ({ connected: allowed, mode }),
      getMode: () => mode,
      setMode(next) {
        mode = next
        notify()
      },
      activity: () => [...log],
      accounts,
      disconnect: () => onDisconnect(),
      subscribe(fn) {
        listeners.add(fn)
        return () => listeners.delete(fn)
      },
    },
    notify,
  }
}
