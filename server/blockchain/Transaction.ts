/** One transfer inside a `Transaction`, seen from the account whose history it is. */
export type TransactionTransfer = {
  /** For native currency and ERC-20 transfers. `flags.is_spam` is true for tokens the server does not know. */
  fungible_info?: { name?: string; symbol?: string; icon?: { url: string }; flags: { is_spam: boolean } }
  /** For ERC-721 transfers. `flags.is_spam` is true for collections the server does not know. */
  nft_info?: {
    name?: string
    content?: { preview?: { url: string }; detail?: { url: string } }
    flags: { is_spam: boolean }
  }
  direction: 'in' | 'out' | 'self'
  /** A decimal string in the token's units (`'1'` for an NFT). */
  quantity: { numeric: string }
  /** USD value of the quantity, for priced tokens. */
  value?: number
  /** USD price of one unit, for priced tokens. */
  price?: number
  /** The addresses this transfer moved from and to (Portico's addition: the counterparty). */
  sender?: string
  recipient?: string
}

/** One entry of `/v1/account/:address/history`, the incumbent's `Transaction` shape. */
export type Transaction = {
  /** The transaction hash. */
  id: string
  metadata: {
    /** `send`, `receive`, `trade`, `mint`, `burn`, `approve`, `deploy` or `execute`. */
    operationType: string
    hash: string
    /** CAIP-2 id of the chain. */
    chain: string
    /** ISO 8601 time of the block. */
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    nonce: number
  }
  transfers: TransactionTransfer[]
}
