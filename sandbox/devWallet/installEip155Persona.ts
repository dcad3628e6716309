import type { LocalAccount } from 'viem'
import { devPrivateKeys, sandboxAccountAbstraction, sandboxBundlerUrl, sandboxEvmChains, sandboxRpcProxyUrl } from '../config.js'
import { devAddresses } from '../devnets/devAccounts.js'
import { registerPersona } from '../personas/registerPersona.js'
import type { PersonaHandle } from '../personas/types.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { createDevWalletProvider, type CreateDevWalletProviderReturnType, type DevWalletState } from './createDevWalletProvider.js'
import type { DevWalletDialect } from './devWalletDialect.js'
import { lazyLocalAccount } from './lazyLocalAccount.js'

/** The EIP-1193 surface a persona's provider object exposes (its own flags are added by the wallet's entry). */
export type PersonaEip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): PersonaEip1193Provider
  once(event: string, listener: (...args: unknown[]) => void): PersonaEip1193Provider
  removeListener(event: string, listener: (...args: unknown[]) => void): PersonaEip1193Provider
  off(event: string, listener: (...args: unknown[]) => void): PersonaEip1193Provider
  [flag: string]: unknown
}

/** What an EVM persona gives the sandbox's tests beside its {@link PersonaHandle}: `window.__porticoEip155Personas[id]`. */
export type Eip155PersonaHandle = Readonly<{
  /** The provider object it announced (EIP-6963). */
  provider: PersonaEip1193Provider
  info: Readonly<{ uuid: string; name: string; icon: string; rdns: string }>
  getState(): DevWalletState
  /** The user picks dev account `index` (0 or 1) in the wallet: `accountsChanged` when connected. */
  selectAccount(index: number): Promise<void>
  /** While on, a connection request waits (its popup left open) until {@link answerConnection}. */
  holdConnections(on: boolean): void
  hasPendingConnection(): boolean
  answerConnection(decision: 'approve' | 'reject'): void
  /** The wallet's own "disconnect this site". */
  disconnect(): void
}>

declare global {
  interface Window {
    __porticoEip155Personas?: Record<string, Eip155PersonaHandle>
  }
}

export type InstallEip155PersonaParameters = {
  /** `eip155/<wallet>`. */
  id: string
  /** Its EIP-6963 announcement (name, rdns, icon), as the real wallet's. */
  info: { name: string; rdns: string; icon: string }
  /** Its provider's own properties (`isMetaMask`, `isRabby`, …). */
  flags: Record<string, unknown>
  dialect: DevWalletDialect
  /**
   * Puts the wallet where the real extension puts it (`window.ethereum`, `window.rabby`, …); gets
   * the announced provider. Runs before the first announcement, as the extension's inpage script.
   */
  inject(provider: PersonaEip1193Provider): void
  /** Dev accounts the wallet holds (indices into the standard test mnemonic's); the first is shared first. */
  accountIndices?: readonly [number, number]
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * Installs an EVM wallet persona: the Portico Dev Wallet's signing core (a real viem local account,
 * reads through the sandbox's RPC proxy, EIP-5792 through its calls module) speaking `dialect`,
 * behind a provider object with the wallet's own flags, placed by `inject`, announced by EIP-6963 on
 * load and on every `eip6963:requestProvider`, with its panel and handles. It knows Devnet A only:
 * Devnet B is the "chain the wallet does not know" a site must add.
 *
 * @returns the persona's handle (also `window.__porticoPersonas[id]`)
 * @example
 * installEip155Persona({ id: 'eip155/metamask', info, flags: { isMetaMask: true }, dialect, inject: (p) => (window.ethereum = p) })
 */
export function installEip155Persona(parameters: InstallEip155PersonaParameters): PersonaHandle {
  const existing = window.__porticoPersonas?.[parameters.id]
  if (existing) return existing
  const origin = scriptOrigin() ?? window.location.origin
  const [first, second] = parameters.accountIndices ?? [0, 1]
  const keys = [first, second].map((i) => lazyLocalAccount(devAddresses[i]!, devPrivateKeys[i]!)) as [LocalAccount, LocalAccount]
  const devnetA = sandboxEvmChains[0]!
  const wallet: CreateDevWalletProviderReturnType = createDevWalletProvider({
    account: keys[0],
    chains: [
      {
        chainId: devnetA.chainId,
        name: devnetA.name,
        rpcUrl: sandboxRpcProxyUrl(origin, devnetA.caipNetworkId),
        nativeCurrency: devnetA.nativeCurrency,
        bundlerUrl: sandboxBundlerUrl(origin, devnetA.caipNetworkId),
      },
    ],
    smartAccount: { factory: sandboxAccountAbstraction.factory, entryPoint: sandboxAccountAbstraction.entryPoint },
    accountType: 'eoa',
    storage: pageStorage(),
    storageKey: `porticoPersona:${parameters.id}`,
    dialect: parameters.dialect,
  })
  const { control } = wallet
  const core = wallet.provider
  // The wallet's own object: its flags, the core's EIP-1193 methods (listeners are the core's).
  const provider: PersonaEip1193Provider = {
    ...parameters.flags,
    request: (args) => core.request(args),
    on(event, listener) {
      core.on(event, listener)
      return provider
    },
    once(event, listener) {
      core.once(event, listener)
      return provider
    },
    removeListener(event, listener) {
      core.removeListener(event, listener)
      return provider
    },
    off(event, listener) {
      core.removeListener(event, listener)
      return provider
    },
  }
  const info = Object.freeze({ uuid: randomUuid(), ...parameters.info })
  parameters.inject(provider)
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  const extra: Eip155PersonaHandle = Object.freeze({
    provider,
    info,
    getState: control.getState,
    async selectAccount(index: number) {
      const key = keys[index]
      if (!key) throw new RangeError(`The persona holds accounts 0 and 1, not ${index}.`)
      await control.setAccount(key)
    },
    holdConnections: control.holdConnections,
    hasPendingConnection: control.hasPendingConnection,
    answerConnection: control.answerConnection,
    disconnect: control.disconnect,
  })
  ;(window.__porticoEip155Personas ??= {})[parameters.id] = extra
  return registerPersona(
    parameters.id,
    {
      getState: control.getState,
      activity: control.activity,
      setMode: control.setMode,
      getMode: control.getMode,
      disconnect: control.disconnect,
      subscribe: control.subscribe,
      accounts: () => [control.getAccount().address],
    },
    { name: parameters.info.name, account: `${devAddresses[first]} (dev account ${first})`, network: `${devnetA.name} (${devnetA.chainId}); adds others` },
  )
}
