import type { CaipNetworkId, Network } from '../../../kernel/kernel.js'

/** What a Cosmos network adds to a `Network`: what wallets need to know the chain and to pay its fees. */
export type CosmosChainData = {
  /** The chain id every SignDoc carries, e.g. `cosmoshub-4`. */
  chainId: string
  /** The bech32 prefix of account addresses (`cosmos`, `osmo`, …). */
  bech32Prefix: string
  /** The native (fee) base denom, e.g. `uatom`. */
  denom: string
  /** The SLIP-44 coin type wallets derive keys with (118 for most chains). */
  coinType: number
  /** The gas price used for fees, in `denom` per unit of gas. */
  gasPrice: number
}

/** A Cosmos network: plain `Network` data plus {@link CosmosChainData}; `rpcUrls.default.http` are REST gateway (LCD) URLs. */
export type CosmosNetwork = Network & { cosmos: CosmosChainData }

export type DefineCosmosNetworkParameters = CosmosChainData & {
  name: string
  /** REST gateway (LCD) URLs: balances, accounts, simulation and broadcast go there. */
  restUrls: readonly string[]
  /** CometBFT RPC URL, for wallets that ask for it when the chain is suggested. */
  rpcUrl?: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

/**
 * Builds a Cosmos network as plain data. Its CAIP-2 id is `cosmos:<chainId>` (the chain id
 * verbatim; ids outside `[-a-zA-Z0-9]{1,32}` are not supported here).
 *
 * @param parameters chain id, prefix, denom, REST URLs, currency, explorer
 * @returns the network
 * @throws Error when the chain id cannot be a CAIP-2 reference
 * @example
 * const hub = defineCosmosNetwork({ chainId: 'cosmoshub-4', bech32Prefix: 'cosmos', denom: 'uatom', coinType: 118, gasPrice: 0.025, name: 'Cosmos Hub', restUrls: ['https://rest.cosmos.directory/cosmoshub'], nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 } })
 */
export function defineCosmosNetwork({ chainId, bech32Prefix, denom, coinType, gasPrice, name, restUrls, rpcUrl, nativeCurrency, blockExplorer, testnet, imageUrl }: DefineCosmosNetworkParameters): CosmosNetwork {
  if (!/^[-a-zA-Z0-9]{1,32}$/.test(chainId)) throw new Error(`defineCosmosNetwork: chain id "${chainId}" is not a CAIP-2 reference ([-a-zA-Z0-9]{1,32})`)
  return Object.freeze({
    id: chainId,
    caipNetworkId: `cosmos:${chainId}` as CaipNetworkId,
    chainNamespace: 'cosmos',
    name,
    nativeCurrency: { ...nativeCurrency },
    rpcUrls: { default: { http: [...restUrls] }, ...(rpcUrl ? { chainDefault: { http: [rpcUrl] } } : {}) },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
    cosmos: Object.freeze({ chainId, bech32Prefix, denom, coinType, gasPrice }),
  })
}
