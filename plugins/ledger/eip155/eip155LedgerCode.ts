import type { LedgerChainCode } from '../chains/types.js'
import { ethAddress } from './ethApp.js'
import { createEip155Channel } from './createEip155Channel.js'

/** eip155's device code (loaded when the visitor picks Ledger). */
export const eip155LedgerCode: LedgerChainCode = {
  address: ethAddress,
  channel: ({ device, path, address, networks, environment }) => createEip155Channel({ device, path, address, networks, ...(environment.publicClient ? { publicClient: environment.publicClient } : {}) }),
}
