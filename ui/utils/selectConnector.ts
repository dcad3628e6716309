import type { Portico, WalletConnector } from '../../kernel/kernel.js'
import { memberFor } from './chainBadges.js'

/**
 * What choosing a discovered wallet does (a multi-chain wallet's own chain buttons call
 * `connectMember` instead): a connector that names its connecting `view` (e.g. a QR code from the plugin that offers it) opens that view
 * with `{ namespace }`; any other connector of the active namespace (a merged multi-namespace
 * wallet picks its member) is connected in the ConnectingExternal view.
 *
 * @example
 * selectConnector(portico, connector)
 */
export function selectConnector(portico: Portico, connector: WalletConnector): void {
  const active = portico.stores.networks.activeNamespace
  const plain = memberFor(connector, active) ?? memberFor(connector, (connector.connectors?.[0] ?? connector).namespace) ?? connector
  connectMember(portico, plain)
}

/**
 * Connects one namespace's connector: its own `view` with `{ namespace }`, else ConnectingExternal.
 * Connecting makes that namespace the active one, whatever the header showed.
 */
export function connectMember(portico: Portico, member: WalletConnector, how: 'push' | 'replace' = 'push'): void {
  const { router } = portico.stores
  if (member.view) router[how](member.view, { namespace: member.namespace })
  else router[how]('ConnectingExternal', { connector: member })
}
