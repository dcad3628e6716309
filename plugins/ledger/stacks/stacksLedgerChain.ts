import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/**
 * stacks on a Ledger: Zondax's Stacks app, the BIP-44 path `m/44'/5757'/0'/0/i` the Stacks wallets
 * (Leather, Xverse) use, addresses by the network (`ST…` on a testnet, `SP…` on mainnet)
 * (docs/guides/hardware-wallets.md §1).
 */
export const stacksLedgerChain: LedgerChain = {
  app: 'Stacks',
  paths: [{ id: 'bip44', label: 'ledger.path.bip44', template: "m/44'/5757'/0'/0/{i}" }],
  hardenedOnly: false,
  customPath: "m/44'/5757'/{i}'/0/0",
  customInvalid: 'ledger.accounts.customInvalid',
  isAddress: (address) => /^S[PTMN][0-9A-HJKMNP-TV-Z]{38,39}$/.test(address),
  sameAddress: (a, b) => a === b,
  load: () => loadLedgerPeer(() => import('./stacksLedgerCode.js')).then((m) => m.stacksLedgerCode),
}
