// The built-in wallets of `solana`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The solana plugin lends them to the kernel's
// `builtinWallets` registry and imports this module only when a view first lists them, so a page
// carries only the wallets (and logos) of its namespaces, and only once it shows them.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import {
  backpackWallet,
  bitpieWallet,
  clvWallet,
  glowWallet,
  keystoneWallet,
  krystalWallet,
  magicEdenWallet,
  mathWallet,
  nightlyWallet,
  nufiWallet,
  okxWallet,
  ontoWallet,
  phantomWallet,
  safepalWallet,
  salmonWallet,
  solflareWallet,
  tokenaryWallet,
  torusWallet,
  trezorWallet,
  trustWallet,
} from '../builtinWallets.js'

/**
 * The built-in wallets that serve `solana`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * solanaWallets().map((w) => w.id) // ['phantom', 'trust-wallet', …]
 */
export function solanaWallets(): DirectoryWallet[] {
  return [
    phantomWallet,
    trustWallet,
    okxWallet,
    solflareWallet,
    backpackWallet,
    magicEdenWallet,
    safepalWallet,
    glowWallet,
    nightlyWallet,
    mathWallet,
    trezorWallet,
    keystoneWallet,
    clvWallet,
    tokenaryWallet,
    nufiWallet,
    salmonWallet,
    ontoWallet,
    krystalWallet,
    torusWallet,
    bitpieWallet,
  ].map(toDirectoryWallet)
}
