import { makeAutoObservable, runInAction } from 'mobx'
import { constants } from '../options/defaults.js'
import type { HttpClient } from '../services/createHttpClient.js'
import type { DirectoryWallet } from '../types/wallet.js'
import { sanitizeDirectoryWallet } from '../utils/sanitizeDirectoryWallet.js'

export type DirectoryStoreDependencies = {
  api: HttpClient
  /** CAIP-2 ids of the configured networks: only wallets supporting one of them are listed. */
  chains: () => readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  featuredWalletIds?: readonly string[]
  onError?: (error: unknown) => void
}

type WalletsResponse = { count?: unknown; data?: unknown }

function parseResponse(response: unknown): { count: number; data: DirectoryWallet[] } {
  const body = (typeof response === 'object' && response !== null ? response : {}) as WalletsResponse
  const data = Array.isArray(body.data) ? body.data.map(sanitizeDirectoryWallet).filter((w): w is DirectoryWallet => w !== undefined) : []
  const count = typeof body.count === 'number' && Number.isFinite(body.count) && body.count >= 0 ? Math.min(body.count, 1_000_000) : data.length
  return { count, data }
}

/**
 * The wallet directory (`/getWallets`): pages of 40 merged without duplicates, featured wallets in
 * the site's order, and search (trimmed, from 2 characters, 100 results). Every entry is
 * sanitised before anything shows it.
 */
export class DirectoryStore {
  wallets: DirectoryWallet[] = []
  featured: DirectoryWallet[] = []
  /** Whether the directory answered for the site's featured wallets, or failed to (`fetchFeatured`). */
  featuredSettled = false
  count = 0
  page = 0
  loading = false
  failed = false
  query = ''
  searchResults: DirectoryWallet[] = []
  searching = false
  private searchToken = 0

  constructor(private readonly deps: DirectoryStoreDependencies) {
    makeAutoObservable<DirectoryStore, 'deps' | 'searchToken'>(this, { deps: false, searchToken: false }, { autoBind: true })
  }

  get hasMore(): boolean {
    return this.page === 0 || this.wallets.length < this.count
  }

  /** Search mode: at least 2 characters (untrimmed length, as typed). */
  get isSearch(): boolean {
    return this.query.length >= constants.searchMinLength
  }

  private baseParams() {
    return {
      chains: this.deps.chains().join(',') || undefined,
      include: this.deps.includeWalletIds?.join(',') || undefined,
      exclude: [...(this.deps.excludeWalletIds ?? []), ...(this.deps.featuredWalletIds ?? [])].join(',') || undefined,
    }
  }

  /** The site's featured wallets still to come from the directory (their ids; none once it answered or failed). */
  get pendingFeaturedIds(): readonly string[] {
    return this.featuredSettled ? [] : (this.deps.featuredWalletIds ?? [])
  }

  async fetchFeatured(): Promise<void> {
    const ids = this.deps.featuredWalletIds ?? []
    if (!ids.length || this.featured.length) return
    try {
      const { data } = parseResponse(await this.deps.api.get('/getWallets', { params: { page: 1, entries: ids.length, include: ids.join(',') } }))
      runInAction(() => {
        this.featured = [...data].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
        this.featuredSettled = true
      })
    } catch (error) {
      runInAction(() => {
        this.featuredSettled = true
      })
      this.deps.onError?.(error)
    }
  }

  /** Loads the next page of 40. */
  async fetchNextPage(): Promise<void> {
    if (this.loading || !this.hasMore) return
    this.loading = true
    const page = this.page + 1
    try {
      const { count, data } = parseResponse(
        await this.deps.api.get('/getWallets', { params: { page, entries: constants.walletsPerPage, ...this.baseParams() } }),
      )
      runInAction(() => {
        const known = new Set(this.wallets.map((w) => w.id))
        this.wallets.push(...data.filter((w) => !known.has(w.id)))
        this.count = Math.max(count, this.count)
        this.page = page
        this.failed = false
        if (data.length === 0) this.count = this.wallets.length
      })
    } catch (error) {
      runInAction(() => {
        this.failed = true
      })
      this.deps.onError?.(error)
    } finally {
      runInAction(() => {
        this.loading = false
      })
    }
  }

  setQuery(query: string): void {
    this.query = query.slice(0, 100)
  }

  /** Runs the search for the current query (the UI debounces it by 500 ms). */
  async search(): Promise<void> {
    const term = this.query.trim()
    const token = ++this.searchToken
    if (!this.isSearch || !term) {
      this.searchResults = []
      this.searching = false
      return
    }
    this.searching = true
    try {
      const { data } = parseResponse(
        await this.deps.api.get('/getWallets', { params: { page: 1, entries: constants.searchEntries, search: term, ...this.baseParams() } }),
      )
      if (token !== this.searchToken) return
      runInAction(() => {
        this.searchResults = data
      })
    } catch (error) {
      if (token === this.searchToken) runInAction(() => (this.searchResults = []))
      this.deps.onError?.(error)
    } finally {
      if (token === this.searchToken) runInAction(() => (this.searching = false))
    }
  }
}
