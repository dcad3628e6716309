import {
  type ChainNamespace,
  defaultConnectorTypeOrder,
  normalizeWalletName,
  type ConnectorTypeOrderItem,
  type DirectoryWallet,
  type WalletConnector,
} from '../../../kernel/kernel.js'

/** One row of a group: a discovered connector, a directory wallet, or (`pending`) the place of one still loading. */
export type ConnectItem = { key: string; name: string; connector?: WalletConnector; wallet?: DirectoryWallet; pending?: true }
export type ConnectGroup = { id: ConnectorTypeOrderItem; items: ConnectItem[] }

export type ConnectGroupsParameters = {
  connectors: readonly WalletConnector[]
  recent: readonly DirectoryWallet[]
  featured: readonly DirectoryWallet[]
  custom: readonly DirectoryWallet[]
  /** The directory's first page, for the recommended group. */
  directory: readonly DirectoryWallet[]
  order: readonly ConnectorTypeOrderItem[]
  /** A phone. WalletConnect stays listed there too (issue 14): it pairs by a wallet's deep link or the copied URI. */
  isMobile: boolean
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  recommendedLimit?: number
  /**
   * The site's featured wallet ids while the directory has not answered for them, and whether its
   * first page (the recommended wallets) is still to come: their rows are held by `pending` items,
   * so nothing below them (All Wallets) moves when they arrive.
   */
  pending?: { featuredIds: readonly string[]; recommended: boolean }
  /**
   * The namespace the visitor chose (`networks.chosenNamespace`): only the connectors that serve
   * it and the directory wallets that list it (or list no chains at all) are shown.
   */
  namespace?: ChainNamespace
}

/** Whether a (merged) connector connects `namespace`: itself or one of its members. */
export function connectorServes(connector: WalletConnector, namespace: ChainNamespace): boolean {
  return connector.namespace === namespace || (connector.connectors ?? []).some((member) => member.namespace === namespace)
}

/**
 * Whether a directory wallet serves `namespace`: one of its CAIP-2 `chains` or `injected` entries
 * is of it. A wallet that lists neither says nothing, and is kept.
 */
export function directoryWalletServes(wallet: DirectoryWallet, namespace: ChainNamespace): boolean {
  const chains = Array.isArray(wallet.chains) ? wallet.chains.filter((chain) => typeof chain === 'string') : []
  const injected = Array.isArray(wallet.injected) ? wallet.injected.map((entry) => entry?.namespace).filter((ns): ns is string => typeof ns === 'string') : []
  if (chains.length === 0 && injected.length === 0) return true
  return chains.some((chain) => chain.split(':')[0] === namespace) || injected.includes(namespace)
}

const injectedRank: Record<string, number> = { MULTI_CHAIN: 0, ANNOUNCED: 1, INJECTED: 2 }

/** The group order: the site's `connectorTypeOrder` first, then the rest in default order. */
export function connectorTypeOrder(order: readonly ConnectorTypeOrderItem[]): ConnectorTypeOrderItem[] {
  const front = [...new Set(order.filter((item) => defaultConnectorTypeOrder.includes(item)))]
  return [...front, ...defaultConnectorTypeOrder.filter((item) => !front.includes(item))]
}

/** How many recommended wallets fit (spec: 4 minus what the other groups already show). */
export function recommendedCount({ featured, custom, injected, limit = 4 }: { featured: number; custom: number; injected: number; limit?: number }): number {
  return Math.max(0, limit - (featured + custom + injected))
}

/**
 * The Connect view's groups (appkit-behaviour §2.12): in the connector-type order, empty groups
 * skipped, no wallet shown twice (a directory entry that matches a discovered wallet is left
 * out), excluded wallets hidden, recommended capped; with a chosen `namespace`, only its wallets.
 * Featured and recommended wallets the
 * directory has not sent yet (`pending`) are held by as many `pending` rows.
 *
 * @example
 * connectGroups({ connectors, recent: [], featured: [], custom: [], directory: [], order: [], isMobile: false })
 */
export function connectGroups(p: ConnectGroupsParameters): ConnectGroup[] {
  const exclude = new Set(p.excludeWalletIds ?? [])
  const include = new Set(p.includeWalletIds ?? [])
  const ns = p.namespace
  const inNamespace = (w: DirectoryWallet) => ns === undefined || directoryWalletServes(w, ns)
  const shown = (c: WalletConnector) =>
    (ns === undefined || connectorServes(c, ns)) &&
    !exclude.has(c.name) &&
    !(c.rdns && exclude.has(c.rdns)) &&
    !(c.explorerId && (exclude.has(c.explorerId) || (include.size > 0 && !include.has(c.explorerId))))
  const connectors = p.connectors.filter(shown)
  const connectorNames = new Set(connectors.map((c) => normalizeWalletName(c.name)))
  const connectorRdns = new Set(connectors.map((c) => c.rdns).filter(Boolean))
  const connectorIds = new Set(connectors.map((c) => c.explorerId).filter(Boolean))
  const seen = new Set<string>()
  const fresh = (w: DirectoryWallet) => {
    const duplicate =
      !inNamespace(w) ||
      seen.has(w.id) || exclude.has(w.id) || connectorIds.has(w.id) || (w.rdns ? connectorRdns.has(w.rdns) : false) || connectorNames.has(normalizeWalletName(w.name))
    seen.add(w.id)
    return !duplicate
  }
  const fromConnector = (c: WalletConnector): ConnectItem => ({ key: `c:${c.namespace}:${c.id}`, name: c.name, connector: c })
  const fromWallet = (group: string) => (w: DirectoryWallet): ConnectItem => ({ key: `${group}:${w.id}`, name: w.name, wallet: w })

  const walletConnect = connectors.filter((c) => c.type === 'WALLET_CONNECT')
  const injected = connectors
    .filter((c) => c.type in injectedRank)
    .sort((a, b) => (injectedRank[a.type] ?? 9) - (injectedRank[b.type] ?? 9))
  const external = connectors.filter((c) => c.type === 'EXTERNAL')
  const recent = p.recent.filter(fresh)
  const featuredIds = p.featured.length === 0 ? (p.pending?.featuredIds ?? []).filter((id) => !exclude.has(id) && !connectorIds.has(id)) : []
  const featured = p.featured.filter(fresh)
  const custom = p.custom.filter(fresh)
  const canRecommend = walletConnect.length > 0 || injected.length > 0 || custom.length > 0
  const count = canRecommend ? recommendedCount({ featured: featured.length + featuredIds.length, custom: custom.length, injected: injected.length, limit: p.recommendedLimit }) : 0
  const recommended = count > 0 ? p.directory.filter(fresh).slice(0, count) : []
  const placeholders = (group: string, n: number): ConnectItem[] => Array.from({ length: n }, (_, i) => ({ key: `${group}:pending:${i}`, name: '', pending: true }))

  const byType: Record<ConnectorTypeOrderItem, ConnectItem[]> = {
    walletConnect: walletConnect.map(fromConnector),
    recent: recent.map(fromWallet('recent')),
    injected: injected.map(fromConnector),
    featured: featuredIds.length > 0 ? placeholders('featured', featuredIds.length) : featured.map(fromWallet('featured')),
    custom: custom.map(fromWallet('custom')),
    external: external.map(fromConnector),
    recommended: p.pending?.recommended && recommended.length === 0 ? placeholders('recommended', count) : recommended.map(fromWallet('recommended')),
  }
  return connectorTypeOrder(p.order)
    .map((id) => ({ id, items: byType[id] }))
    .filter((group) => group.items.length > 0)
}
