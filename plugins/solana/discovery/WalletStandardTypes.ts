import type { Wallet, WalletAccount } from '@wallet-standard/base'

import type { DiscoveredStandardWallet, WalletStandardRegistry } from '../../../chain-kit/index.js'

/** What the plugin needs of `getWallets()` from `@wallet-standard/app` (tests may pass their own). */
export type WalletRegistry = WalletStandardRegistry

/** A Wallet Standard wallet the plugin can use, with a stable connector id. */
export type DiscoveredSolanaWallet = DiscoveredStandardWallet

export type { Wallet, WalletAccount }
