import { BaseError } from '../errors/BaseError.js'
import type { RootStore } from './createRootStore.js'

/** A plugin tried to change a kernel store directly instead of through a context action. */
export class StoreIsReadOnlyError extends BaseError {
  override name = 'StoreIsReadOnlyError'
  override code = 'STORE_IS_READ_ONLY'
  constructor({ store, member }: { store: string; member: string }) {
    super(`The kernel store "${store}" is read-only here: "${member}" changes it`, {
      docsPath: '/kernel/errors.md#storeisreadonlyerror',
      metaMessages: ['Plugins read kernel stores and change them through the actions of their context (docs/kernel/plugin-context.md).'],
    })
  }
}

type MethodKeys<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T] & string

type StoreMethods = { readonly [K in keyof RootStore]: readonly MethodKeys<RootStore[K]>[] }

/**
 * Every public method of every kernel store, sorted into those that change the store (`change`)
 * and those that only read it (`read`). A method in neither list does not compile (see
 * {@link UnsortedStoreMethods}), so a new store method must be sorted before plugins can see it.
 */
export const storeMethods = {
  change: {
    options: ['setRemoteFeatures', 'setServerAnalytics'],
    modal: ['setOpen', 'setLoading', 'clearLoading', 'shake', 'addCloseGuard'],
    router: ['push', 'reset', 'replace', 'goBack', 'goBackToIndex'],
    connections: ['setChannel', 'setConnecting', 'setConnected', 'setAccounts', 'setNetwork', 'reset', 'resetAll', 'keep', 'updateKept', 'takeKept', 'clearKept', 'hold', 'release'],
    networks: ['setActive', 'setActiveNamespace', 'chooseNamespace'],
    wallets: ['addConnectors', 'removeNamespace', 'addRecent'],
    directory: ['fetchFeatured', 'fetchNextPage', 'setQuery', 'search'],
    accounts: ['update', 'forgetBalance', 'reset'],
    toasts: ['show', 'showSuccess', 'showError', 'hide', 'dispose'],
    alerts: ['raise', 'notice', 'warn', 'debugMessage', 'dismiss'],
  },
  read: {
    options: [],
    modal: ['isCloseBlocked'],
    router: [],
    connections: ['channel', 'get', 'status', 'isConnected', 'address', 'caipAddress', 'connectorStatus', 'keptOf', 'findKept', 'isHeld'],
    networks: ['find', 'networksOf', 'activeOf'],
    wallets: ['find'],
    directory: [],
    accounts: ['get', 'totalValue'],
    toasts: [],
    alerts: ['hasShown'],
  },
} as const satisfies { change: StoreMethods; read: StoreMethods }

type Changers = typeof storeMethods.change
type Readers = typeof storeMethods.read

/** Per store, the public methods sorted into neither list (must be `never` for every store). */
export type UnsortedStoreMethods = {
  [K in keyof RootStore]: Exclude<MethodKeys<RootStore[K]>, Changers[K][number] | Readers[K][number]>
}

// Compile-time check: every store method is sorted.
type AssertAllSorted<T extends { [K in keyof RootStore]: never }> = T
export type _EveryStoreMethodIsSorted = AssertAllSorted<UnsortedStoreMethods>

/** A kernel store as plugins see it: its state, computed values and readers, no changing method. */
export type ReadonlyStore<K extends keyof RootStore> = Readonly<Omit<RootStore[K], Changers[K][number]>>

/** The kernel stores as a plugin's context gives them: read them, change them through actions. */
export type ReadonlyRootStore = { readonly [K in keyof RootStore]: ReadonlyStore<K> }

/**
 * Wraps the kernel stores so that calling a changing method or assigning a field throws
 * {@link StoreIsReadOnlyError}; reads (fields, computed values, readers) pass through, and stay
 * observable. The types already hide the changing methods: this catches a cast or plain JavaScript.
 *
 * @param stores - the instance's stores
 * @returns the read-only view plugins receive as `context.stores`
 */
export function readonlyStores(stores: RootStore): ReadonlyRootStore {
  const wrapped = {} as Record<string, unknown>
  for (const name of Object.keys(stores) as (keyof RootStore)[]) {
    const changers = new Set<string>(storeMethods.change[name])
    wrapped[name] = new Proxy(stores[name], {
      get(target, member, receiver) {
        if (typeof member === 'string' && changers.has(member)) throw new StoreIsReadOnlyError({ store: name, member })
        return Reflect.get(target, member, receiver)
      },
      set(_target, member) {
        throw new StoreIsReadOnlyError({ store: name, member: String(member) })
      },
      deleteProperty(_target, member) {
        throw new StoreIsReadOnlyError({ store: name, member: String(member) })
      },
      defineProperty(_target, member) {
        throw new StoreIsReadOnlyError({ store: name, member: String(member) })
      },
    })
  }
  return Object.freeze(wrapped) as ReadonlyRootStore
}
