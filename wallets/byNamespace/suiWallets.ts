// The built-in wallets of `sui`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The sui plugin lends them to the kernel's
// `builtinWallets` registry, so a page carries only the wallets (and logos) of its namespaces.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import { phantomWallet, slushWallet } from '../builtinWallets.js'

/**
 * The built-in wallets that serve `sui`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * suiWallets().map((w) => w.id) // ['phantom', 'slush']
 */
export function suiWallets(): DirectoryWallet[] {
  return [phantomWallet, slushWallet].map(toDirectoryWallet)
}
