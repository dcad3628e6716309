import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/** solana on a Ledger: the Solana app, every level hardened (docs/guides/hardware-wallets.md §1). */
export const solanaLedgerChain: LedgerChain = {
  app: 'Solana',
  paths: [
    { id: 'ledgerLive', label: 'ledger.path.ledgerLive', template: "m/44'/501'/{i}'" },
    { id: 'solanaChange', label: 'ledger.path.solanaChange', template: "m/44'/501'/{i}'/0'" },
  ],
  hardenedOnly: true,
  customPath: "m/44'/501'/{i}'",
  customInvalid: 'ledger.accounts.customInvalidSolana',
  isAddress: (address) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address),
  sameAddress: (a, b) => a === b,
  load: () => loadLedgerPeer(() => import('./solanaLedgerCode.js')).then((m) => m.solanaLedgerCode),
}
