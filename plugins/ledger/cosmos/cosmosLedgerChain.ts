import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/** A bech32 account address (one case, 20- or 32-byte data: 32 to 65 data characters after the `1`). */
const bech32Address = /^[a-z]{1,83}1[02-9ac-hj-np-z]{38,64}$/

/**
 * cosmos on a Ledger: Zondax's Cosmos app, the BIP-44 path `m/44'/118'/0'/0/i` Keplr and Ledger
 * Live use; the app takes five levels with `44'`, `118'` and `0` (not hardened) at the fourth, the
 * last two not hardened; the address is bech32 with the network's prefix (`cosmos1…`, `osmo1…`;
 * the cosmos adapter's `cosmos.bech32Prefix`) (docs/guides/hardware-wallets.md §1).
 */
export const cosmosLedgerChain: LedgerChain = {
  app: 'Cosmos',
  paths: [{ id: 'bip44', label: 'ledger.path.bip44', template: "m/44'/118'/0'/0/{i}" }],
  hardenedOnly: false,
  customPath: "m/44'/118'/{i}'/0/0",
  customInvalid: 'ledger.accounts.customInvalid',
  isAddress: (address) => bech32Address.test(address),
  sameAddress: (a, b) => a === b,
  load: () => loadLedgerPeer(() => import('./cosmosLedgerCode.js')).then((m) => m.cosmosLedgerCode),
}
