/**
 * The genesis hash the sandbox's Substrate chain reports. Chopsticks builds a chain from a raw
 * chain spec without a real genesis block, so `chain_getBlockHash(0)` answers this placeholder (and
 * the runtime's `CheckGenesis` checks signatures against it, so it is the chain's real identity here).
 */
export const polkadotSandboxGenesisHash = `0x${'45'.repeat(32)}` as const

/** CAIP-2 id of the sandbox's Substrate chain: `polkadot:` and the first 32 hex digits of its genesis hash. */
export const polkadotSandboxCaipNetworkId = `polkadot:${'45'.repeat(16)}` as const

/** The SS58 prefix the sandbox shows addresses with: 42, the generic Substrate prefix dev chains use. */
export const polkadotSandboxSs58Prefix = 42
