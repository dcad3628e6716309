import type { Network } from '../../../kernel/kernel.js'
import { cosmosDataOf } from './cosmosDataOf.js'

/**
 * The `ChainInfo` Keplr's `experimentalSuggestChain` takes, from a Cosmos network: RPC and REST
 * URLs, BIP-44 coin type, the bech32 prefixes, the native currency as stake and fee currency with
 * gas price steps around the network's gas price.
 *
 * @example
 * await keplr.experimentalSuggestChain(toKeplrChainInfo(cosmosLocalnet))
 */
export function toKeplrChainInfo(network: Network) {
  const { chainId, bech32Prefix: p, denom, coinType, gasPrice } = cosmosDataOf(network)
  const rest = network.rpcUrls.default.http[0] ?? ''
  const currency = { coinDenom: network.nativeCurrency.symbol, coinMinimalDenom: denom, coinDecimals: network.nativeCurrency.decimals }
  return {
    chainId,
    chainName: network.name,
    rpc: network.rpcUrls.chainDefault?.http[0] ?? rest,
    rest,
    bip44: { coinType },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [{ ...currency, gasPriceStep: { low: gasPrice, average: gasPrice * 1.25, high: gasPrice * 2 } }],
    stakeCurrency: currency,
    features: [] as string[],
  }
}
