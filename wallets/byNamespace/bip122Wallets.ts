// The built-in wallets of `bip122`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The bip122 plugin lends them to the kernel's
// `builtinWallets` registry and imports this module only when a view first lists them, so a page
// carries only the wallets (and logos) of its namespaces, and only once it shows them.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import {
  asignaWallet,
  fordefiWallet,
  leatherWallet,
  magicEdenWallet,
  okxWallet,
  oylWallet,
  unisatWallet,
  xverseWallet,
} from '../builtinWallets.js'

/**
 * The built-in wallets that serve `bip122`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * bip122Wallets().map((w) => w.id) // ['okx-wallet', 'xverse', …]
 */
export function bip122Wallets(): DirectoryWallet[] {
  return [
    okxWallet,
    xverseWallet,
    leatherWallet,
    magicEdenWallet,
    unisatWallet,
    asignaWallet,
    fordefiWallet,
    oylWallet,
  ].map(toDirectoryWallet)
}
