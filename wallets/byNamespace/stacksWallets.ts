// The built-in wallets of `stacks`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The stacks plugin lends them to the kernel's
// `builtinWallets` registry and imports this module only when a view first lists them, so a page
// carries only the wallets (and logos) of its namespaces, and only once it shows them.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import {
  asignaWallet,
  fordefiWallet,
  leatherWallet,
  xverseWallet,
} from '../builtinWallets.js'

/**
 * The built-in wallets that serve `stacks`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * stacksWallets().map((w) => w.id) // ['xverse', 'leather', …]
 */
export function stacksWallets(): DirectoryWallet[] {
  return [
    xverseWallet,
    leatherWallet,
    asignaWallet,
    fordefiWallet,
  ].map(toDirectoryWallet)
}
