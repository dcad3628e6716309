import type Transport from '@ledgerhq/hw-transport'
import Eth from '@ledgerhq/hw-app-eth'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { toLedgerPath } from '../utils/derivationPaths.js'

const apps = new WeakMap<Transport, Eth>()

/** The Ethereum app's API on an open transport (one per transport). */
export function ethApp(transport: Transport): Eth {
  let app = apps.get(transport)
  if (!app) apps.set(transport, (app = new Eth(transport)))
  return app
}

/** The checksummed address of an Ethereum path, read without showing it on the device. */
export function ethAddress(device: LedgerDevice, path: string): Promise<string> {
  return device.run({ app: 'Ethereum' }, async (transport) => (await ethApp(transport).getAddress(toLedgerPath(path), false)).address)
}
