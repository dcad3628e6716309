import type { BalanceResult, Network } from '../../../kernel/kernel.js'
import { SolanaRpcRequestError } from '../errors.js'
import { formatUnits } from '../utils/formatUnits.js'
import { callSolanaRpc } from './callSolanaRpc.js'

/**
 * Reads an account's SOL balance (`getBalance`, confirmed) and returns it in whole SOL.
 *
 * @returns `{ balance, symbol, decimals }`, e.g. `{ balance: '99.75', symbol: 'SOL', decimals: 9 }`
 * @throws SolanaRpcRequestError when the RPC fails or answers something that is not a balance
 * @example
 * await fetchSolBalance({ network: solanaDevnet, address })
 */
export async function fetchSolBalance({ network, address, fetch }: { network: Network; address: string; fetch?: typeof globalThis.fetch | undefined }): Promise<BalanceResult> {
  const answer = await callSolanaRpc<{ value?: unknown }>({ network, fetch, method: 'getBalance', params: [address, { commitment: 'confirmed' }] })
  const value = answer?.value
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new SolanaRpcRequestError({ method: 'getBalance', message: 'the answer is not a balance' })
  const { symbol, decimals } = network.nativeCurrency
  return { balance: formatUnits(BigInt(value), decimals), symbol, decimals }
}
