import { makeAutoObservable, runInAction } from 'mobx'
import type { Network } from '../../../kernel/index.js'
import type { SolanaKnownToken, SolanaTokenBalance } from '../actions/fetchTokenBalances.js'

export type SolanaTokenStoreDependencies = {
  /** The connected address and its network, or undefined when not connected. */
  current(): { address: string; network: Network } | undefined
  knownTokens: readonly SolanaKnownToken[]
  fetch?: typeof globalThis.fetch | undefined
  now(): number
}

/**
 * The connected Solana account's SPL token balances (`portico.getStore('solana')`). A failed
 * fetch is not retried for 30 s unless forced (spec §4).
 */
export class SolanaTokenStore {
  balances: SolanaTokenBalance[] = []
  loading = false
  error: unknown = undefined
  private lastFailure: number | undefined = undefined
  private readonly dependencies: SolanaTokenStoreDependencies

  constructor(dependencies: SolanaTokenStoreDependencies) {
    this.dependencies = dependencies
    makeAutoObservable<this, 'dependencies' | 'lastFailure'>(this, { dependencies: false, lastFailure: false }, { autoBind: true })
  }

  /**
   * Reads the token balances of an address (default: the connected account) on a network.
   *
   * @returns the balances (also kept in `balances` when they are the connected account's)
   */
  async fetchTokenBalances(parameters: { address?: string; network?: Network; force?: boolean } = {}): Promise<SolanaTokenBalance[]> {
    const current = this.dependencies.current()
    const address = parameters.address ?? current?.address
    const network = parameters.network ?? current?.network
    if (!address || !network) return []
    const own = address === current?.address && network.caipNetworkId === current?.network.caipNetworkId
    if (own && !parameters.force && this.lastFailure !== undefined && this.dependencies.now() - this.lastFailure < 30_000) return this.balances
    if (own) this.loading = true
    try {
      const { fetchTokenBalances } = await import('../actions/fetchTokenBalances.js')
      const balances = await fetchTokenBalances({ network, address, knownTokens: this.dependencies.knownTokens, fetch: this.dependencies.fetch })
      if (own) {
        runInAction(() => {
          this.balances = balances
          this.error = undefined
          this.loading = false
        })
        this.lastFailure = undefined
      }
      return balances
    } catch (error) {
      if (own) {
        this.lastFailure = this.dependencies.now()
        runInAction(() => {
          this.error = error
          this.loading = false
        })
      }
      throw error
    }
  }

  /** Forgets the balances (on disconnect). */
  clear(): void {
    this.balances = []
    this.error = undefined
    this.loading = false
    this.lastFailure = undefined
  }
}
