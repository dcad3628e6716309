import { runInAction } from 'mobx'
import type { PorticoBase } from '../types/portico.js'
import { NoActivitySourceError } from '../errors/connection.js'
import type { Nft } from '../types/account.js'
import type { ChainNamespace } from '../types/caip.js'
import { shareInFlight } from './shareInFlight.js'


/**
 * The connected account's NFTs (`GET /v1/account/{address}/nfts`, Portico's own endpoint). Never
 * throws; a failure leaves the list empty.
 */
export async function fetchNfts(portico: PorticoBase, namespace?: ChainNamespace): Promise<Nft[]> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  return shareInFlight(portico, `nfts:${ns}`, () => fetchNftsNow(portico, ns))
}

async function fetchNftsNow(portico: PorticoBase, ns: ChainNamespace): Promise<Nft[]> {
  const { connections, networks, accounts } = portico.stores
  const address = connections.address(ns)
  const chainId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  if (!address || !chainId) return []
  runInAction(() => accounts.update(ns, { nftsLoading: true }))
  try {
    const network = networks.find(chainId)
    const hook = portico.hooks.fetchNfts.get(ns)
    const answer = hook?.isUsed() ? await hook.promise({ namespace: ns, address, caipNetworkId: chainId, ...(network ? { network } : {}) }) : undefined
    if (!Array.isArray(answer)) throw new NoActivitySourceError({ caipNetworkId: chainId })
    const nfts = answer.slice(0, 500)
    runInAction(() => accounts.update(ns, { nfts, nftsLoading: false }))
    return nfts
  } catch (error) {
    runInAction(() => accounts.update(ns, { nfts: [], nftsLoading: false }))
    portico.reportError(error, { namespace: ns, action: 'fetchNfts' })
    return []
  }
}
