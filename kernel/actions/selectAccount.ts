import { ProviderRpcError } from '../errors/ProviderRpcError.js'
import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import { handleAccountsChanged } from './handleAccountsChanged.js'

/**
 * Makes another of the connection's accounts the active one, for wallets that sign for every
 * account they shared (a Polkadot extension): the namespace's chain adapter agrees (its
 * `selectAccount`), then the accounts are reordered with the chosen one first, as if the wallet
 * had reported it (balances, activity and sign-in follow the `accountChanged` event).
 *
 * @throws ProviderRpcError 4100 when the address is not one of the connection's, 4200 when the plugin does not let the site choose
 * @example
 * await portico.selectAccount('5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty')
 */
export async function selectAccount(portico: PorticoBase, address: string, namespace: ChainNamespace = portico.stores.networks.activeNamespace): Promise<void> {
  const connection = portico.stores.connections.get(namespace)
  if (connection.status !== 'connected' || !connection.connectorId) throw new ProviderRpcError({ code: 4100, message: 'Not connected' })
  const chosen = connection.accounts.find((a) => a.address === address)
  if (!chosen) throw new ProviderRpcError({ code: 4100, message: 'The wallet did not share this account' })
  if (connection.accounts[0]?.address === address) return
  const accepted = await portico.chains.call(namespace, 'selectAccount', { namespace, connectorId: connection.connectorId, address })
  if (accepted !== true) throw new ProviderRpcError({ code: 4200, message: 'This wallet chooses the account itself' })
  handleAccountsChanged(portico, namespace, [chosen, ...connection.accounts.filter((a) => a.address !== address)])
}
