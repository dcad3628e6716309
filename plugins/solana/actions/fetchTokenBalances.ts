import type { CaipAddress, Network } from '../../../kernel/kernel.js'
import { formatUnits } from '../utils/formatUnits.js'
import { isSolanaAddress } from '../utils/isSolanaAddress.js'
import { solanaPrograms } from '../utils/solanaPrograms.js'
import { callSolanaRpc } from './callSolanaRpc.js'

/** A token the site names (SPL mints carry no name or symbol on chain). */
export type SolanaKnownToken = { network: string; address: string; symbol: string; name?: string }

/** One SPL token balance of an account. */
export type SolanaTokenBalance = {
  /** CAIP-10 id of the mint: `solana:<reference>:<mint>`. */
  token: CaipAddress
  mint: string
  /** Whole units, e.g. "1000000". */
  balance: string
  decimals: number
  symbol?: string
  name?: string
}

type ParsedTokenAccount = { account?: { data?: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } } } }

/**
 * Reads every SPL token (Token and Token-2022 programs) an account holds on a network
 * (`getTokenAccountsByOwner`, jsonParsed), summed per mint; names from `knownTokens`. Zero
 * balances are left out; known tokens come first.
 *
 * @returns the balances
 * @throws SolanaRpcRequestError when the RPC fails
 * @example
 * await fetchTokenBalances({ network, address, knownTokens: [{ network: network.caipNetworkId, address: mint, symbol: 'pUSD' }] })
 */
export async function fetchTokenBalances({ network, address, knownTokens = [], fetch }: { network: Network; address: string; knownTokens?: readonly SolanaKnownToken[]; fetch?: typeof globalThis.fetch | undefined }): Promise<SolanaTokenBalance[]> {
  const answers = await Promise.all(
    [solanaPrograms.token, solanaPrograms.token2022].map((programId) =>
      callSolanaRpc<{ value?: ParsedTokenAccount[] }>({ network, fetch, method: 'getTokenAccountsByOwner', params: [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }] }),
    ),
  )
  const sums = new Map<string, { amount: bigint; decimals: number }>()
  for (const answer of answers) {
    for (const entry of Array.isArray(answer?.value) ? answer.value : []) {
      const info = entry?.account?.data?.parsed?.info
      const mint = info?.mint
      const raw = info?.tokenAmount?.amount
      const decimals = info?.tokenAmount?.decimals
      if (!isSolanaAddress(mint) || typeof raw !== 'string' || !/^\d{1,20}$/.test(raw) || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 18) continue
      const sum = sums.get(mint)
      sums.set(mint, { amount: (sum?.amount ?? 0n) + BigInt(raw), decimals })
    }
  }
  const known = knownTokens.filter((t) => t.network === network.caipNetworkId)
  const balances: SolanaTokenBalance[] = []
  for (const [mint, { amount, decimals }] of sums) {
    if (amount === 0n) continue
    const token = known.find((t) => t.address === mint)
    balances.push({
      token: `${network.caipNetworkId}:${mint}` as CaipAddress,
      mint,
      balance: formatUnits(amount, decimals),
      decimals,
      ...(token ? { symbol: token.symbol, ...(token.name ? { name: token.name } : {}) } : {}),
    })
  }
  const rank = (b: SolanaTokenBalance) => (b.symbol ? 0 : 1)
  return balances.sort((a, b) => rank(a) - rank(b))
}
