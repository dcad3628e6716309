import type { LedgerChainCode } from '../chains/types.js'
import { cosmosAddress } from './cosmosApp.js'
import { createCosmosChannel } from './createCosmosChannel.js'

/** cosmos's device code (loaded when the visitor picks Ledger). */
export const cosmosLedgerCode: LedgerChainCode = {
  address: cosmosAddress,
  channel: ({ device, path, address, networks }) => createCosmosChannel({ device, path, address, networks }),
}
