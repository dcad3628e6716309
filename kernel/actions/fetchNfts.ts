import { runInAction } from 'mobx'
import type { Portico } from '../createPortico.js'
import type { Nft } from '../types/account.js'
import type { ChainNamespace } from '../types/caip.js'
import { isCaipAddress } from '../utils/isCaipAddress.js'
import { isCaipNetworkId } from '../utils/isCaipNetworkId.js'
import { safeHttpUrl } from '../utils/safeHttpUrl.js'
import { shareInFlight } from './shareInFlight.js'

function parseNfts(response: unknown): Nft[] {
  const list = (response as { data?: unknown } | null)?.data
  if (!Array.isArray(list)) throw new Error('The NFT answer has no data list')
  const out: Nft[] = []
  for (const raw of list.slice(0, 500)) {
    const n = raw as Record<string, unknown>
    if (!n || !isCaipNetworkId(n.chainId) || !isCaipAddress(n.contract) || typeof n.tokenId !== 'string' || typeof n.name !== 'string') continue
    const collection = n.collection as { name?: unknown; symbol?: unknown } | undefined
    const imageUrl = safeHttpUrl(n.imageUrl)
    out.push({
      chainId: n.chainId,
      contract: n.contract,
      tokenId: n.tokenId.slice(0, 80),
      name: n.name.slice(0, 100),
      ...(typeof n.description === 'string' ? { description: n.description.slice(0, 500) } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      collection: { name: typeof collection?.name === 'string' ? collection.name.slice(0, 100) : '', symbol: typeof collection?.symbol === 'string' ? collection.symbol.slice(0, 16) : '' },
    })
  }
  return out
}

/**
 * The connected account's NFTs (`GET /v1/account/{address}/nfts`, Portico's own endpoint). Never
 * throws; a failure leaves the list empty.
 */
export async function fetchNfts(portico: Portico, namespace?: ChainNamespace): Promise<Nft[]> {
  const ns = namespace ?? portico.stores.networks.activeNamespace
  return shareInFlight(portico, `nfts:${ns}`, () => fetchNftsNow(portico, ns))
}

async function fetchNftsNow(portico: Portico, ns: ChainNamespace): Promise<Nft[]> {
  const { connections, networks, accounts } = portico.stores
  const address = connections.address(ns)
  const chainId = connections.get(ns).caipNetworkId ?? networks.activeOf(ns)?.caipNetworkId
  if (!address || !chainId) return []
  runInAction(() => accounts.update(ns, { nftsLoading: true }))
  try {
    const nfts = parseNfts(await portico.services.blockchainApi.get(`/v1/account/${encodeURIComponent(address)}/nfts`, { params: { chainId } }))
    runInAction(() => accounts.update(ns, { nfts, nftsLoading: false }))
    return nfts
  } catch (error) {
    runInAction(() => accounts.update(ns, { nfts: [], nftsLoading: false }))
    portico.reportError(error, { namespace: ns, action: 'fetchNfts' })
    return []
  }
}
