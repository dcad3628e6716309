/** The EventEmitter part of an injected Solana provider (`on`, `off`, `removeListener`, `emit`), as eventemitter3 gives it. */
export type ProviderEmitter<E extends string> = {
  on(event: E, listener: (...args: unknown[]) => void, context?: unknown): ProviderEmitter<E>
  off(event: E, listener: (...args: unknown[]) => void): ProviderEmitter<E>
  removeListener(event: E, listener: (...args: unknown[]) => void): ProviderEmitter<E>
  emit(event: E, ...args: unknown[]): boolean
  listenerCount(event: E): number
}

/**
 * A small EventEmitter with eventemitter3's calling convention (an optional `this` for the
 * listener), which Phantom's, Solflare's and Backpack's injected providers extend. A listener that
 * throws does not stop the others (the wallet keeps running).
 *
 * @example
 * const events = createProviderEmitter<'connect' | 'disconnect'>()
 * events.on('connect', (publicKey) => console.log(publicKey))
 */
export function createProviderEmitter<E extends string>(): ProviderEmitter<E> {
  const listeners = new Map<E, { listener: (...args: unknown[]) => void; context: unknown }[]>()
  const emitter: ProviderEmitter<E> = {
    on(event, listener, context) {
      if (typeof listener === 'function') listeners.set(event, [...(listeners.get(event) ?? []), { listener, context }])
      return emitter
    },
    off(event, listener) {
      listeners.set(event, (listeners.get(event) ?? []).filter((entry) => entry.listener !== listener))
      return emitter
    },
    removeListener: (event, listener) => emitter.off(event, listener),
    emit(event, ...args) {
      const entries = listeners.get(event) ?? []
      for (const { listener, context } of entries) {
        try {
          listener.apply(context, args)
        } catch {
          // a site's listener must not break the wallet
        }
      }
      return entries.length > 0
    },
    listenerCount: (event) => (listeners.get(event) ?? []).length,
  }
  return emitter
}
