/** The parts of `eth_getBlockByNumber(n, true)` the indexer reads, as the node sends them (hex). */
export type RawTransaction = {
  hash: string
  from: string
  to: string | null
  value: string
  input: string
  nonce: string
  transactionIndex: string
}

export type RawBlock = {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: RawTransaction[]
}

export type RawLog = { address: string; topics: string[]; data: string; logIndex: string }

/** The parts of a receipt (`eth_getBlockReceipts` / `eth_getTransactionReceipt`) the indexer reads. */
export type RawReceipt = {
  transactionHash: string
  status: string
  contractAddress: string | null
  logs: RawLog[]
}
