import type { BalanceResult, Network } from '../../../kernel/kernel.js'
import { formatSuiUnits } from '../utils/formatSuiUnits.js'
import { createSuiNodeClient } from './createSuiNodeClient.js'

/**
 * Reads an account's SUI balance from the network's node (GraphQL RPC `address { balance }`, or
 * `suix_getBalance` on a site's JSON-RPC) and returns it in whole SUI.
 *
 * @returns `{ balance, symbol, decimals }`, e.g. `{ balance: '999.99', symbol: 'SUI', decimals: 9 }`
 * @throws SuiRpcRequestError when the node fails or answers something that is not a balance
 * @example
 * await fetchSuiBalance({ network: suiMainnet, address })
 */
export async function fetchSuiBalance({ network, address, fetch }: { network: Network; address: string; fetch?: typeof globalThis.fetch | undefined }): Promise<BalanceResult> {
  const node = await createSuiNodeClient({ network, fetch })
  const total = await node.getBalance(address, '0x2::sui::SUI')
  const { symbol, decimals } = network.nativeCurrency
  return { balance: formatSuiUnits(total, decimals), symbol, decimals }
}
