import type { ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'

/**
 * Records, for an active smart account, whether it has code on the current chain
 * (`smartAccountDeployed`, through the namespace's `smartAccount` tap); clears it for any other
 * account. Runs on connect, account change, network change and after a batch succeeded; a failed
 * read leaves `smartAccountDeployed` unknown and is reported, never thrown.
 *
 * @example
 * await refreshSmartAccount(portico, 'eip155')
 */
export async function refreshSmartAccount(portico: CallsContext, namespace: ChainNamespace): Promise<void> {
  const { connections, networks } = portico.stores
  const connection = connections.get(namespace)
  const first = connection.accounts[0]
  if (connection.status !== 'connected' || !first || !connection.connectorId || first.type !== 'smartAccount') {
    if (portico.stores.accounts.get(namespace).smartAccountDeployed !== undefined) portico.updateAccount(namespace, { smartAccountDeployed: undefined })
    return
  }
  const key = () => `${connections.get(namespace).caipNetworkId}|${connections.get(namespace).accounts[0]?.address}|${connections.get(namespace).accounts[0]?.type ?? 'eoa'}`
  const asked = key()
  const network = networks.find(connection.caipNetworkId)
  const hook = portico.callsHooks.smartAccount.get(namespace)
  if (!network || !hook?.isUsed()) return
  try {
    const result = await hook.promise({ namespace, connectorId: connection.connectorId, address: first.address, network })
    if (key() !== asked) return
    portico.updateAccount(namespace, { smartAccountDeployed: typeof result?.deployed === 'boolean' ? result.deployed : undefined })
  } catch (error) {
    if (key() === asked) portico.updateAccount(namespace, { smartAccountDeployed: undefined })
    portico.reportError(error, { namespace, action: 'smartAccount' })
  }
}
