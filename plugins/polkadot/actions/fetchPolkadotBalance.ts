import { formatDecimalUnits, type BalanceResult, type Network } from '../../../kernel/kernel.js'
import { PolkadotRpcRequestError } from '../errors.js'
import { decodeSs58 } from '../utils/ss58.js'
import type { PolkadotWebSocketClass } from './callPolkadotRpc.js'
import { readPolkadotAccount } from './readPolkadotAccount.js'

/**
 * The account's native balance from the network's node: the free balance (what explorers and
 * wallets show as the balance), in whole units.
 *
 * @returns `{ balance, symbol, decimals }`
 * @throws PolkadotRpcRequestError when the node fails or the address is not SS58
 * @example
 * await fetchPolkadotBalance({ network, address })
 */
export async function fetchPolkadotBalance({ network, address, fetch, WebSocket }: { network: Network; address: string; fetch?: typeof globalThis.fetch | undefined; WebSocket?: PolkadotWebSocketClass | undefined }): Promise<BalanceResult> {
  const decoded = decodeSs58(address)
  if (!decoded) throw new PolkadotRpcRequestError({ method: 'state_getStorage', message: `${address.slice(0, 60)} is not an SS58 address` })
  const account = await readPolkadotAccount({ network, publicKey: decoded.publicKey, fetch, WebSocket })
  const { symbol, decimals } = network.nativeCurrency
  return { balance: formatDecimalUnits(account.free, decimals), symbol, decimals }
}
