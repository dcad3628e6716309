import type { PorticoBase } from '../types/portico.js'
import type { ChainNamespace } from '../types/caip.js'
import type { Nft } from '../types/account.js'
import { isCaipAddress } from '../utils/isCaipAddress.js'
import { isCaipNetworkId } from '../utils/isCaipNetworkId.js'
import { parseTokenBalances } from '../utils/parseTokenBalances.js'
import { parseTransactions } from '../utils/parseTransactions.js'
import { safeHttpUrl } from '../utils/safeHttpUrl.js'
import { fetchHistoryChains, fetchSupportedChains } from './fetchSupportedChains.js'

/** The default taps' name and stage: after a plugin's own taps (stage 0), before any later fallback. */
export const blockchainApiTap = { name: 'blockchainApi', stage: 10 } as const

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
 * Taps the blockchain API into the account-data hooks of each namespace (stage 10): token
 * balances with prices (only on chains the API lists as supported; elsewhere it passes),
 * activity pages (only on chains the API lists under `history` when it has that list) and NFTs. A chain plugin taps before it to serve its own data, or after it
 * (stage > 10) as a fallback for chains the API does not serve.
 *
 * @example
 * tapBlockchainApi(portico, portico.stores.networks.namespaces)
 */
export function tapBlockchainApi(portico: PorticoBase, namespaces: readonly ChainNamespace[]): void {
  const api = () => portico.services.blockchainApi
  for (const namespace of namespaces) {
    portico.hooks.fetchTokenBalances.for(namespace).tapPromise(blockchainApiTap, async ({ address, caipNetworkId, force }) => {
      if (!(await fetchSupportedChains(portico)).includes(caipNetworkId)) return undefined
      const response = await api().get(`/v1/account/${encodeURIComponent(address)}/balance`, {
        params: { currency: 'usd', chainId: caipNetworkId, ...(force ? { forceUpdate: address } : {}) },
      })
      return parseTokenBalances(response)
    })
    portico.hooks.fetchTransactions.for(namespace).tapPromise(blockchainApiTap, async ({ address, caipNetworkId, cursor }) => {
      // A chain whose activity the API does not serve: pass (a later tap may; else it is "not available").
      const history = await fetchHistoryChains(portico).catch(() => undefined)
      if (history && !history.includes(caipNetworkId)) return undefined
      const response = await api().get(`/v1/account/${encodeURIComponent(address)}/history`, { params: { chainId: caipNetworkId, ...(cursor ? { cursor } : {}) } })
      return parseTransactions(response, caipNetworkId)
    })
    portico.hooks.fetchNfts.for(namespace).tapPromise(blockchainApiTap, async ({ address, caipNetworkId }) =>
      parseNfts(await api().get(`/v1/account/${encodeURIComponent(address)}/nfts`, { params: { chainId: caipNetworkId } })),
    )
  }
}
