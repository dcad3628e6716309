import type Transport from '@ledgerhq/hw-transport'
import StacksAppExport from '@zondax/ledger-stacks'
import { ProviderRpcError, type Network } from '../../../kernel/kernel.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'

// A CommonJS package: a bundler's default import is the class (`exports.default`) or, without the
// `__esModule` interop, the whole `exports` object whose `default` is the class.
const StacksApp = ((StacksAppExport as unknown as { default?: typeof StacksAppExport }).default ?? StacksAppExport) as typeof StacksAppExport
type StacksApp<T extends Transport> = StacksAppExport<T>

const apps = new WeakMap<Transport, StacksApp<Transport>>()

/** The Stacks app's API on an open transport (one per transport). */
export function stacksApp(transport: Transport): StacksApp<Transport> {
  let app = apps.get(transport)
  if (!app) apps.set(transport, (app = new StacksApp<Transport>(transport)))
  return app
}

/**
 * What `@zondax/ledger-stacks` answers: a status word instead of a throw. A refusal on the device
 * (Zondax's apps answer `6986`, "command not allowed") is the kernel's rejection (4001); any other
 * status but `9000` is thrown with its status word for `toLedgerError` (called inside `device.run`).
 */
export function checked<T extends { returnCode: number; errorMessage: string }>(answer: T): T {
  if (answer.returnCode === 0x6986) throw new ProviderRpcError({ code: 4001, message: 'The request was rejected on your Ledger' })
  if (answer.returnCode !== 0x9000) throw Object.assign(new Error(`Stacks app: ${answer.errorMessage}`), { statusCode: answer.returnCode })
  return answer
}

/** Whether a network uses mainnet addresses (`SP…`): its Stacks data says so, else chain id 1 is mainnet. */
export function isStacksMainnet(network: Network | undefined): boolean {
  const data = (network as { stacks?: { addressNetwork?: unknown } } | undefined)?.stacks
  if (data?.addressNetwork === 'mainnet' || data?.addressNetwork === 'testnet') return data.addressNetwork === 'mainnet'
  return network?.caipNetworkId === 'stacks:1'
}

/** The c32 version byte of a single-signature address: 22 (`SP…`) on mainnet, 26 (`ST…`) on a testnet. */
export const stacksAddressVersion = (network: Network | undefined): 22 | 26 => (isStacksMainnet(network) ? 22 : 26)

/** The account's address and compressed public key at a path (five levels), for the network's address version. */
export function stacksAccount(device: LedgerDevice, path: string, network: Network | undefined): Promise<{ address: string; publicKey: string }> {
  return device.run({ app: 'Stacks' }, async (transport) => {
    const { address, publicKey } = checked(await stacksApp(transport).getAddressAndPubKey(path, stacksAddressVersion(network) as never))
    return { address, publicKey: Buffer.from(publicKey).toString('hex') }
  })
}

/** The address of a path, as the device writes it for the network (testnet when none is given). */
export async function stacksAddress(device: LedgerDevice, path: string, network?: Network): Promise<string> {
  return (await stacksAccount(device, path, network)).address
}
