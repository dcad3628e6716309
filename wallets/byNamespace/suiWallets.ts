// The built-in wallets of `sui`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The sui plugin lends them to the kernel's
// `builtinWallets` registry and imports this module only when a view first lists them, so a page
// carries only the wallets (and logos) of its namespaces, and only once it shows them.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import {
  glassWallet,
  martianWallet,
  nightlyWallet,
  phantomWallet,
  slushWallet,
  suietWallet,
  surfWallet,
} from '../builtinWallets.js'

/**
 * The built-in wallets that serve `sui`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * suiWallets().map((w) => w.id) // ['phantom', 'slush', …]
 */
export function suiWallets(): DirectoryWallet[] {
  return [
    phantomWallet,
    slushWallet,
    suietWallet,
    nightlyWallet,
    martianWallet,
    surfWallet,
    glassWallet,
  ].map(toDirectoryWallet)
}
