import { makeAutoObservable } from 'mobx'
import type { ChainNamespace } from '../types/caip.js'
import type { DirectoryWallet, WalletConnector } from '../types/wallet.js'

/** "Trust Wallet" and "Trust" are one wallet: lower-case, drop a trailing "wallet". */
export function normalizeWalletName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+wallet$/, '')
    .replace(/\s+/g, ' ')
}

const typeRank: Record<string, number> = { ANNOUNCED: 0, AUTH: 1, WALLET_CONNECT: 2, EXTERNAL: 3, INJECTED: 4, MULTI_CHAIN: 5 }

/** Discovered connectors (merged by name across namespaces, never listed twice) and recent wallets. */
export class WalletStore {
  connectors: WalletConnector[] = []
  recent: DirectoryWallet[] = []

  constructor(recent: readonly DirectoryWallet[] = []) {
    this.recent = recent.slice(0, 2)
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /**
   * Adds connectors. Within a namespace a wallet is listed once: a connector whose rdns or
   * normalised name is already there is dropped, unless it is announced (EIP-6963) and the one
   * there is a plain injected fallback, which it replaces.
   */
  addConnectors(list: readonly WalletConnector[]): void {
    for (const connector of list) {
      if (!connector || typeof connector.id !== 'string' || typeof connector.name !== 'string') continue
      const index = this.connectors.findIndex(
        (existing) =>
          existing.namespace === connector.namespace &&
          (existing.id === connector.id ||
            (connector.rdns && existing.rdns === connector.rdns) ||
            normalizeWalletName(existing.name) === normalizeWalletName(connector.name)),
      )
      if (index === -1) this.connectors.push(connector)
      else if ((typeRank[connector.type] ?? 9) < (typeRank[(this.connectors[index] as WalletConnector).type] ?? 9)) {
        this.connectors[index] = connector
      }
    }
  }

  removeNamespace(namespace: ChainNamespace): void {
    this.connectors = this.connectors.filter((c) => c.namespace !== namespace)
  }

  /** Connectors of the same name across namespaces merged into one MULTI_CHAIN (or AUTH) entry. */
  get merged(): WalletConnector[] {
    const groups = new Map<string, WalletConnector[]>()
    for (const connector of this.connectors) {
      const key = normalizeWalletName(connector.name)
      const group = groups.get(key)
      if (group) group.push(connector)
      else groups.set(key, [connector])
    }
    return [...groups.values()].map((group) => {
      const first = group[0] as WalletConnector
      if (group.length === 1) return first
      // One kind of connector in every namespace (WalletConnect, the auth wallet) keeps its type;
      // the same extension announced in several namespaces becomes MULTI_CHAIN.
      const sameType = group.every((c) => c.type === first.type)
      return {
        ...first,
        type: first.type === 'AUTH' ? 'AUTH' : sameType && first.type !== 'ANNOUNCED' && first.type !== 'INJECTED' ? first.type : 'MULTI_CHAIN',
        connectors: group,
      }
    })
  }

  find(id: string, namespace?: ChainNamespace): WalletConnector | undefined {
    return this.connectors.find((c) => c.id === id && (namespace === undefined || c.namespace === namespace))
  }

  get hasInjected(): boolean {
    return this.connectors.some((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED')
  }

  /** Records a wallet used over WalletConnect: at most 2, a known one is not moved. */
  addRecent(wallet: DirectoryWallet): void {
    if (this.recent.some((w) => w.id === wallet.id)) return
    this.recent.unshift(wallet)
    if (this.recent.length > 2) this.recent.length = 2
  }
}
