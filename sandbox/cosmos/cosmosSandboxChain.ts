/**
 * The sandbox's Cosmos chain: its chain id, address prefix, denoms and fee rule. The ledger
 * (`createCosmosLedger.ts`), its node API (`startCosmosNode.ts`), the dev wallet and the tests read
 * them from here.
 */

/** The chain id every SignDoc carries (CometBFT's `network`). */
export const cosmosSandboxChainId = 'portico-local-1'

/** CAIP-2 id: per the cosmos namespace's CAIP-2 profile the chain id verbatim (it matches `[-a-zA-Z0-9]{1,32}`). */
export const cosmosSandboxCaipNetworkId = `cosmos:${cosmosSandboxChainId}` as const

/** The chain's bech32 human-readable part (`cosmos` on the Hub, `osmo` on Osmosis). */
export const cosmosSandboxPrefix = 'portico'

/** The native (staking and fee) denom and its display unit (6 decimals, like `uatom`). */
export const cosmosSandboxNativeDenom = 'uptc'

/** A second bank denom with metadata, so balances show a non-native coin too. */
export const cosmosSandboxTokenDenom = 'upusd'

/** Bank metadata of the chain's denoms, as `/cosmos/bank/v1beta1/denoms_metadata` lists them. */
export const cosmosSandboxDenomMetadata = [
  { base: cosmosSandboxNativeDenom, display: 'ptc', name: 'Portico Token', symbol: 'PTC', decimals: 6, description: 'The native staking and fee token of the Portico Cosmos localnet' },
  { base: cosmosSandboxTokenDenom, display: 'pusd', name: 'Portico USD', symbol: 'pUSD', decimals: 6, description: 'A bank-module stablecoin of the Portico Cosmos localnet' },
] as const

/** The lowest gas price the ledger accepts, in {@link cosmosSandboxNativeDenom} per unit of gas (like a validator's `minimum-gas-prices`). */
export const cosmosMinGasPrice = { numerator: 25n, denominator: 1000n } as const

/**
 * Gas a transaction uses: a fixed cost per transaction, per byte and per message (the SDK's
 * `TxSizeCostPerByte` is 10; a bank send costs some tens of thousands).
 *
 * @param txBytes the encoded transaction's length
 * @param messages how many messages it carries
 * @returns the gas used
 * @example
 * cosmosGasUsed(250, 1) // 72_500n
 */
export function cosmosGasUsed(txBytes: number, messages: number): bigint {
  return 40_000n + 10n * BigInt(txBytes) + 30_000n * BigInt(messages)
}

/**
 * The smallest fee (in the native denom) a transaction with this gas limit must pay.
 *
 * @param gasLimit the transaction's gas limit
 * @returns the minimum fee, rounded up
 * @example
 * cosmosMinFee(200_000n) // 5_000n
 */
export function cosmosMinFee(gasLimit: bigint): bigint {
  const { numerator, denominator } = cosmosMinGasPrice
  return (gasLimit * numerator + denominator - 1n) / denominator
}
