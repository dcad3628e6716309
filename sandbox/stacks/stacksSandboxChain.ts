/**
 * The sandbox's Stacks chain: its chain id, CAIP-2 id, fee rate and SIP-010 token. The ledger
 * (`createStacksLedger.ts`), its node API (`startStacksNode.ts`), the dev wallet and the tests read
 * them from here.
 */

/**
 * The chain id every transaction carries (SIP-005): testnet's `0x80000000` plus one, so a transaction
 * signed for the public testnet cannot be replayed here (and the other way round). Addresses are
 * testnet's (`ST…`), and transactions use the testnet version byte (`0x80`).
 */
export const stacksSandboxChainId = 0x80000001

/** CAIP-2 id: `stacks:` and the chain id in decimal (as `stacks:1` and `stacks:2147483648`). */
export const stacksSandboxCaipNetworkId = `stacks:${stacksSandboxChainId}` as const

/** The transaction version byte the ledger accepts (testnet's). */
export const stacksSandboxTransactionVersion = 0x80

/** The fee rate the ledger asks for (µSTX per byte of the serialized transaction), its `/v2/fees/transfer`. */
export const stacksFeeRate = 1n

/**
 * The fee rates `/v2/fees/transaction` offers, low / middle / high, in µSTX per byte (wallets and
 * `@stacks/transactions` take the middle one).
 */
export const stacksFeeRateTiers = [1n, 2n, 3n] as const

/** The SIP-010 token the ledger runs natively: "Portico USD" (6 decimals) at `<deployer>.portico-usd`. */
export const stacksPorticoUsd = { contractName: 'portico-usd', assetName: 'portico-usd', name: 'Portico USD', symbol: 'pUSD', decimals: 6 } as const
