import type Transport from '@ledgerhq/hw-transport'
import * as substrate from '@zondax/ledger-substrate'
import { ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'

// A CommonJS package: a bundler's namespace import is the exports object, or its `default` without the `__esModule` interop.
const { PolkadotGenericApp } = ((substrate as unknown as { default?: typeof substrate }).default ?? substrate) as typeof substrate
type GenericApp = InstanceType<typeof PolkadotGenericApp<Transport>>

const apps = new WeakMap<Transport, GenericApp>()

/** The generic Polkadot app's API on an open transport (one per transport): `@zondax/ledger-substrate`'s `PolkadotGenericApp`. */
export function polkadotApp(transport: Transport): GenericApp {
  let app = apps.get(transport)
  if (!app) apps.set(transport, (app = new PolkadotGenericApp<Transport>(transport)))
  return app
}

/**
 * Runs a `@zondax/ledger-substrate` call, whose failures are `ResponseError`s with a `returnCode`:
 * a refusal on the device (Zondax's apps answer `6986`, "command not allowed") is the kernel's
 * rejection (4001); `6984` (the app could not take the data: for a transaction, a metadata digest
 * that does not match, or a runtime without `CheckMetadataHash`) is a -32603 with the app's own
 * words; any other status is thrown with its status word for `toLedgerError` (called inside `device.run`).
 */
export async function polkadotCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const { returnCode, errorMessage } = (error ?? {}) as { returnCode?: unknown; errorMessage?: unknown }
    if (typeof returnCode !== 'number') throw error
    if (returnCode === 0x6986) throw new ProviderRpcError({ code: 4001, message: 'The request was rejected on your Ledger' })
    if (returnCode === 0x6984) throw new ProviderRpcError({ code: -32603, message: `The Polkadot app refused the data: ${String(errorMessage).slice(0, 200)}` })
    throw Object.assign(new Error(`Polkadot app: ${String(errorMessage).slice(0, 200)}`), { statusCode: returnCode })
  }
}

/** The SS58 prefix addresses take on a network: its `polkadot.ss58Prefix`, else 42 (generic Substrate). */
export const ss58PrefixOf = (network: Network | undefined): number => (network as { polkadot?: { ss58Prefix?: number } } | undefined)?.polkadot?.ss58Prefix ?? 42

/** The account's ed25519 public key (hex) and SS58 address at a path (five hardened levels), in the network's prefix. */
export function polkadotAccount(device: LedgerDevice, path: string, network: Network | undefined): Promise<{ address: string; publicKey: string }> {
  return device.run({ app: 'Polkadot' }, async (transport) => {
    const { address, pubKey } = await polkadotCall(() => polkadotApp(transport).getAddressEd25519(path, ss58PrefixOf(network)))
    return { address, publicKey: pubKey }
  })
}

/** The address of a path, as the device writes it for the network (prefix 42 when none is given). */
export async function polkadotAddress(device: LedgerDevice, path: string, network?: Network): Promise<string> {
  return (await polkadotAccount(device, path, network)).address
}
