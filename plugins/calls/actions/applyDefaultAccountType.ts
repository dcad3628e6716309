import type { ChainNamespace } from '../../../kernel/kernel.js'
import type { CallsContext } from '../types.js'

/**
 * After a connection: when the site's `defaultAccountTypes[namespace]` (else the chain plugin's
 * `meta.defaultAccountType`) is `eoa` or `smartAccount` and differs from the active account's type,
 * asks a connector that creates accounts (a `switchAccountType` tap) for it. An injected wallet's
 * accounts are never reordered here; a failure is reported, never thrown.
 *
 * @example
 * await applyDefaultAccountType(portico, 'eip155')
 */
export async function applyDefaultAccountType(portico: CallsContext, namespace: ChainNamespace): Promise<void> {
  const preferred = portico.options.defaultAccountTypes?.[namespace] ?? portico.plugins.find((p) => p.kind === 'chain' && p.namespace === namespace)?.meta?.defaultAccountType
  if (preferred !== 'eoa' && preferred !== 'smartAccount') return
  const connection = portico.stores.connections.get(namespace)
  const hook = portico.callsHooks.switchAccountType.get(namespace)
  if (connection.status !== 'connected' || !connection.connectorId || !hook?.isUsed()) return
  if ((connection.accounts[0]?.type ?? 'eoa') === preferred) return
  try {
    const accounts = await hook.promise({ namespace, connectorId: connection.connectorId, type: preferred })
    if (accounts && Array.isArray(accounts) && accounts[0]?.type === preferred && portico.stores.connections.get(namespace).connectorId === connection.connectorId) portico.reportAccountsChanged(namespace, accounts)
  } catch (error) {
    portico.reportError(error, { namespace, action: 'switchAccountType' })
  }
}
