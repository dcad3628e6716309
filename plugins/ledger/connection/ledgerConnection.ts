import type { CaipNetworkId, ConnectResult, Network } from '../../../kernel/kernel.js'
import { ledgerConnectorId } from '../constants.js'
import { ledgerChainOf, type LedgerChannelParameters } from '../chains/index.js'
import { LedgerAccountNotChosenError, LedgerNotSelectedError, LedgerUnsupportedBrowserError } from '../errors.js'
import type { LedgerDevice } from '../transport/LedgerDevice.js'
import { isConcretePath } from '../utils/derivationPaths.js'

// The plugin's connection work, loaded with the device code (nothing here is needed before the
// visitor picks Ledger): errors, path checks and the channels live behind this module.

export type LedgerConnectionParameters = LedgerChannelParameters & {
  namespace: string
  network: Network | undefined
}

/**
 * The `connect` / `reconnect` answer for a chosen account: the account, the network, and the
 * namespace's channel over the shared device.
 *
 * @example
 * await ledgerConnectResult({ namespace: 'eip155', device, path, address, network, networks, environment: {} })
 */
export async function ledgerConnectResult({ namespace, network, ...parameters }: LedgerConnectionParameters): Promise<ConnectResult> {
  if (!network) throw new LedgerAccountNotChosenError()
  const { address } = parameters
  const channel = (await ledgerChainOf(namespace).load()).channel(parameters)
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
  return isConcretePath(path, { hardenedOnly: ledgerChainOf(namespace).hardenedOnly })
}
