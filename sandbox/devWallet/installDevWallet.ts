import { devPrivateKeys, devWalletAccount, sandboxAccountAbstraction, sandboxBundlerUrl, sandboxEvmChains, sandboxRpcProxyUrl } from '../config.js'
import { devAddresses } from '../devnets/devAccounts.js'
import {
  createDevWalletProvider,
  type CreateDevWalletProviderReturnType,
  type DevWalletEip1193Provider,
} from './createDevWalletProvider.js'
import { devWalletIcon } from './devWalletIcon.js'
import { lazyLocalAccount } from './lazyLocalAccount.js'
import { renderDevWalletPanel } from './renderDevWalletPanel.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'

/** EIP-6963 provider info of the dev wallet. */
export type DevWalletInfo = { uuid: string; name: string; icon: string; rdns: string }

/** What the wallet exposes on `window.__porticoDevWallet` (for the sandbox's tests and tinkerers). */
export type DevWalletHandle = Readonly<
  Pick<
    CreateDevWalletProviderReturnType['control'],
    'setMode' | 'getMode' | 'getState' | 'disconnect' | 'activity' | 'chains' | 'setAccountType' | 'getAccountType' | 'smartAccountAddress' | 'isSmartAccountDeployed'
  > & {
    provider: DevWalletEip1193Provider
    info: DevWalletInfo
    /** Dispatch `eip6963:announceProvider` again. */
    announce(): void
  }
>

declare global {
  interface Window {
    __porticoDevWallet?: DevWalletHandle
    ethereum?: unknown
  }
}

export type InstallDevWalletParameters = {
  /** The sandbox origin whose RPC proxy serves reads; default: where the script came from, else the page's origin. */
  origin?: string
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
 * Installs "Portico Dev Wallet" into the page as a browser extension would: an EIP-1193 provider,
 * announced by EIP-6963 (on load and on every `eip6963:requestProvider`), set as `window.ethereum`
 * when no other wallet claimed it, and a small panel with the approve/reject switch. Installing twice
 * is a no-op that returns the first installation.
 *
 * @param parameters where read calls go (default: the script's own origin)
 * @returns the wallet's handle, also set as `window.__porticoDevWallet`
 * @example
 * installDevWallet()
 */
export function installDevWallet(parameters: InstallDevWalletParameters = {}): DevWalletHandle {
  const existing = window.__porticoDevWallet
  if (existing) return existing

  const origin = parameters.origin ?? scriptOrigin() ?? window.location.origin
  // `?devAccount=N` (1–9) on the page signs as another dev account, remembered apart from the default one.
  const index = Number(new URLSearchParams(window.location.search).get('devAccount') ?? '0')
  const accountIndex = Number.isInteger(index) && index > 0 && index < devPrivateKeys.length ? index : 0
  // The key signs from the first signature on: a page load computes no public key.
  const account = lazyLocalAccount(accountIndex ? devAddresses[accountIndex]! : devWalletAccount.address, accountIndex ? devPrivateKeys[accountIndex]! : devWalletAccount.privateKey)
  // `?devAccountType=smartAccount` starts on the SimpleAccount the key owns (contract §4).
  const requestedType = new URLSearchParams(window.location.search).get('devAccountType')
  const { provider, control } = createDevWalletProvider({
    account,
    chains: sandboxEvmChains.map((c) => ({
      chainId: c.chainId,
      name: c.name,
      rpcUrl: sandboxRpcProxyUrl(origin, c.caipNetworkId),
      nativeCurrency: c.nativeCurrency,
      bundlerUrl: sandboxBundlerUrl(origin, c.caipNetworkId),
      // The wallet's own choice of sponsor for eth_sendTransaction from its smart account (contract §4).
      paymasterUrl: `${origin}/sandbox/paymaster/${c.caipNetworkId}`,
    })),
    smartAccount: { factory: sandboxAccountAbstraction.factory, entryPoint: sandboxAccountAbstraction.entryPoint },
    ...(requestedType === 'smartAccount' || requestedType === 'eoa' ? { accountType: requestedType } : {}),
    storage: pageStorage(),
    ...(accountIndex ? { storageKey: `porticoDevWallet:${accountIndex}` } : {}),
  })
  const info: DevWalletInfo = Object.freeze({
    uuid: randomUuid(),
    name: 'Portico Dev Wallet',
    icon: devWalletIcon,
    rdns: 'dev.portico.wallet',
  })

  function announce(): void {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  }

  const handle: DevWalletHandle = Object.freeze({
    setMode: control.setMode,
    getMode: control.getMode,
    getState: control.getState,
    disconnect: control.disconnect,
    activity: control.activity,
    chains: control.chains,
    setAccountType: control.setAccountType,
    getAccountType: control.getAccountType,
    smartAccountAddress: control.smartAccountAddress,
    isSmartAccountDeployed: control.isSmartAccountDeployed,
    provider,
    info,
    announce,
  })
  Object.defineProperty(window, '__porticoDevWallet', { value: handle, configurable: false, writable: false })
  if (window.ethereum === undefined) {
    try {
      window.ethereum = provider
    } catch {
      // Another script made window.ethereum read-only; EIP-6963 still finds the wallet.
    }
  }

  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  setTimeout(() => control.announceConnect(), 0)
  renderDevWalletPanel({ control, address: account.address, document })
  return handle
}
