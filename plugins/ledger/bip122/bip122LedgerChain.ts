import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/**
 * bip122 on a Ledger: the Bitcoin app's test-networks build ("Bitcoin Test": regtest, testnet4,
 * signet; coin type 1), Ledger Live's native segwit accounts (BIP-84, first receive address of
 * account `i`) (docs/guides/hardware-wallets.md §1).
 */
export const bip122LedgerChain: LedgerChain = {
  app: 'Bitcoin Test',
  paths: [{ id: 'ledgerLive', label: 'ledger.path.ledgerLive', template: "m/84'/1'/{i}'/0/0" }],
  hardenedOnly: false,
  customPath: "m/84'/1'/{i}'/0/0",
  customInvalid: 'ledger.accounts.customInvalidBitcoin',
  isAddress: (address) => /^(?:bc|tb|bcrt)1q[02-9ac-hj-np-z]{38}$/.test(address),
  sameAddress: (a, b) => a === b,
  load: () => loadLedgerPeer(() => import('./bip122LedgerCode.js')).then((m) => m.bip122LedgerCode),
}
