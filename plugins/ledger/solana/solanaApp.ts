import type Transport from '@ledgerhq/hw-transport'
import Solana from '@ledgerhq/hw-app-solana'
import { base58 } from '@scure/base'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { toLedgerPath } from '../utils/derivationPaths.js'

const apps = new WeakMap<Transport, Solana>()

/** The Solana app's API on an open transport (one per transport). */
export function solanaApp(transport: Transport): Solana {
  let app = apps.get(transport)
  if (!app) apps.set(transport, (app = new Solana(transport)))
  return app
}

/** The base58 address of a Solana path. */
export function solanaAddress(device: LedgerDevice, path: string): Promise<string> {
  return device.run({ app: 'Solana' }, async (transport) => base58.encode(new Uint8Array((await solanaApp(transport).getAddress(toLedgerPath(path), false)).address)))
}
