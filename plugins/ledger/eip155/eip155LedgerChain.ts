import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/** eip155 on a Ledger: the Ethereum app, Ledger Live's and the two older path schemes (docs/guides/hardware-wallets.md §1). */
export const eip155LedgerChain: LedgerChain = {
  app: 'Ethereum',
  paths: [
    { id: 'ledgerLive', label: 'ledger.path.ledgerLive', template: "m/44'/60'/{i}'/0/0" },
    { id: 'legacy', label: 'ledger.path.legacy', template: "m/44'/60'/0'/{i}" },
    { id: 'bip44', label: 'ledger.path.bip44', template: "m/44'/60'/0'/0/{i}" },
  ],
  hardenedOnly: false,
  customPath: "m/44'/60'/{i}'/0/0",
  customInvalid: 'ledger.accounts.customInvalid',
  isAddress: (address) => /^0x[0-9a-fA-F]{40}$/.test(address),
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
  load: () => loadLedgerPeer(() => import('./eip155LedgerCode.js')).then((m) => m.eip155LedgerCode),
}
