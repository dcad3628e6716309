/** A token the swap API offers on a chain. `address` is CAIP-10; the native currency uses {@link nativeTokenAddress}. */
export type ConvertToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string }

/** One quote: amounts in base units, accounts as CAIP-10; Portico adds the route's price impact. */
export type ConvertQuote = { id: string | null; fromAmount: string; fromAccount: string; toAmount: string; toAccount: string; priceImpact: string }

/** A transaction for the wallet to send: `to` is CAIP-10, `amount` the native value in wei, `eip155.gas`/`gasPrice` in decimal. */
export type ConvertTransaction = { from: string; to: string; data: `0x${string}`; amount: string; eip155: { gas: string; gasPrice: string } }

/** `amount` to sell; or (Portico's addition) `toAmount` to receive, and the quote says what it costs. */
export type ConvertQuoteRequest = { chainId: string; from: string; to: string; amount: bigint; userAddress: string; exactOut?: boolean }
export type ConvertBuildRequest = ConvertQuoteRequest & { slippage: number; disableEstimate: boolean }
export type ConvertApproveRequest = { chainId: string; from: string; to: string; userAddress: string; amount?: bigint }

/**
 * Where `/v1/convert/*` gets its answers. The server ships one (Uniswap V2-compatible pools on the
 * configured chains); a site owner can run their own behind the same routes. Every method throws
 * an `HttpError` for input it refuses (unknown token, amount above the pool's reserves, …).
 */
export type ConvertProvider = {
  /** Whether the provider swaps on this chain (CAIP-2). */
  supports(chainId: string): boolean
  tokens(chainId: string): Promise<ConvertToken[]>
  quote(request: ConvertQuoteRequest): Promise<ConvertQuote>
  /** How much of `tokenAddress` (CAIP-10) the swap contract may spend for `userAddress` (CAIP-10). */
  allowance(request: { tokenAddress: string; userAddress: string }): Promise<bigint>
  gasPrice(chainId: string): Promise<{ standard: bigint; fast: bigint; instant: bigint }>
  buildApprove(request: ConvertApproveRequest): Promise<ConvertTransaction>
  buildTransaction(request: ConvertBuildRequest): Promise<ConvertTransaction>
}

/** The 1inch-style placeholder for a chain's native currency in token lists and quotes. */
export const nativeTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
