import type { Portico, WalletConnector } from '../../kernel/index.js'

/**
 * What choosing a discovered wallet does: a connector that names its connecting `view` (e.g. a
 * QR code from the plugin that offers it) opens that view with `{ namespace }`; any other
 * connector of the active namespace (a merged multi-namespace wallet picks its member) is
 * connected in the ConnectingExternal view.
 *
 * @example
 * selectConnector(portico, connector)
 */
export function selectConnector(portico: Portico, connector: WalletConnector): void {
  const active = portico.stores.networks.activeNamespace
  const member = connector.connectors?.find((c) => c.namespace === active) ?? connector.connectors?.[0] ?? connector
  const { connectors: _members, ...plain } = member
  if (plain.view) portico.stores.router.push(plain.view, { namespace: plain.namespace })
  else portico.stores.router.push('ConnectingExternal', { connector: plain })
}
