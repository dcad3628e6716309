import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/**
 * sui on a Ledger: the Sui app, `m/44'/784'/i'/0'/0'` (Ledger Live's and Sui Wallet's account
 * path), every level hardened (ed25519; docs/guides/hardware-wallets.md §1).
 */
export const suiLedgerChain: LedgerChain = {
  app: 'Sui',
  paths: [{ id: 'ledgerLive', label: 'ledger.path.ledgerLive', template: "m/44'/784'/{i}'/0'/0'" }],
  hardenedOnly: true,
  customPath: "m/44'/784'/{i}'/0'/0'",
  customInvalid: 'ledger.accounts.customInvalidSui',
  isAddress: (address) => /^0x[0-9a-f]{64}$/.test(address),
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
  load: () => loadLedgerPeer(() => import('./suiLedgerCode.js')).then((m) => m.suiLedgerCode),
}
