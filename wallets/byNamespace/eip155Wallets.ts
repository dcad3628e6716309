// The built-in wallets of `eip155`: those of wallets/builtinWallets.ts that serve it, in the same order
// (tests/wallets/builtinWallets.test.ts checks it). The eip155 plugin lends them to the kernel's
// `builtinWallets` registry, so a page carries only the wallets (and logos) of its namespaces.
import type { DirectoryWallet } from '../../kernel/kernel.js'
import { toDirectoryWallet } from '../builtinDirectoryWallets.js'
import { backpackWallet, binanceWallet, bitgetWallet, coin98Wallet, coinbaseWallet, enkryptWallet, imtokenWallet, krakenWallet, ledgerLiveWallet, metamaskWallet, okxWallet, onekeyWallet, phantomWallet, rabbyWallet, rainbowWallet, roninWallet, safeWallet, subwalletWallet, talismanWallet, tokenpocketWallet, trustWallet, uniswapWallet, zerionWallet } from '../builtinWallets.js'

/**
 * The built-in wallets that serve `eip155`, most used first, as directory entries (logos as data URLs).
 *
 * @example
 * eip155Wallets().map((w) => w.id) // ['metamask', 'phantom', …]
 */
export function eip155Wallets(): DirectoryWallet[] {
  return [metamaskWallet, phantomWallet, coinbaseWallet, trustWallet, rainbowWallet, okxWallet, rabbyWallet, ledgerLiveWallet, zerionWallet, backpackWallet, bitgetWallet, binanceWallet, uniswapWallet, safeWallet, talismanWallet, subwalletWallet, enkryptWallet, imtokenWallet, tokenpocketWallet, coin98Wallet, krakenWallet, roninWallet, onekeyWallet].map(toDirectoryWallet)
}
