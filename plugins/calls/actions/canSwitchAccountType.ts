import type { ChainNamespace, ReadonlyRootStore } from '../../../kernel/kernel.js'
import type { CallsHooks } from '../types.js'

/**
 * Whether the connection offers `type` besides the active account (spec §4): another shared
 * account of that type, or a connector that creates accounts (it tapped `switchAccountType`);
 * `smartAccount` only from an `eoa`. Takes the kernel or a plugin's context (`portico/calls`
 * offers the Account view's switch where it holds).
 *
 * @example
 * canSwitchAccountType(portico, 'smartAccount', 'eip155') // true for the dev wallet's [smartAccount, eoa] with the EOA active
 */
export function canSwitchAccountType(portico: { callsHooks: Pick<CallsHooks, 'switchAccountType'>; stores: Pick<ReadonlyRootStore, 'connections' | 'networks'> }, type: 'eoa' | 'smartAccount', namespace: ChainNamespace = portico.stores.networks.activeNamespace): boolean {
  const connection = portico.stores.connections.get(namespace)
  if (connection.status !== 'connected') return false
  const current = connection.accounts[0]?.type ?? 'eoa'
  if (current === type || (type === 'smartAccount' && current !== 'eoa')) return false
  return connection.accounts.slice(1).some((a) => (a.type ?? 'eoa') === type) || portico.callsHooks.switchAccountType.get(namespace)?.isUsed() === true
}
