import type { LedgerChain } from '../chains/types.js'
import { loadLedgerPeer } from '../peers.js'

const mainnetReference = '000000000019d6689c085ae165831e93'

/** Ledger Live's Bitcoin accounts on a coin type: native segwit (BIP-84) and taproot (BIP-86), the first receive address of account `i`. */
const bitcoinPaths = (coin: 0 | 1): LedgerChain['paths'] => [
  { id: 'ledgerLive', label: 'ledger.path.ledgerLive', template: `m/84'/${coin}'/{i}'/0/0` },
  { id: 'taproot', label: 'ledger.path.taproot', template: `m/86'/${coin}'/{i}'/0/0` },
]

/**
 * bip122 on a Ledger (docs/guides/hardware-wallets.md §1): the Bitcoin app's mainnet build
 * ("Bitcoin", coin type 0) on mainnet, its test-networks build ("Bitcoin Test": regtest, testnet4,
 * signet; coin type 1) elsewhere; the visitor picks Ledger Live's native segwit (BIP-84, `…1q…`)
 * or taproot (BIP-86, `…1p…`) accounts.
 */
export const bip122LedgerChain: LedgerChain = {
  app: 'Bitcoin Test',
  paths: bitcoinPaths(1),
  hardenedOnly: false,
  customPath: "m/84'/1'/{i}'/0/0",
  customInvalid: 'ledger.accounts.customInvalidBitcoin',
  isAddress: (address) => /^(?:bc|tb|bcrt)1(?:q[02-9ac-hj-np-z]{38}|p[02-9ac-hj-np-z]{58})$/.test(address),
  sameAddress: (a, b) => a === b,
  load: () => loadLedgerPeer(() => import('./bip122LedgerCode.js')).then((m) => m.bip122LedgerCode),
  onNetwork: (network) =>
    network?.caipNetworkId === `bip122:${mainnetReference}`
      ? { app: 'Bitcoin', paths: bitcoinPaths(0), customPath: "m/84'/0'/{i}'/0/0" }
      : { app: 'Bitcoin Test', paths: bitcoinPaths(1), customPath: "m/84'/1'/{i}'/0/0" },
}
