import type Transport from '@ledgerhq/hw-transport'
import CosmosAppExport from '@zondax/ledger-cosmos-js'
import { ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import { LedgerPathRefusedError } from '../errors.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'

// A CommonJS package: a bundler's default import is the class (`exports.default`) or, without the
// `__esModule` interop, the whole `exports` object whose `default` is the class.
const CosmosApp = ((CosmosAppExport as unknown as { default?: typeof CosmosAppExport }).default ?? CosmosAppExport) as typeof CosmosAppExport
type CosmosApp = CosmosAppExport

const apps = new WeakMap<Transport, CosmosApp>()

/** The Cosmos app's API on an open transport (one per transport): `@zondax/ledger-cosmos-js`. */
export function cosmosApp(transport: Transport): CosmosApp {
  let app = apps.get(transport)
  if (!app) apps.set(transport, (app = new CosmosApp(transport as never)))
  return app
}

/**
 * What `@zondax/ledger-cosmos-js` throws, for `toLedgerError` (called inside `device.run`): its
 * `ResponseError` carries `returnCode`; a refusal on the device (Zondax's apps answer `6986`,
 * "command not allowed") is the kernel's rejection (4001); a path the app does not serve (`6989`,
 * `698B`) is a {@link LedgerPathRefusedError}; any other code keeps its status word.
 */
export function cosmosError(error: unknown): unknown {
  const code = (error as { returnCode?: unknown } | null)?.returnCode
  if (typeof code !== 'number') return error
  if (code === 0x6986) return new ProviderRpcError({ code: 4001, message: 'The request was rejected on your Ledger', cause: error })
  // A path level over 100 outside expert mode (`6989`), a coin type or change level the app does not serve (`698B`).
  if (code === 0x6989 || code === 0x698b) return new LedgerPathRefusedError({ app: 'Cosmos', statusCode: code, cause: error })
  const message = (error as { errorMessage?: unknown }).errorMessage
  return Object.assign(new Error(`Cosmos app: ${typeof message === 'string' ? message.slice(0, 200) : 'error'}`, { cause: error }), { statusCode: code })
}

/** Runs a Cosmos app call on the device, its library's errors read by {@link cosmosError}. */
export function runCosmos<T>(device: LedgerDevice, action: (app: CosmosApp) => Promise<T>): Promise<T> {
  return device.run({ app: 'Cosmos' }, async (transport) => {
    try {
      return await action(cosmosApp(transport))
    } catch (error) {
      throw cosmosError(error)
    }
  })
}

/** The Cosmos data a network carries (`defineCosmosNetwork`'s `cosmos` field), read without the cosmos plugin. */
export function cosmosChainOf(network: Network | undefined): { chainId?: string; bech32Prefix: string } {
  const data = (network as { cosmos?: { chainId?: unknown; bech32Prefix?: unknown } } | undefined)?.cosmos
  const bech32Prefix = typeof data?.bech32Prefix === 'string' && /^[a-z]{3,83}$/.test(data.bech32Prefix) ? data.bech32Prefix : 'cosmos'
  return { bech32Prefix, ...(typeof data?.chainId === 'string' ? { chainId: data.chainId } : {}) }
}

/** The account's compressed public key and bech32 address at a path (five levels), with the network's prefix (`cosmos` when none is given). */
export function cosmosAccount(device: LedgerDevice, path: string, network: Network | undefined): Promise<{ address: string; publicKey: Uint8Array }> {
  return runCosmos(device, async (app) => {
    const { bech32_address: address, compressed_pk: publicKey } = await app.getAddressAndPubKey(path, cosmosChainOf(network).bech32Prefix)
    return { address, publicKey: new Uint8Array(publicKey) }
  })
}

/** The bech32 address of a path, as the device writes it for the network's prefix. */
export async function cosmosAddress(device: LedgerDevice, path: string, network?: Network): Promise<string> {
  return (await cosmosAccount(device, path, network)).address
}
