import { makeAutoObservable } from 'mobx'
import type { CaipNetworkId, ChainNamespace } from '../types/caip.js'
import type { Network } from '../types/network.js'

/** Configured networks, the active network per namespace, and the active namespace. */
export class NetworkStore {
  networks: readonly Network[]
  activeByNamespace: Record<string, CaipNetworkId> = {}
  activeNamespace: ChainNamespace
  /**
   * The namespace the visitor chose while not connected in it (a network picked from the list,
   * `switchNetwork`, `open({ namespace })`): the Connect view lists only its wallets until the
   * visitor asks for all. `undefined` when nothing was chosen.
   */
  chosenNamespace: ChainNamespace | undefined = undefined

  constructor({ networks, initial }: { networks: readonly Network[]; initial: Network }) {
    this.networks = networks
    this.activeNamespace = initial.chainNamespace
    for (const network of networks) {
      if (!this.activeByNamespace[network.chainNamespace]) this.activeByNamespace[network.chainNamespace] = network.caipNetworkId
    }
    this.activeByNamespace[initial.chainNamespace] = initial.caipNetworkId
    makeAutoObservable(this, { networks: false }, { autoBind: true })
  }

  get namespaces(): ChainNamespace[] {
    return [...new Set(this.networks.map((n) => n.chainNamespace))]
  }

  find(caipNetworkId: string | undefined): Network | undefined {
    return caipNetworkId === undefined ? undefined : this.networks.find((n) => n.caipNetworkId === caipNetworkId)
  }

  networksOf(namespace: ChainNamespace): Network[] {
    return this.networks.filter((n) => n.chainNamespace === namespace)
  }

  activeOf(namespace: ChainNamespace): Network | undefined {
    return this.find(this.activeByNamespace[namespace]) ?? this.networksOf(namespace)[0]
  }

  get activeNetwork(): Network | undefined {
    return this.activeOf(this.activeNamespace)
  }

  /** Makes a configured network active in its namespace and its namespace the active one. */
  setActive(network: Network): void {
    this.activeByNamespace[network.chainNamespace] = network.caipNetworkId
    this.activeNamespace = network.chainNamespace
  }

  setActiveNamespace(namespace: ChainNamespace): void {
    this.activeNamespace = namespace
  }

  /** Records the namespace the visitor chose to connect in (`undefined`: show every namespace's wallets again). */
  chooseNamespace(namespace: ChainNamespace | undefined): void {
    this.chosenNamespace = namespace
  }
}
