import type { ChainNamespace, Portico, WalletConnector } from '../../kernel/kernel.js'
import type { TranslateFunction } from '../hooks/useTranslate.js'
import { networkImageSrc } from './networkImageSrc.js'

/** One namespace a wallet serves, as the chain plugin that teaches it names it. */
export type ChainBadge = { namespace: ChainNamespace; name: string; imageSrc: string | undefined }

/**
 * The configured namespaces a (merged) connector serves, in the site's network order. The name
 * is the chain plugin's `<plugin>.chainName` message (through the site's translations), else
 * the namespace's first network's name; the picture is that network's. The UI names no namespace.
 *
 * @example
 * chainBadges(portico, t, merged) // [{ namespace: …, name: 'EVM', … }, { …, name: 'Solana', … }]
 */
export function chainBadges(portico: Portico, t: TranslateFunction, connector: WalletConnector): ChainBadge[] {
  const served = new Set((connector.connectors ?? [connector]).map((c) => c.namespace))
  return portico.stores.networks.namespaces
    .filter((namespace) => served.has(namespace))
    .map((namespace) => {
      const network = portico.stores.networks.networksOf(namespace)[0]
      const plugin = portico.plugins.find((p) => p.kind === 'chain' && p.namespace === namespace)
      const key = plugin ? `${plugin.name}.chainName` : undefined
      const named = key ? t(key) : undefined
      const name = named && named !== key ? named : (network?.name ?? namespace)
      return { namespace, name, imageSrc: network ? networkImageSrc(portico, network) : undefined }
    })
}

/**
 * The member of a merged connector that connects `namespace` (the connector itself when it is
 * not merged and serves it), without its `connectors` list.
 */
export function memberFor(connector: WalletConnector, namespace: ChainNamespace): WalletConnector | undefined {
  const member = (connector.connectors ?? [connector]).find((c) => c.namespace === namespace)
  if (!member) return undefined
  const { connectors: _members, ...plain } = member
  return plain
}

/**
 * Whether choosing this wallet asks which chain to connect: it serves several configured
 * namespaces with separate (not `shared`) connections.
 */
export function needsChainChoice(portico: Portico, connector: WalletConnector): boolean {
  const configured = new Set(portico.stores.networks.namespaces)
  const members = (connector.connectors ?? []).filter((c) => !c.shared && configured.has(c.namespace))
  return new Set(members.map((c) => c.namespace)).size > 1
}
