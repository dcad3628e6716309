import type { CaipNetworkId, Network } from '../../../kernel/kernel.js'
import type { StacksAddressNetwork } from '../utils/stacksAddressVersions.js'

/** What a Stacks network adds to a `Network`: what wallets and transactions need to know of the chain. */
export type StacksChainData = {
  /** The SIP-005 chain id every transaction carries (`1` mainnet, `2147483648` testnet). */
  chainId: number
  /** Which addresses it uses: `mainnet` (`SP`/`SM`) or `testnet` (`ST`/`SN`). */
  addressNetwork: StacksAddressNetwork
  /** What SIP-030 wallets call it in a request's `network` (`mainnet`, `testnet`, `devnet`). */
  walletNetwork: string
  /** Appended to explorer links (Hiro's explorer takes `?chain=mainnet` or `?chain=testnet`). */
  explorerQuery?: string
}

/** A Stacks network: plain `Network` data plus {@link StacksChainData}; `rpcUrls.default.http` serve the node API (`/v2/…`) and blockchain API (`/extended/v1/…`). */
export type StacksNetwork = Network & { stacks: StacksChainData }

export type DefineStacksNetworkParameters = StacksChainData & {
  name: string
  /** Stacks API URLs: the node API (`/v2/…`) and the blockchain API (`/extended/v1/…`) on one base (Hiro's API, a node behind it, or a Portico server's proxy). */
  apiUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

/**
 * Builds a Stacks network as plain data: `stacks:<chain id>`, native currency STX (6 decimals, µSTX).
 *
 * @param parameters chain id, address network, wallet network, name, API URLs, explorer
 * @returns the network
 * @throws Error when the chain id is not a 32-bit unsigned integer
 * @example
 * const local = defineStacksNetwork({ chainId: 2147483648, addressNetwork: 'testnet', walletNetwork: 'devnet', name: 'Local Stacks', apiUrls: ['http://127.0.0.1:3999'] })
 */
export function defineStacksNetwork({ chainId, addressNetwork, walletNetwork, explorerQuery, name, apiUrls, blockExplorer, testnet, imageUrl }: DefineStacksNetworkParameters): StacksNetwork {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId > 0xffffffff) throw new Error(`defineStacksNetwork: chain id ${chainId} is not a 32-bit unsigned integer`)
  return Object.freeze({
    id: chainId,
    caipNetworkId: `stacks:${chainId}` as CaipNetworkId,
    chainNamespace: 'stacks',
    name,
    nativeCurrency: { name: 'Stacks', symbol: 'STX', decimals: 6 },
    rpcUrls: { default: { http: [...apiUrls] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet !== undefined ? { testnet } : {}),
    ...(imageUrl ? { assets: { imageUrl } } : {}),
    stacks: Object.freeze({ chainId, addressNetwork, walletNetwork, ...(explorerQuery ? { explorerQuery } : {}) }),
  })
}
