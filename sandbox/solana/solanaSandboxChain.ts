/**
 * The sandbox Solana chain's identity. LiteSVM has no genesis block, so the sandbox reports a fixed
 * genesis hash: base58(sha256("portico sandbox solana genesis")). A test pins the derivation.
 */
export const solanaSandboxGenesisHash = 'AjE89y6tW2PT8gnVYuQLHxZSn1of9zhPCvYgaScRCXTZ'

/** The sandbox chain's CAIP-2 id: `solana:` + the first 32 characters of its genesis hash. */
export const solanaSandboxCaipNetworkId = `solana:${solanaSandboxGenesisHash.slice(0, 32)}` as const
