import type { LedgerDevice, LedgerDeviceOptions } from './LedgerDevice.js'
import { loadLedgerPeer } from '../peers.js'

let loading: Promise<typeof import('./LedgerDevice.js')> | undefined

/**
 * Loads the Ledger libraries (on first use only): the global `Buffer` first, in its own chunk,
 * then `@ledgerhq/*` behind it. A failed load may be retried.
 *
 * @example
 * const device = await loadLedgerDevice({ transport: 'auto', onDisconnect })
 */
export async function loadLedgerDevice(options: LedgerDeviceOptions): Promise<LedgerDevice> {
  // `buffer` and `@ledgerhq/*` are optional peers: a site without them gets MissingPeerDependencyError.
  loading ??= loadLedgerPeer(() => import('./installBuffer.js'))
    .then(({ installBuffer }) => {
      installBuffer()
      return loadLedgerPeer(() => import('./LedgerDevice.js'))
    })
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  const { LedgerDevice } = await loading
  return new LedgerDevice(options)
}
