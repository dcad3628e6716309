import { getAddress } from 'viem'
import type { ChainConfig } from '../createServer.js'
import type { SqlStorage } from '../storage/SqlStorage.js'
import { nftUrls } from '../utils/nftUrls.js'

/** One token in `/v1/account/:address/nfts`. */
export type AccountNft = {
  /** CAIP-2 id of the chain. */
  chainId: string
  /** CAIP-10 id of the collection contract. */
  contract: string
  /** Decimal string. */
  tokenId: string
  name: string
  description: string
  imageUrl: string
  collection: { name: string; symbol: string }
}

export type ReadAccountNftsParameters = {
  storage: SqlStorage
  chain: ChainConfig
  /** A valid EVM address (any case). */
  address: string
  /** The server's origin, for image URLs. */
  baseUrl: string
  /** Most tokens listed (default 1000). */
  limit?: number
}

/**
 * The ERC-721 tokens an account holds in the collections the server knows, from the indexed
 * `Transfer` logs: a token belongs to whoever received it last. Tokens of unknown collections
 * (spam) are left out. Sorted by collection, then token id.
 *
 * @param parameters - database, chain, address and the server's origin
 * @returns the tokens with names, descriptions and image URLs served by the server
 * @example
 * await readAccountNfts({ storage, chain, address, baseUrl })
 */
export async function readAccountNfts({ storage, chain, address, baseUrl, limit = 1_000 }: ReadAccountNftsParameters): Promise<AccountNft[]> {
  const collections = new Map((chain.nfts ?? []).map((nft) => [nft.address.toLowerCase(), nft]))
  if (collections.size === 0) return []
  const rows = await storage.query<{ contract: string; token_id: string }>(
      `SELECT t.contract, t.token_id FROM chain_transfers t
       WHERE t.chain_id = ? AND t.kind = 'erc721' AND t.to_addr = ? AND t.executed = 1
         AND NOT EXISTS (
           SELECT 1 FROM chain_transfers u
           WHERE u.chain_id = t.chain_id AND u.kind = 'erc721' AND u.executed = 1 AND u.contract = t.contract AND u.token_id = t.token_id
             AND (u.block_number > t.block_number OR (u.block_number = t.block_number AND u.log_index > t.log_index))
         )`,
      [chain.caipNetworkId, address.toLowerCase()],
    )
  return rows
    .filter((row) => collections.has(row.contract))
    .sort((a, b) => a.contract.localeCompare(b.contract) || a.token_id.length - b.token_id.length || a.token_id.localeCompare(b.token_id))
    .slice(0, limit)
    .map((row) => {
      const collection = collections.get(row.contract) as NonNullable<ChainConfig['nfts']>[number]
      const contract = getAddress(row.contract)
      return {
        chainId: chain.caipNetworkId,
        contract: `${chain.caipNetworkId}:${contract}`,
        tokenId: row.token_id,
        name: `${collection.name} #${row.token_id}`,
        description: collection.description ?? `Token #${row.token_id} of ${collection.name}.`,
        imageUrl: nftUrls(baseUrl, chain.caipNetworkId, contract, row.token_id).imageUrl,
        collection: { name: collection.name, symbol: collection.symbol },
      }
    })
}
