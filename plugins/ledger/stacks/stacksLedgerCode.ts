import type { LedgerChainCode } from '../chains/types.js'
import { createStacksChannel } from './createStacksChannel.js'
import { stacksAddress } from './stacksApp.js'

/** stacks's device code (loaded when the visitor picks Ledger). */
export const stacksLedgerCode: LedgerChainCode = {
  address: stacksAddress,
  channel: ({ device, path, address, networks, environment }) => createStacksChannel({ device, path, address, networks, ...(environment.fetch ? { fetch: environment.fetch } : {}) }),
}
