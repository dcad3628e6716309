const forbidden = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Reads a dotted path under `window` (`cosmostation.providers.keplr`) where a wallet injects its
 * provider: a throwing getter, a missing step or a prototype key reads as `undefined`.
 *
 * @example
 * readInjected(window, 'XverseProviders.BitcoinProvider')
 */
export function readInjected(root: unknown, path: string): unknown {
  let value = root
  for (const part of path.split('.')) {
    if (forbidden.has(part)) return undefined
    try {
      value = (value as Record<string, unknown> | null | undefined)?.[part]
    } catch {
      return undefined
    }
  }
  return value
}

export type CreateInjectedWalletPollerParameters<W extends { id: string }> = {
  /** The window (`undefined` on a server: no wallets, no timers). */
  target: (EventTarget & Record<string, unknown>) | undefined
  /** Reads the page's wallets now. */
  list(): W[]
  /** What makes the list another one for `onChange` listeners (default: the ids in order). */
  signature?(wallets: W[]): string
  /** More window events after which the page is read again (a wallet's key change …), besides `load`. */
  events?: readonly string[]
  /** How often the page is read again after start, and for how long (extensions inject late). */
  pollMs?: number
  pollForMs?: number
  /**
   * When set, `waitFor` on a page still loading counts its time-out from the window's `load`, at
   * most this much longer (for wallets that promise their object only once the document is complete).
   */
  loadWaitMs?: number
}

/** The live list of a chain's injected wallets, read again as extensions inject late. */
export type InjectedWalletPoller<W extends { id: string }> = {
  wallets(): W[]
  get(id: string): W | undefined
  /** Resolves with the wallet once it is injected, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<W | undefined>
  /** Calls `listener` when the list changes (a wallet injected late). */
  onChange(listener: () => void): () => void
  dispose(): void
}

/**
 * The injected-wallet poller chain plugins that find wallets by a property of `window` share (the
 * cosmos and stacks plugins): the page is read again on `load`, on the given `events` and every
 * `pollMs` for `pollForMs`, and listeners hear of each change; `waitFor` polls every 50 ms for one
 * wallet. The plugin says how to read its wallets (`list`).
 *
 * @example
 * const discovery = createInjectedWalletPoller({ target: window, list: () => readMyWallets(window) })
 */
export function createInjectedWalletPoller<W extends { id: string }>({
  target,
  list,
  signature = (wallets) => wallets.map((w) => w.id).join(','),
  events = [],
  pollMs = 250,
  pollForMs = 3_000,
  loadWaitMs,
}: CreateInjectedWalletPollerParameters<W>): InjectedWalletPoller<W> {
  const wallets = () => (target ? list() : [])
  const listeners = new Set<() => void>()
  let last = signature(wallets())
  const check = () => {
    const now = signature(wallets())
    if (now === last) return
    last = now
    for (const listener of [...listeners]) listener()
  }
  target?.addEventListener('load', check)
  for (const event of events) target?.addEventListener(event, check)
  const started = Date.now()
  const timer = target
    ? setInterval(() => {
        check()
        if (Date.now() - started >= pollForMs) clearInterval(timer)
      }, pollMs)
    : undefined
  const get = (id: string) => wallets().find((w) => w.id === id)
  const stillLoading = () => {
    const state = readInjected(target, 'document.readyState')
    return typeof state === 'string' && state !== 'complete'
  }
  return {
    wallets,
    get,
    waitFor(id, timeoutMs) {
      const now = get(id)
      if (now || timeoutMs <= 0) return Promise.resolve(now)
      return new Promise((resolve) => {
        let timeout: ReturnType<typeof setTimeout> | undefined
        const arm = (ms: number) => {
          clearTimeout(timeout)
          timeout = setTimeout(() => done(undefined), ms)
        }
        const loaded = () => arm(timeoutMs)
        const done = (value: W | undefined) => {
          clearTimeout(timeout)
          clearInterval(poll)
          target?.removeEventListener('load', loaded)
          resolve(value)
        }
        const poll = setInterval(() => {
          const wallet = get(id)
          if (wallet) done(wallet)
        }, 50)
        if (loadWaitMs !== undefined && stillLoading()) {
          target?.addEventListener('load', loaded)
          arm(timeoutMs + loadWaitMs)
        } else arm(timeoutMs)
      })
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      if (timer) clearInterval(timer)
      target?.removeEventListener('load', check)
      for (const event of events) target?.removeEventListener(event, check)
      listeners.clear()
    },
  }
}
