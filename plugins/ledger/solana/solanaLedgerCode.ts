import type { LedgerChainCode } from '../chains/types.js'
import { solanaAddress } from './solanaApp.js'
import { createSolanaChannel } from './createSolanaChannel.js'

/** solana's device code (loaded when the visitor picks Ledger). */
export const solanaLedgerCode: LedgerChainCode = {
  address: solanaAddress,
  channel: ({ device, path, address, networks, environment }) => createSolanaChannel({ device, path, address, networks, ...(environment.fetch ? { fetch: environment.fetch } : {}) }),
}
