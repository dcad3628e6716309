import type { ChainNamespace } from '../types/caip.js'
import type { ChainAdapter, ChainAdapterMethodName } from '../types/chainAdapter.js'
import type { AddressValidatorRegistry } from './AddressValidatorRegistry.js'
import type { BuiltinWalletRegistry } from './BuiltinWalletRegistry.js'

/** What the kernel keeps of a chain adapter: its namespace and the methods it calls directly (each optional here). */
export type ChainAdapterMethods = Pick<ChainAdapter, 'namespace'> & Partial<Pick<ChainAdapter, ChainAdapterMethodName | 'createSigner'>>

/** What `register` takes: the methods, and the namespace's address rule and built-in wallets when this adapter brings them. */
export type ChainAdapterRegistration = ChainAdapterMethods & Partial<Pick<ChainAdapter, 'isAddress' | 'builtinWallets' | 'slip44'>>

type Request<M extends ChainAdapterMethodName> = Parameters<NonNullable<ChainAdapter[M]>>[0]
type Answer<M extends ChainAdapterMethodName> = Awaited<ReturnType<NonNullable<ChainAdapter[M]>>>

/**
 * The chain adapters by namespace, for the adapter methods the kernel calls directly instead of
 * through a hook (`request`, `rpcRequest`, `sendTransaction`, `estimateSendFee`,
 * `waitForTransaction`, `selectAccount`: only the namespace's chain plugin answers them).
 * `registerChainAdapter` fills it; several adapters of one namespace are asked in the order they
 * registered until one answers (as a bail hook's taps were).
 */
export class ChainAdapterRegistry {
  private readonly adapters = new Map<ChainNamespace, ChainAdapterMethods[]>()
  private readonly coinTypes = new Map<ChainNamespace, number>()
  private readonly registries: { addressValidators: AddressValidatorRegistry; builtinWallets: BuiltinWalletRegistry }

  constructor(registries: { addressValidators: AddressValidatorRegistry; builtinWallets: BuiltinWalletRegistry }) {
    this.registries = registries
  }

  /**
   * Adds an adapter, with the namespace's address rule (`isAddress`: the kernel checks every
   * account a wallet reports with it) and built-in wallets when it brings them; returns the
   * adapter's remover (the address rule and the wallets stay for the instance's life).
   */
  register(adapter: ChainAdapterRegistration): () => void {
    if (adapter.isAddress) this.registries.addressValidators.register(adapter.namespace, adapter.isAddress)
    if (adapter.builtinWallets) this.registries.builtinWallets.register(adapter.namespace, adapter.builtinWallets)
    if (Number.isSafeInteger(adapter.slip44) && (adapter.slip44 as number) >= 0 && !this.coinTypes.has(adapter.namespace)) this.coinTypes.set(adapter.namespace, adapter.slip44 as number)
    const list = this.adapters.get(adapter.namespace) ?? []
    this.adapters.set(adapter.namespace, [...list, adapter])
    return () => this.adapters.set(adapter.namespace, (this.adapters.get(adapter.namespace) ?? []).filter((a) => a !== adapter))
  }

  /** The namespace's SLIP-44 coin type, from the first adapter that declared one (`slip44`). */
  slip44(namespace: ChainNamespace): number | undefined {
    return this.coinTypes.get(namespace)
  }

  /** Whether an adapter of the namespace has `method` (the capability is there). */
  has(namespace: ChainNamespace, method: ChainAdapterMethodName): boolean {
    return (this.adapters.get(namespace) ?? []).some((adapter) => typeof adapter[method] === 'function')
  }

  /** The first of the namespace's adapters that builds a signer (`createSigner`), bound to it. */
  signerFactory(namespace: ChainNamespace): NonNullable<ChainAdapter['createSigner']> | undefined {
    const adapter = (this.adapters.get(namespace) ?? []).find((a) => typeof a.createSigner === 'function')
    return adapter?.createSigner?.bind(adapter)
  }

  /** Asks the namespace's adapters that have `method`, in order, until one answers; `undefined` when none does. */
  async call<M extends ChainAdapterMethodName>(namespace: ChainNamespace, method: M, request: Request<M>): Promise<Answer<M> | undefined> {
    for (const adapter of this.adapters.get(namespace) ?? []) {
      const fn = adapter[method] as ((request: Request<M>) => Promise<Answer<M> | undefined>) | undefined
      if (typeof fn !== 'function') continue
      const answer = await fn.call(adapter, request)
      if (answer !== undefined) return answer
    }
    return undefined
  }
}
