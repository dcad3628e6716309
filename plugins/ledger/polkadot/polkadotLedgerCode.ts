import type { LedgerChainCode } from '../chains/types.js'
import { createPolkadotChannel } from './createPolkadotChannel.js'
import { polkadotAddress } from './polkadotApp.js'

/** polkadot's device code (loaded when the visitor picks Ledger). */
export const polkadotLedgerCode: LedgerChainCode = {
  address: polkadotAddress,
  channel: ({ device, path, address, networks, environment }) => createPolkadotChannel({ device, path, address, networks, ...(environment.fetch ? { fetch: environment.fetch } : {}) }),
}
