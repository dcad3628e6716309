import type { RegisterMobileWalletAdapterParameters } from '../lazy/mobileWalletAdapter.js'

/** What {@link SolanaMobileWalletAdapter} loads: the Mobile Wallet Adapter wallet's name and its registration. */
export type SolanaMobileWalletAdapterModule = {
  /** The name the wallet registers under ("Mobile Wallet Adapter"). */
  mobileWalletAdapterName: string
  /** Registers the wallet in the page's Wallet Standard registry. */
  registerMobileWalletAdapter(parameters: RegisterMobileWalletAdapterParameters): void
}

/** The solana plugin's `mobileWalletAdapter` option: loads the Mobile Wallet Adapter's code (`portico/solana/mobile`). */
export type SolanaMobileWalletAdapter = () => Promise<SolanaMobileWalletAdapterModule>

/**
 * Solana Mobile Wallet Adapter, for the solana plugin's `mobileWalletAdapter` option: the plugin
 * calls it on an Android user agent only, and it imports the code that registers the "Mobile Wallet
 * Adapter" wallet (optional peer `@solana-mobile/wallet-standard-mobile`). A site that does not
 * import `portico/solana/mobile` has none of that code in its build, not even behind `import()`.
 *
 * @returns the loaded module
 * @example
 * import { solana } from 'portico/solana'
 * import { mobileWalletAdapter } from 'portico/solana/mobile'
 * createPortico({ networks: [solanaMainnet], plugins: [solana({ mobileWalletAdapter })] })
 */
export const mobileWalletAdapter: SolanaMobileWalletAdapter = () => import('../lazy/mobileWalletAdapter.js')
