import type { CaipAddress, CaipNetworkId } from './caip.js'

/** One token balance as the blockchain API returns it (`/v1/account/{address}/balance`). */
export type TokenBalance = {
  name: string
  symbol: string
  chainId: CaipNetworkId
  /** CAIP-10 address of the token (contract or mint); absent for the native currency. */
  address?: CaipAddress
  /** USD value of the holding. */
  value?: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

export type TransactionTransfer = {
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string }; flags?: { is_spam: boolean } }
  nft_info?: { name?: string; content?: { preview?: { url: string }; detail?: { url: string } }; flags: { is_spam: boolean } }
  direction: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  value?: number
  price?: number
  /** Who sent and who received this transfer (the activity list's counterparty); absent when the source does not say. */
  sender?: string
  recipient?: string
}

/** One transaction of the activity list (`/v1/account/{address}/history`). */
export type Transaction = {
  id: string
  metadata: {
    operationType: string
    hash: string
    chain: CaipNetworkId
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
  }
  transfers: TransactionTransfer[] | null
}

/** One NFT (`/v1/account/{address}/nfts`, Portico's own endpoint). */
export type Nft = {
  chainId: CaipNetworkId
  contract: CaipAddress
  tokenId: string
  name: string
  description?: string
  imageUrl?: string
  collection: { name: string; symbol: string }
}
