import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** What the plugin needs of `getWallets()` from `@wallet-standard/app` (tests may pass their own). */
export type SuiWalletRegistry = {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void
}

/** A Wallet Standard wallet with a `sui:` chain, with a stable connector id (its name). */
export type DiscoveredSuiWallet = {
  id: string
  name: string
  icon: string | undefined
  wallet: Wallet
}

export type { Wallet, WalletAccount }
