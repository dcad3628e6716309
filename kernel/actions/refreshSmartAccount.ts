import { runInAction } from 'mobx'
import type { Portico } from '../createPorticoKernel.js'
import type { ChainNamespace } from '../types/caip.js'

/**
 * Records the active account's type (`preferredAccountType`) and, for a smart account, whether it
 * has code on the current chain (`smartAccountDeployed`, through the namespace's `smartAccount`
 * tap). Runs on connect, account change, network change and after a batch succeeded; a failed
 * read leaves `smartAccountDeployed` unknown and is reported, never thrown.
 *
 * @example
 * await refreshSmartAccount(portico, 'eip155')
 */
export async function refreshSmartAccount(portico: Portico, namespace: ChainNamespace): Promise<void> {
  const { accounts, connections, networks } = portico.stores
  const connection = connections.get(namespace)
  const first = connection.accounts[0]
  if (connection.status !== 'connected' || !first || !connection.connectorId) return
  const type = first.type ?? 'eoa'
  const key = () => `${connections.get(namespace).caipNetworkId}|${connections.get(namespace).accounts[0]?.address}|${connections.get(namespace).accounts[0]?.type ?? 'eoa'}`
  const asked = key()
  runInAction(() => accounts.update(namespace, { preferredAccountType: type, ...(type === 'smartAccount' ? {} : { smartAccountDeployed: undefined }) }))
  if (type !== 'smartAccount') return
  const network = networks.find(connection.caipNetworkId)
  const hook = portico.hooks.smartAccount.get(namespace)
  if (!network || !hook?.isUsed()) return
  try {
    const result = await hook.promise({ namespace, connectorId: connection.connectorId, address: first.address, network })
    if (key() !== asked) return
    runInAction(() => accounts.update(namespace, { smartAccountDeployed: typeof result?.deployed === 'boolean' ? result.deployed : undefined }))
  } catch (error) {
    if (key() === asked) runInAction(() => accounts.update(namespace, { smartAccountDeployed: undefined }))
    portico.reportError(error, { namespace, action: 'smartAccount' })
  }
}
