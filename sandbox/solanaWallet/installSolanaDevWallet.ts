import { base58 } from '@scure/base'
import { sandboxRpcProxyUrl, sandboxSolanaChain } from '../config.js'
import { devSolanaAddress, devSolanaSecretKey } from '../solana/devSolana.js'
import { createSolanaDevWallet } from './createSolanaDevWallet.js'
import { renderSolanaDevWalletPanel } from './renderSolanaDevWalletPanel.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { type StandardDevWalletHandle, standardDevWalletHandle } from '../walletStandard/standardDevWalletHandle.js'

/** What the wallet exposes on `window.__porticoSolanaDevWallet` (for the sandbox's tests and tinkerers). */
export type SolanaDevWalletHandle = StandardDevWalletHandle

declare global {
  interface Window {
    __porticoSolanaDevWallet?: SolanaDevWalletHandle
  }
}

export type InstallSolanaDevWalletParameters = {
  /** The sandbox origin whose RPC proxy receives sends; default: where the script came from, else the page's origin. */
  origin?: string
  /** An RPC URL to send to instead of the proxy. */
  rpcUrl?: string
}

/**
 * Installs the Solana "Portico Dev Wallet" into the page as an extension would: a Wallet Standard
 * wallet on `solana:localnet`, registered by the standard's events, sending through the sandbox's
 * RPC proxy (`POST /v1/?chainId=<caip2>`) of the same origin, and a small panel with the
 * approve/reject switch. Installing twice returns the first installation.
 *
 * @returns the handle, also set as `window.__porticoSolanaDevWallet`
 * @example
 * installSolanaDevWallet()
 */
export function installSolanaDevWallet(parameters: InstallSolanaDevWalletParameters = {}): SolanaDevWalletHandle {
  const existing = window.__porticoSolanaDevWallet
  if (existing) return existing
  const origin = parameters.origin ?? scriptOrigin() ?? window.location.origin
  const rpcUrl = parameters.rpcUrl ?? sandboxRpcProxyUrl(origin, sandboxSolanaChain.caipNetworkId)
  const { wallet, control } = createSolanaDevWallet({
    // Derived on the first signature: a page load does no key math.
    secretKey: devSolanaSecretKey,
    publicKey: base58.decode(devSolanaAddress),
    rpcUrl: (chain) => (chain === 'solana:localnet' ? rpcUrl : undefined),
    storage: pageStorage(),
  })
  const handle: SolanaDevWalletHandle = standardDevWalletHandle({ wallet, control, name: '__porticoSolanaDevWallet' })
  renderSolanaDevWalletPanel({ control, document })
  return handle
}
