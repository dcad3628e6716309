import type { LedgerChainCode } from '../chains/types.js'
import { suiAddress } from './suiApp.js'
import { createSuiChannel } from './createSuiChannel.js'

/** sui's device code (loaded when the visitor picks Ledger). */
export const suiLedgerCode: LedgerChainCode = {
  address: suiAddress,
  channel: ({ device, path, address, networks, environment }) => createSuiChannel({ device, path, address, networks, ...(environment.fetch ? { fetch: environment.fetch } : {}) }),
}
