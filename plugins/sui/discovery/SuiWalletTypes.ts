import type { Wallet, WalletAccount } from '@wallet-standard/base'

import type { DiscoveredStandardWallet, WalletStandardRegistry } from '../../../chain-kit/index.js'

/** What the plugin needs of `getWallets()` from `@wallet-standard/app` (tests may pass their own). */
export type SuiWalletRegistry = WalletStandardRegistry

/** A Wallet Standard wallet with a `sui:` chain, with a stable connector id (its name). */
export type DiscoveredSuiWallet = DiscoveredStandardWallet

export type { Wallet, WalletAccount }
