import type { Wallet } from '@wallet-standard/base'

import { sandboxRpcProxyUrl, sandboxSuiChain } from '../config.js'
import { registerPersona } from '../personas/registerPersona.js'
import type { PersonaHandle } from '../personas/types.js'
import { registerWalletStandardWallet } from '../solanaWallet/registerWalletStandardWallet.js'
import { pageStorage } from '../utils/pageStorage.js'
import { scriptOrigin } from '../utils/scriptOrigin.js'
import { type SuiDevWalletFeatures, createSuiDevWallet } from './createSuiDevWallet.js'
import { lazySuiKeypair } from './lazySuiKeypair.js'

export type InstallSuiPersonaParameters = {
  /** `sui/<wallet>`. */
  id: string
  /** The wallet's Wallet Standard name, exactly as the real wallet registers it. */
  name: string
  icon: Wallet['icon']
  /** The real wallet's chains; the sandbox's `sui:localnet` is added. */
  chains: readonly `sui:${string}`[]
  /** Its features and their versions. */
  features: SuiDevWalletFeatures
  /** The real wallet's error for a code (4001: the visitor refused, 4100: not connected). */
  error(code: number, message: string): Error
  /** The chains listed on its account (default: all of its chains). */
  accountChains?: readonly `sui:${string}`[]
  /** When the real wallet registers: at once (a content script at `document_start`), or once the document is parsed (a module script). */
  registration?: 'immediate' | 'parsed'
  /** Changes the wallet object before it registers (a persona's own extras). */
  adapt?(wallet: Wallet): Wallet
}

/**
 * Installs a Sui wallet persona: a Wallet Standard wallet with the real wallet's name, icon, chains,
 * features and versions and its own refusal errors, signing with the sandbox's dev Sui key and
 * resolving and executing through the sandbox server's JSON-RPC proxy (the wallet's own node),
 * registered when the real wallet registers, with its panel and `window.__porticoPersonas[id]`.
 *
 * @param parameters the persona's dialect
 * @returns its handle and the wallet object
 * @example
 * installSuiPersona({ id: 'sui/suiet', name: 'Suiet', icon, chains: ['sui:mainnet'], features, error })
 */
export function installSuiPersona(parameters: InstallSuiPersonaParameters): { handle: PersonaHandle; wallet: Wallet } {
  const origin = scriptOrigin() ?? window.location.origin
  const rpcUrl = sandboxRpcProxyUrl(origin, sandboxSuiChain.caipNetworkId)
  const chains = [...new Set([...parameters.chains, sandboxSuiChain.caipNetworkId])] as `sui:${string}`[]
  const made = createSuiDevWallet({
    keypair: lazySuiKeypair(),
    rpcUrl: (chain) => (chain === sandboxSuiChain.caipNetworkId ? rpcUrl : undefined),
    chains,
    name: parameters.name,
    icon: parameters.icon,
    storage: pageStorage(),
    storageKey: `porticoPersona:${parameters.id}`,
    features: parameters.features,
    error: parameters.error,
    ...(parameters.accountChains ? { accountChains: parameters.accountChains } : {}),
  })
  const wallet = parameters.adapt ? parameters.adapt(made.wallet) : made.wallet
  const { control } = made
  const register = () => registerWalletStandardWallet(wallet, window)
  if (parameters.registration === 'parsed' && document.readyState === 'loading') document.addEventListener('DOMContentLoaded', register, { once: true })
  else register()
  const handle = registerPersona(
    parameters.id,
    { ...control, accounts: () => [control.address] },
    { name: parameters.name, account: `${control.address.slice(0, 6)}…${control.address.slice(-4)}`, network: 'Network: Sui localnet' },
  )
  return { handle, wallet }
}
