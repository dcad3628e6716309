// Solana Mobile Wallet Adapter (Android): `@solana-mobile/wallet-standard-mobile` registers a Wallet
// Standard wallet ("Mobile Wallet Adapter") that reaches the phone's MWA wallet apps through an
// Android intent; the plugin's Wallet Standard discovery lists it like any other. This module is
// imported only through `portico/solana/mobile` (a site's opt-in), and only on an Android user agent
// (setupSolana), so no other page loads it and no other site's build holds it.
// https://docs.solanamobile.com/get-started/web/installation
import {
  createDefaultAuthorizationCache,
  createDefaultChainSelector,
  createDefaultWalletNotFoundHandler,
  registerMwa,
  SolanaMobileWalletAdapterWalletName,
} from '@solana-mobile/wallet-standard-mobile'

/** The name the Mobile Wallet Adapter wallet registers under ("Mobile Wallet Adapter"). */
export const mobileWalletAdapterName: string = SolanaMobileWalletAdapterWalletName

/** What the Mobile Wallet Adapter wallet registers with: the site as the wallet app shows it, and the chains it offers. */
export type RegisterMobileWalletAdapterParameters = {
  /** The site as the wallet app shows it: name, https origin, icon path or URL. */
  appIdentity: { name: string; uri?: string; icon?: string }
  /** The Wallet Standard chains of the site's Solana networks (`solana:mainnet`, …). */
  chains: readonly `solana:${string}`[]
}

/**
 * Registers the Mobile Wallet Adapter wallet (its own checks stand: a secure context, Android, not a
 * webview), with the library's default authorization cache, chain selector and wallet-not-found
 * handler.
 *
 * @example
 * registerMobileWalletAdapter({ appIdentity: { name: 'My site', uri: location.origin }, chains: ['solana:mainnet'] })
 */
export function registerMobileWalletAdapter({ appIdentity, chains }: RegisterMobileWalletAdapterParameters): void {
  registerMwa({
    appIdentity,
    authorizationCache: createDefaultAuthorizationCache(),
    chains: [...chains] as `solana:${string}`[] as Parameters<typeof registerMwa>[0]['chains'],
    chainSelector: createDefaultChainSelector(),
    onWalletNotFound: createDefaultWalletNotFoundHandler(),
  })
}
