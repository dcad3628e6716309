import type { BalanceResult, Network } from '../../../kernel/kernel.js'
import { SuiRpcRequestError } from '../errors.js'
import { formatSuiUnits } from '../utils/formatSuiUnits.js'
import { callSuiRpc } from './callSuiRpc.js'

/**
 * Reads an account's SUI balance (`suix_getBalance`) and returns it in whole SUI.
 *
 * @returns `{ balance, symbol, decimals }`, e.g. `{ balance: '999.99', symbol: 'SUI', decimals: 9 }`
 * @throws SuiRpcRequestError when the node fails or answers something that is not a balance
 * @example
 * await fetchSuiBalance({ network: suiLocalnet, address })
 */
export async function fetchSuiBalance({ network, address, fetch }: { network: Network; address: string; fetch?: typeof globalThis.fetch | undefined }): Promise<BalanceResult> {
  const answer = await callSuiRpc<{ totalBalance?: unknown }>({ network, fetch, method: 'suix_getBalance', params: [address, '0x2::sui::SUI'] })
  const total = answer?.totalBalance
  if (typeof total !== 'string' || !/^\d{1,40}$/.test(total)) throw new SuiRpcRequestError({ method: 'suix_getBalance', message: 'the answer is not a balance' })
  const { symbol, decimals } = network.nativeCurrency
  return { balance: formatSuiUnits(BigInt(total), decimals), symbol, decimals }
}
