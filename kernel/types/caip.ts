/** The chain namespaces Portico knows by name; third parties may add any CAIP-2 namespace. */
export type KnownChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos' | 'sui' | 'stacks'
/** A CAIP-2 namespace: a known one, or any string a third-party plugin serves. */
export type ChainNamespace = KnownChainNamespace | (string & {})
/** A CAIP-2 chain id, `namespace:reference` (e.g. `eip155:1`). */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`
