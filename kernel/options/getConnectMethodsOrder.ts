import type { ConnectMethod, Features } from './defaults.js'

/**
 * The order of connect methods: an explicit `features.connectMethodsOrder` wins; otherwise, on a
 * phone the wallets lead (the installed wallet, or the wallet apps to open), and elsewhere email
 * and social come first, above the wallets, so a visitor sees them without scrolling however many
 * wallets are installed (issue 52; docs/design.md, "The Connect view"). The incumbent put the
 * wallets first whenever an extension wallet was installed (appkit-behaviour §2.13), which left
 * email and social below the fold of a desktop modal with a few wallets installed.
 *
 * @example
 * getConnectMethodsOrder({ features: {}, isMobile: false }) // ['email', 'social', 'wallet']
 */
export function getConnectMethodsOrder({
  features,
  isMobile,
}: {
  features: Partial<Pick<Features, 'connectMethodsOrder'>>
  /** A phone: the wallets lead. */
  isMobile: boolean
}): readonly ConnectMethod[] {
  if (features.connectMethodsOrder?.length) return features.connectMethodsOrder
  return isMobile ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}
