import { formatUnits } from 'viem'
import type { ChainConfig } from '../createServer.js'
import { usdValue } from '../utils/usdValue.js'
import { upstreamTimeoutMs } from '../rpc/upstreamTimeoutMs.js'
import type { Balance, BalancesRead } from './Balance.js'

export type ReadSolanaBalancesParameters = {
  chain: ChainConfig
  /** A base58 Solana address. */
  address: string
  /** Where `iconUrl`s point when a token has none configured. */
  baseUrl: string
  /** How long one RPC call may take (default 10 s). */
  timeoutMs?: number
}

let nextId = 1

async function call<T>(rpcUrl: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`)
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message} (${body.error.code})`)
  if (body.result === undefined) throw new Error(`${method}: no result`)
  return body.result
}

type TokenAccounts = { value: { account: { data: { parsed?: { info?: { tokenAmount?: { amount?: string } } } } } }[] }

/**
 * Reads an account's SOL balance and its balance of every configured SPL token (`tokens[].address`
 * is the mint) from a Solana JSON-RPC, priced from the configuration. SOL is always listed;
 * tokens only when the account holds some (summed over its token accounts for that mint).
 *
 * @param parameters - the chain, the address and the base URL for icons
 * @returns the balances, SOL first, and the CAIP-10 ids of tokens whose read failed
 * @throws when the RPC does not answer the SOL balance or answers an error
 * @example
 * await readSolanaBalances({ chain, address: 'oeYf6KAJ…', baseUrl: server.url })
 */
export async function readSolanaBalances({ chain, address, baseUrl, timeoutMs = upstreamTimeoutMs }: ReadSolanaBalancesParameters): Promise<BalancesRead> {
  const tokens = chain.tokens ?? []
  const [native, tokenReads] = await Promise.all([
    call<{ value: number }>(chain.rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }], timeoutMs),
    Promise.allSettled(
      tokens.map((token) =>
        call<TokenAccounts>(chain.rpcUrl, 'getTokenAccountsByOwner', [address, { mint: token.address }, { encoding: 'jsonParsed', commitment: 'confirmed' }], timeoutMs),
      ),
    ),
  ])
  const unavailable: string[] = []
  if (typeof native?.value !== 'number' || !Number.isSafeInteger(native.value) || native.value < 0) throw new Error('getBalance: malformed answer')
  const icon = (symbol: string) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
  const nativePrice = chain.nativePriceUsd ?? 0
  const nativeNumeric = formatUnits(BigInt(native.value), chain.nativeCurrency.decimals)
  const balances: Balance[] = [
    {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      chainId: chain.caipNetworkId,
      value: usdValue(BigInt(native.value), chain.nativeCurrency.decimals, nativePrice),
      price: nativePrice,
      quantity: { decimals: String(chain.nativeCurrency.decimals), numeric: nativeNumeric },
      iconUrl: icon(chain.nativeCurrency.symbol),
    },
  ]
  tokens.forEach((token, index) => {
    const read = tokenReads[index]
    if (read?.status !== 'fulfilled') {
      unavailable.push(`${chain.caipNetworkId}:${token.address}`)
      return
    }
    let amount = 0n
    for (const { account } of read.value?.value ?? []) {
      const raw = account?.data?.parsed?.info?.tokenAmount?.amount
      if (typeof raw === 'string' && /^\d{1,40}$/.test(raw)) amount += BigInt(raw)
    }
    if (amount === 0n) return
    const numeric = formatUnits(amount, token.decimals)
    balances.push({
      name: token.name,
      symbol: token.symbol,
      chainId: chain.caipNetworkId,
      address: `${chain.caipNetworkId}:${token.address}`,
      value: usdValue(amount, token.decimals, token.priceUsd),
      price: token.priceUsd,
      quantity: { decimals: String(token.decimals), numeric },
      iconUrl: token.iconUrl ?? icon(token.symbol),
    })
  })
  return { balances, unavailable }
}
