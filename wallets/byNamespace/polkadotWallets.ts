// The built-in wallets of `polkadot`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The polkadot plugin lends them to the kernel's
// `builtinWallets` registry and imports this module only when a view first lists them, so a page
// carries only the wallets (and logos) of its namespaces, and only once it shows them.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import {
  alephZeroSignerWallet,
  enkryptWallet,
  fearlessWallet,
  novaWallet,
  polkadotJsWallet,
  polkagateWallet,
  subwalletWallet,
  talismanWallet,
} from '../builtinWallets.js'

/**
 * The built-in wallets that serve `polkadot`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * polkadotWallets().map((w) => w.id) // ['talisman', 'subwallet', …]
 */
export function polkadotWallets(): DirectoryWallet[] {
  return [
    talismanWallet,
    subwalletWallet,
    enkryptWallet,
    polkadotJsWallet,
    novaWallet,
    fearlessWallet,
    polkagateWallet,
    alephZeroSignerWallet,
  ].map(toDirectoryWallet)
}
