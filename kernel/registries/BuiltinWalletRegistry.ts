import { observable, runInAction } from 'mobx'
import type { ChainNamespace } from '../types/caip.js'
import type { DirectoryWallet } from '../types/wallet.js'

/** A namespace's built-in wallets, or the import of them: `() => import('./wallets.js').then((m) => m.list())`. */
export type BuiltinWalletLoader = () => readonly DirectoryWallet[] | Promise<readonly DirectoryWallet[]>

/**
 * Portico's built-in wallets by namespace, lent by chain plugins: each brings the wallets (and
 * logos) of its own namespace, so a page carries only those of its plugins. The Connect view falls
 * back on them when the directory is unreachable; the Get Wallet view lists them.
 *
 * @example
 * portico.builtinWallets.register('eip155', () => import('./wallets.js').then((m) => m.evmWallets()))
 * portico.builtinWallets.for(['eip155']).map((w) => w.name) // ['MetaMask', 'Phantom', …] once loaded
 */
export class BuiltinWalletRegistry {
  readonly #loaders = new Map<ChainNamespace, BuiltinWalletLoader>()
  /** Loaded lists per namespace (observable: a view re-renders when its list arrives). */
  readonly #lists = observable.map<ChainNamespace, readonly DirectoryWallet[]>({}, { deep: false })
  readonly #loading = new Map<ChainNamespace, Promise<void>>()

  register(namespace: ChainNamespace, load: BuiltinWalletLoader): void {
    this.#loaders.set(namespace, load)
    this.#loading.delete(namespace)
    runInAction(() => this.#lists.delete(namespace))
  }

  /**
   * Loads the lists of the given namespaces (once each; a loader that fails leaves its namespace
   * empty) and returns them as {@link for} does.
   */
  async load(namespaces: readonly ChainNamespace[]): Promise<DirectoryWallet[]> {
    await Promise.all(namespaces.map((namespace) => this.#start(namespace)))
    return this.for(namespaces)
  }

  /**
   * The built-in wallets of the given namespaces loaded so far — each namespace's list in the
   * order given (most used first), a wallet of several namespaces once, at its first place — and
   * starts loading the others (read in a MobX reaction or an observer view, it updates when they
   * arrive). Empty for a namespace no plugin filled.
   */
  for(namespaces: readonly ChainNamespace[]): DirectoryWallet[] {
    const seen = new Set<string>()
    const out: DirectoryWallet[] = []
    for (const namespace of namespaces) {
      const list = this.#lists.get(namespace)
      if (!list) void this.#start(namespace)
      for (const wallet of list ?? []) {
        if (seen.has(wallet.id)) continue
        seen.add(wallet.id)
        out.push(wallet)
      }
    }
    return out
  }

  #start(namespace: ChainNamespace): Promise<void> {
    const load = this.#loaders.get(namespace)
    if (!load) return Promise.resolve()
    let loading = this.#loading.get(namespace)
    if (!loading) {
      loading = Promise.resolve()
        .then(load)
        .then(
          (list) => runInAction(() => void this.#lists.set(namespace, list)),
          () => undefined,
        )
      this.#loading.set(namespace, loading)
    }
    return loading
  }
}
