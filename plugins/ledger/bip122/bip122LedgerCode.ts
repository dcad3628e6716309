import type { LedgerChainCode } from '../chains/types.js'
import { bitcoinAddress } from './bitcoinApp.js'
import { createBip122Channel } from './createBip122Channel.js'

/** bip122's device code (loaded when the visitor picks Ledger). */
export const bip122LedgerCode: LedgerChainCode = {
  address: bitcoinAddress,
  channel: ({ device, path, address, networks, environment }) => createBip122Channel({ device, path, address, networks, ...(environment.fetch ? { fetch: environment.fetch } : {}) }),
}
