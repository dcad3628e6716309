/** The ChainAgnostic draft's genesis-checkpoint references and the names wallets use for them. */
const genesisReferences: Record<string, string> = { '35834a8a': 'mainnet', '4c78adac': 'testnet' }

/**
 * The Wallet Standard / WalletConnect chain of a Sui CAIP-2 id: `sui:mainnet` stays `sui:mainnet`,
 * the draft's `sui:35834a8a` becomes `sui:mainnet` and `sui:4c78adac` `sui:testnet`.
 *
 * @param caipNetworkId a CAIP-2 id
 * @returns the wallet chain, or undefined when it is not a Sui id
 * @example
 * toSuiWalletChain('sui:35834a8a') // 'sui:mainnet'
 */
export function toSuiWalletChain(caipNetworkId: string): `sui:${string}` | undefined {
  const match = /^sui:([-a-z0-9]{1,32})$/.exec(caipNetworkId)
  if (!match) return undefined
  const reference = match[1] as string
  return `sui:${genesisReferences[reference] ?? reference}`
}
