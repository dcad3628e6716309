import type { BTC_NETWORK } from '@scure/btc-signer/utils'

/**
 * Bitcoin regtest's genesis block hash (display byte order, as `getblockhash 0` prints it). The
 * sandbox's ledger reports it as block 0.
 */
export const regtestGenesisHash = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** CAIP-2 id of the sandbox's regtest chain: per CAIP-4, `bip122:` + the first 32 hex characters of the genesis hash. */
export const bitcoinSandboxCaipNetworkId = `bip122:${regtestGenesisHash.slice(0, 32)}` as const

/** Regtest address encodings: `bcrt1…` (bech32 / bech32m), `m…`/`n…` (P2PKH), `2…` (P2SH). */
export const regtestNetwork: BTC_NETWORK = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** The fee rates `/api/fee-estimates` reports (sat/vB by confirmation target in blocks). */
export const regtestFeeEstimates: Readonly<Record<string, number>> = { '1': 5, '2': 4, '3': 3, '6': 2, '12': 1.5, '144': 1, '1008': 1 }

/** The lowest fee rate the ledger relays (sat/vB), like bitcoind's default `minrelaytxfee`. */
export const minRelayFeeRate = 1

/** Outputs below this many sats are refused as dust (bitcoind's limit for P2WPKH at 3 sat/vB). */
export const dustLimitSats = 294n
