import type { ConnectMethod, Features } from './defaults.js'

/**
 * The order of connect methods (appkit-behaviour §2.13, settled): an explicit
 * `features.connectMethodsOrder` wins; otherwise wallets come first when at least one injected
 * or announced wallet is shown, else email, social, wallet.
 *
 * @example
 * getConnectMethodsOrder({ features: {}, hasInjectedWallet: true }) // ['wallet', 'email', 'social']
 */
export function getConnectMethodsOrder({
  features,
  hasInjectedWallet,
}: {
  features: Partial<Pick<Features, 'connectMethodsOrder'>>
  hasInjectedWallet: boolean
}): readonly ConnectMethod[] {
  if (features.connectMethodsOrder?.length) return features.connectMethodsOrder
  return hasInjectedWallet ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}
