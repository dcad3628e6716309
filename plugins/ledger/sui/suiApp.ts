import type Transport from '@ledgerhq/hw-transport'
import Sui from '@mysten/ledgerjs-hw-app-sui'
import type { LedgerDevice } from '../transport/LedgerDevice.js'

const apps = new WeakMap<Transport, Sui>()

/** The Sui app's API on an open transport (one per transport): `@mysten/ledgerjs-hw-app-sui`, its block protocol. */
export function suiApp(transport: Transport): Sui {
  let app = apps.get(transport)
  if (!app) apps.set(transport, (app = new Sui(transport)))
  return app
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')

/** The ed25519 public key and the `0x` address (64 lowercase hex digits) of a Sui path, read without showing it. */
export function suiAccount(device: LedgerDevice, path: string): Promise<{ publicKey: Uint8Array; address: string }> {
  return device.run({ app: 'Sui' }, async (transport) => {
    const { publicKey, address } = await suiApp(transport).getPublicKey(path, false)
    return { publicKey: new Uint8Array(publicKey), address: `0x${hex(new Uint8Array(address))}` }
  })
}

/** The `0x` address of a Sui path. */
export async function suiAddress(device: LedgerDevice, path: string): Promise<string> {
  return (await suiAccount(device, path)).address
}
