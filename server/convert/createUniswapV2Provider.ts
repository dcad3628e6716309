import { type Address, type PublicClient, createPublicClient, encodeFunctionData, getAddress, http, isAddress, zeroAddress } from 'viem'

import type { ChainConfig } from '../createServer.js'
import { HttpError } from '../errors/HttpError.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import { badRequest } from '../utils/badRequest.js'
import { type ConvertProvider, type ConvertToken, type ConvertTransaction, nativeTokenAddress } from './ConvertProvider.js'
import { erc20Abi, uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './uniswapV2Abi.js'

const maxUint256 = 2n ** 256n - 1n
/** How long a built swap stays valid on chain. */
const deadlineSeconds = 20 * 60
/** Gas used when the caller asked not to estimate (or an approval cannot be estimated). */
const fallbackGas = { swap: 300_000n, approve: 80_000n }
/**
 * A node's gas estimate is what the transaction needs in the block the node simulates, not in the
 * one it lands in. The difference that matters here: a Uniswap V2 pair traded (or created) in the
 * simulated block's second skips its price-oracle update there, and a block later writes both
 * cumulative prices: two cold slots, at most zero to non-zero (2 × 22,100 gas), per pool on the
 * route. A swap's gas is the estimate plus that per pool, plus {@link gasMarginPercent}; the
 * unused part of the limit is refunded.
 */
const oracleUpdateGas = 44_200n
/** Percent added to a node's gas estimate for anything else that differs between blocks. */
const gasMarginPercent = 10n

const unsupported = () => new HttpError({ status: 400, code: 'UNSUPPORTED_CHAIN', message: 'Network not supported for Swaps' })
const insufficientLiquidity = () => new HttpError({ status: 400, code: 'INSUFFICIENT_LIQUIDITY', message: 'The amount is more than the pool can pay out' })

type SwapChain = ChainConfig & { swap: NonNullable<ChainConfig['swap']> }

/**
 * The default swap provider: constant-product pools of a Uniswap V2-compatible AMM (the chain's
 * `swap`: factory, router, wrapped native token). Tokens are the chain's native currency and its
 * configured ERC-20s; a route is the direct pool, else through the wrapped native token. Quotes are
 * the router's own `getAmountsOut` (one `eth_call`), with the price impact against the pools'
 * reserves; swaps are `swapExact{ETH,Tokens}For{Tokens,ETH}` with the minimum received at the
 * slippage asked and a 20-minute deadline.
 *
 * @param chains the server's chains (those with `swap` are served)
 * @returns the provider
 * @example
 * const provider = createUniswapV2Provider(config.chains)
 */
export function createUniswapV2Provider(chains: readonly ChainConfig[]): ConvertProvider {
  const swapChains = new Map(chains.filter((c): c is SwapChain => c.caipNetworkId.startsWith('eip155:') && !!c.swap).map((c) => [c.caipNetworkId, c]))
  const clients = new Map<string, PublicClient>()
  const clientOf = (chain: SwapChain) => {
    let client = clients.get(chain.caipNetworkId)
    if (!client) {
      client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: upstreamTimeoutMs, retryCount: 0 }) }) as PublicClient
      clients.set(chain.caipNetworkId, client)
    }
    return client
  }
  const chainOf = (chainId: string): SwapChain => swapChains.get(chainId) ?? (() => { throw unsupported() })()
  const upstream = (error: unknown) => (error instanceof HttpError ? error : new HttpError({ status: 502, code: 'UPSTREAM_ERROR', message: 'The chain did not answer', cause: error }))

  /** A CAIP-10 account or token on `chain`: its address, or a 400 saying which parameter is wrong. */
  const addressOn = (chain: SwapChain, caip10: string, name: string): Address => {
    const prefix = `${chain.caipNetworkId}:`
    const address = caip10.startsWith(prefix) ? caip10.slice(prefix.length) : ''
    if (!isAddress(address, { strict: false })) throw badRequest(`${name} must be a CAIP-10 address on ${chain.caipNetworkId}`)
    return getAddress(address)
  }
  /** A listed token: the native currency (routed as the wrapped token) or a configured ERC-20. */
  const tokenOf = (chain: SwapChain, caip10: string, name: string): { address: Address; native: boolean } => {
    const address = addressOn(chain, caip10, name)
    if (address.toLowerCase() === nativeTokenAddress) return { address: getAddress(chain.swap.weth), native: true }
    if (!(chain.tokens ?? []).some((t) => t.address.toLowerCase() === address.toLowerCase())) throw new HttpError({ status: 400, code: 'UNKNOWN_TOKEN', message: `${name} is not a token this server swaps on ${chain.caipNetworkId}` })
    return { address, native: false }
  }
  const pairOf = async (chain: SwapChain, a: Address, b: Address): Promise<Address | undefined> => {
    const pair = await clientOf(chain).readContract({ address: getAddress(chain.swap.factory), abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [a, b] })
    return pair === zeroAddress ? undefined : pair
  }
  /** The route: the direct pool, else through the wrapped native token; with each hop's reserves (in, out). */
  const routeOf = async (chain: SwapChain, from: Address, to: Address) => {
    if (from === to) throw badRequest('from and to are the same token')
    const weth = getAddress(chain.swap.weth)
    const hops: [Address, Address][] = []
    if (await pairOf(chain, from, to)) hops.push([from, to])
    else if (from !== weth && to !== weth && (await pairOf(chain, from, weth)) && (await pairOf(chain, weth, to))) hops.push([from, weth], [weth, to])
    else throw new HttpError({ status: 400, code: 'NO_ROUTE', message: 'There is no pool for this pair of tokens' })
    const reserves = await Promise.all(
      hops.map(async ([a, b]) => {
        const pair = (await pairOf(chain, a, b)) as Address
        const client = clientOf(chain)
        const [[r0, r1], token0] = await Promise.all([client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }), client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' })])
        return token0 === a ? { in: r0, out: r1 } : { in: r1, out: r0 }
      }),
    )
    return { path: [from, ...hops.map(([, b]) => b)], reserves }
  }
  const quoteOf = async (chain: SwapChain, fromCaip: string, toCaip: string, amount: bigint) => {
    const from = tokenOf(chain, fromCaip, 'from')
    const to = tokenOf(chain, toCaip, 'to')
    if (from.native && to.native) throw badRequest('from and to are the same token')
    const route = await routeOf(chain, from.address, to.address)
    if (amount >= route.reserves[0]!.in) throw insufficientLiquidity()
    const amounts = await clientOf(chain).readContract({ address: getAddress(chain.swap.router), abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amount, route.path] })
    const out = amounts[amounts.length - 1] as bigint
    if (out <= 0n) throw insufficientLiquidity()
    // Against the pools' spot prices (after their 0.3% fee): what the trade's own size costs.
    let ideal = amount * 10n ** 18n
    for (const r of route.reserves) ideal = (ideal * r.out * 997n) / (r.in * 1000n)
    const impact = ideal === 0n ? 0 : Math.max(0, 1 - Number((out * 10n ** 18n * 1_000_000n) / ideal) / 1_000_000)
    return { from, to, route, out, priceImpact: impact.toFixed(4) }
  }
  /** What must be sold to receive `amountOut` (the router's own `getAmountsIn`); more than the last pool holds is refused. */
  const amountInFor = async (chain: SwapChain, fromCaip: string, toCaip: string, amountOut: bigint): Promise<bigint> => {
    const from = tokenOf(chain, fromCaip, 'from')
    const to = tokenOf(chain, toCaip, 'to')
    if (from.native && to.native) throw badRequest('from and to are the same token')
    const route = await routeOf(chain, from.address, to.address)
    if (amountOut >= route.reserves[route.reserves.length - 1]!.out) throw insufficientLiquidity()
    const amounts = await clientOf(chain).readContract({ address: getAddress(chain.swap.router), abi: uniswapV2RouterAbi, functionName: 'getAmountsIn', args: [amountOut, route.path] })
    return amounts[0] as bigint
  }
  const gasPriceOf = async (chain: SwapChain) => clientOf(chain).getGasPrice()
  /** The estimate with its margin, and {@link oracleUpdateGas} for each of the swap's `pools`. */
  const estimate = async (chain: SwapChain, tx: { account: Address; to: Address; data: `0x${string}`; value?: bigint }, fallback: bigint, disabled: boolean, pools = 0): Promise<bigint> => {
    if (disabled) return fallback
    try {
      const gas = await clientOf(chain).estimateGas(tx)
      return gas + (gas * gasMarginPercent) / 100n + BigInt(pools) * oracleUpdateGas
    } catch (error) {
      const reason = (error as { shortMessage?: string }).shortMessage ?? 'the chain refused it'
      throw new HttpError({ status: 400, code: 'WOULD_REVERT', message: `The transaction would fail: ${reason.split('\n')[0]}`, cause: error })
    }
  }

  return {
    supports: (chainId) => swapChains.has(chainId),
    async tokens(chainId) {
      const chain = chainOf(chainId)
      const native: ConvertToken = { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals, address: `${chainId}:${nativeTokenAddress}`, logoUri: '' }
      return [native, ...(chain.tokens ?? []).map((t) => ({ name: t.name, symbol: t.symbol, decimals: t.decimals, address: `${chainId}:${getAddress(t.address)}`, logoUri: t.iconUrl ?? '' }))]
    },
    async quote({ chainId, from, to, amount, userAddress, exactOut }) {
      const chain = chainOf(chainId)
      addressOn(chain, userAddress, 'userAddress')
      try {
        // Exact out: what selling costs to receive `amount` (the router's getAmountsIn), then quoted forward as every swap is.
        const sell = exactOut ? await amountInFor(chain, from, to, amount) : amount
        const q = await quoteOf(chain, from, to, sell)
        if (exactOut) return { id: null, fromAmount: sell.toString(), fromAccount: from, toAmount: q.out.toString(), toAccount: to, priceImpact: q.priceImpact }
        return { id: null, fromAmount: amount.toString(), fromAccount: from, toAmount: q.out.toString(), toAccount: to, priceImpact: q.priceImpact }
      } catch (error) {
        throw upstream(error)
      }
    },
    async allowance({ tokenAddress, userAddress }) {
      const chainId = tokenAddress.split(':').slice(0, 2).join(':')
      const chain = chainOf(chainId)
      const user = addressOn(chain, userAddress, 'userAddress')
      const token = tokenOf(chain, tokenAddress, 'tokenAddress')
      if (token.native) return maxUint256
      try {
        return await clientOf(chain).readContract({ address: token.address, abi: erc20Abi, functionName: 'allowance', args: [user, getAddress(chain.swap.router)] })
      } catch (error) {
        throw upstream(error)
      }
    },
    async gasPrice(chainId) {
      const chain = swapChains.get(chainId)
      if (!chain) throw new HttpError({ status: 400, code: 'UNSUPPORTED_CHAIN', message: 'Network not supported for Gas Price' })
      try {
        const standard = await gasPriceOf(chain)
        return { standard, fast: (standard * 125n) / 100n, instant: (standard * 150n) / 100n }
      } catch (error) {
        throw upstream(error)
      }
    },
    async buildApprove({ chainId, from, userAddress, amount }) {
      const chain = chainOf(chainId)
      const user = addressOn(chain, userAddress, 'userAddress')
      const token = tokenOf(chain, from, 'from')
      if (token.native) throw badRequest(`${chain.nativeCurrency.symbol} needs no approval`)
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [getAddress(chain.swap.router), amount ?? maxUint256] })
      try {
        const [gas, gasPrice] = await Promise.all([estimate(chain, { account: user, to: token.address, data }, fallbackGas.approve, false).catch(() => fallbackGas.approve), gasPriceOf(chain)])
        return { from: userAddress, to: `${chainId}:${token.address}`, data, amount: '0', eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } } satisfies ConvertTransaction
      } catch (error) {
        throw upstream(error)
      }
    },
    async buildTransaction({ chainId, from, to, amount, userAddress, slippage, disableEstimate }) {
      const chain = chainOf(chainId)
      const user = addressOn(chain, userAddress, 'userAddress')
      try {
        const q = await quoteOf(chain, from, to, amount)
        const minimum = (q.out * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n
        const deadline = BigInt(Math.floor(Date.now() / 1000) + deadlineSeconds)
        const path = q.route.path
        const data = q.from.native
          ? encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactETHForTokens', args: [minimum, path, user, deadline] })
          : q.to.native
            ? encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactTokensForETH', args: [amount, minimum, path, user, deadline] })
            : encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactTokensForTokens', args: [amount, minimum, path, user, deadline] })
        const value = q.from.native ? amount : 0n
        const router = getAddress(chain.swap.router)
        const [gas, gasPrice] = await Promise.all([estimate(chain, { account: user, to: router, data, value }, fallbackGas.swap, disableEstimate, path.length - 1), gasPriceOf(chain)])
        return { from: userAddress, to: `${chainId}:${router}`, data, amount: value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } }
      } catch (error) {
        throw upstream(error)
      }
    },
  }
}
