import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

/**
 * polkadot on a Ledger: Zondax's generic Polkadot app (class `F9`, the one app for every chain of
 * the ecosystem since the 2024 migration), `m/44'/354'/0'/0'/i'` with every level hardened
 * (ed25519), addresses in the active network's SS58 prefix (docs/guides/hardware-wallets.md §1).
 */
export const polkadotLedgerChain: LedgerChain = {
  app: 'Polkadot',
  paths: [{ id: 'bip44', label: 'ledger.path.bip44', template: "m/44'/354'/0'/0'/{i}'" }],
  hardenedOnly: true,
  customPath: "m/44'/354'/0'/0'/{i}'",
  customInvalid: 'ledger.accounts.customInvalidPolkadot',
  // SS58: base58 of prefix (1 or 2 bytes) ‖ 32-byte key ‖ 2 checksum bytes (47 to 49 characters); the polkadot plugin checks the checksum.
  isAddress: (address) => /^[1-9A-HJ-NP-Za-km-z]{46,49}$/.test(address),
  sameAddress: (a, b) => a === b,
  load: () => loadLedgerPeer(() => import('./polkadotLedgerCode.js')).then((m) => m.polkadotLedgerCode),
}
