import type { CaipNetworkId, ConnectResult, Network } from '../../../kernel/kernel.js'
import { ledgerConnectorId } from '../constants.js'
import type { Eip155ChannelParameters } from '../eip155/createEip155Channel.js'
import { LedgerAccountNotChosenError, LedgerNotSelectedError, LedgerUnsupportedBrowserError } from '../errors.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { isConcretePath } from '../utils/derivationPaths.js'

// The plugin's connection work, loaded with the device code (nothing here is needed before the
// visitor picks Ledger): errors, path checks and the channels live behind this module.

export type LedgerConnectionParameters = {
  namespace: string
  device: LedgerDevice
  path: string
  address: string
  network: Network | undefined
  networks: () => readonly Network[]
  publicClient?: Eip155ChannelParameters['publicClient']
  fetch?: typeof globalThis.fetch
}

/**
 * The `connect` / `reconnect` answer for a chosen account: the account, the network, and the
 * namespace's channel over the shared device.
 *
 * @example
 * await ledgerConnectResult({ namespace: 'eip155', device, path, address, network, networks })
 */
export async function ledgerConnectResult({ namespace, device, path, address, network, networks, publicClient, fetch }: LedgerConnectionParameters): Promise<ConnectResult> {
  if (!network) throw new LedgerAccountNotChosenError()
  const channel =
    namespace === 'solana'
      ? (await import('../solana/createSolanaChannel.js')).createSolanaChannel({ device, path, address, networks, ...(fetch ? { fetch } : {}) })
      : (await import('../eip155/createEip155Channel.js')).createEip155Channel({ device, path, address, networks, ...(publicClient ? { publicClient } : {}) })
  return { connectorId: ledgerConnectorId, accounts: [{ address, type: 'eoa' }], caipNetworkId: network.caipNetworkId as CaipNetworkId, method: 'browser', channel }
}

/** `connect` without an account chosen in the view. */
export function accountNotChosen(): never {
  throw new LedgerAccountNotChosenError()
}

/** Opens the device in the visitor's click, or says why not. */
export async function openInClick(device: LedgerDevice, supported: boolean): Promise<void> {
  if (!supported) throw new LedgerUnsupportedBrowserError()
  if (!(await device.open({ prompt: true }))) throw new LedgerNotSelectedError()
}

/** Whether a kept path is one this plugin derives for the namespace. */
export function isKeptPath(namespace: string, path: string): boolean {
  return isConcretePath(path, { hardenedOnly: namespace === 'solana' })
}
