import type { PluginContext } from '../../../kernel/kernel.js'
import { AuthFrameError, FrameUnavailableError } from '../errors.js'
import type { ApprovalState, AuthState, FrameError, FrameEvent, FrameMethod, FrameMethods } from '../protocol.js'

/** The part of a `MessagePort` the client uses (a real one in the browser and in Node). */
export type FramePort = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  start?(): void
  close(): void
}

/** The events a caller may listen to. */
export type FrameClientEvents = {
  stateChanged: (state: AuthState) => void
  exportClosed: () => void
  approval: (state: ApprovalState) => void
}

export type FrameClientOptions = {
  walletOrigin: string
  clock: Pick<PluginContext['clock'], 'setTimeout' | 'clearTimeout'>
  /** How long the frame may take to say `ready` (default 15 s). */
  readyTimeoutMs?: number
  /** How long a request may wait for its answer (default 30 s; `request` waits up to 5 minutes, as the visitor may be asked). */
  requestTimeoutMs?: number
}

const defaultReadyTimeoutMs = 15_000
const defaultRequestTimeoutMs = 30_000
const walletRequestTimeoutMs = 5 * 60_000

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: unknown; method: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The site's side of the frame protocol (docs/guides/embedded-wallet.md §3) over the one
 * `MessagePort` the frame accepted: waits for `{ event: 'ready' }`, then sends requests by id
 * (each with its own timeout) and hands the frame's events to listeners. Anything on the port
 * that is not an answer to a pending request or a known event is ignored.
 *
 * @example
 * const client = new FrameClient(port, { walletOrigin, clock: portico.clock })
 * await client.ready
 * const state = await client.request('status')
 */
export class FrameClient {
  /** Resolves when the frame said `ready`; rejects with FrameUnavailableError after the ready timeout. */
  readonly ready: Promise<void>
  readonly #port: FramePort
  readonly #options: FrameClientOptions
  readonly #pending = new Map<number, Pending>()
  readonly #listeners: { [E in keyof FrameClientEvents]: Set<FrameClientEvents[E]> } = { stateChanged: new Set(), exportClosed: new Set(), approval: new Set() }
  #nextId = 1
  #destroyed = false
  #markReady!: () => void
  #failReady!: (error: unknown) => void
  #readyTimer: unknown

  constructor(port: FramePort, options: FrameClientOptions) {
    this.#port = port
    this.#options = options
    this.ready = new Promise<void>((resolve, reject) => {
      this.#markReady = resolve
      this.#failReady = reject
    })
    this.ready.catch(() => undefined)
    this.#readyTimer = options.clock.setTimeout(() => this.#failReady(new FrameUnavailableError({ walletOrigin: options.walletOrigin })), options.readyTimeoutMs ?? defaultReadyTimeoutMs)
    port.addEventListener('message', this.#onMessage)
    port.start?.()
  }

  /**
   * Sends one request and resolves with the frame's `result`.
   *
   * @throws AuthFrameError with the frame's code, FrameUnavailableError on a timeout or after `destroy()`
   */
  async request<M extends FrameMethod>(method: M, ...params: FrameMethods[M]['params'] extends undefined ? [] : [FrameMethods[M]['params']]): Promise<FrameMethods[M]['result']> {
    await this.ready
    if (this.#destroyed) throw new FrameUnavailableError({ walletOrigin: this.#options.walletOrigin, method })
    const id = this.#nextId++
    const timeout = method === 'request' ? Math.max(walletRequestTimeoutMs, this.#options.requestTimeoutMs ?? 0) : (this.#options.requestTimeoutMs ?? defaultRequestTimeoutMs)
    return new Promise<FrameMethods[M]['result']>((resolve, reject) => {
      const timer = this.#options.clock.setTimeout(() => {
        this.#pending.delete(id)
        reject(new FrameUnavailableError({ walletOrigin: this.#options.walletOrigin, method }))
      }, timeout)
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer, method })
      this.#port.postMessage(params.length ? { id, method, params: params[0] } : { id, method })
    })
  }

  /** Listens to a frame event; returns the remover. */
  on<E extends keyof FrameClientEvents>(event: E, listener: FrameClientEvents[E]): () => void {
    this.#listeners[event].add(listener)
    return () => void this.#listeners[event].delete(listener)
  }

  /** Whether `destroy()` ran. */
  get destroyed(): boolean {
    return this.#destroyed
  }

  /** Closes the port; pending requests fail with FrameUnavailableError. */
  destroy(): void {
    if (this.#destroyed) return
    this.#destroyed = true
    this.#options.clock.clearTimeout(this.#readyTimer)
    this.#failReady(new FrameUnavailableError({ walletOrigin: this.#options.walletOrigin }))
    this.#port.removeEventListener('message', this.#onMessage)
    this.#port.close()
    for (const [id, pending] of this.#pending) {
      this.#options.clock.clearTimeout(pending.timer)
      pending.reject(new FrameUnavailableError({ walletOrigin: this.#options.walletOrigin, method: pending.method }))
      this.#pending.delete(id)
    }
    this.#listeners.stateChanged.clear()
    this.#listeners.exportClosed.clear()
    this.#listeners.approval.clear()
  }

  readonly #onMessage = (event: { data: unknown }): void => {
    const data = event?.data
    if (!isRecord(data) || this.#destroyed) return
    if (typeof data.event === 'string') return this.#onEvent(data as FrameEvent)
    if (typeof data.id !== 'number') return
    const pending = this.#pending.get(data.id)
    if (!pending) return
    const hasResult = Object.prototype.hasOwnProperty.call(data, 'result')
    const error = data.error
    if (!hasResult && !isRecord(error)) return
    this.#pending.delete(data.id)
    this.#options.clock.clearTimeout(pending.timer)
    if (isRecord(error)) pending.reject(new AuthFrameError(error as FrameError))
    else pending.resolve(data.result)
  }

  #onEvent(event: FrameEvent): void {
    if (event.event === 'ready') {
      this.#options.clock.clearTimeout(this.#readyTimer)
      this.#markReady()
      return
    }
    if (event.event === 'stateChanged') {
      const state = (event as { data?: unknown }).data
      if (!isRecord(state)) return
      for (const listener of [...this.#listeners.stateChanged]) listener(state as AuthState)
      return
    }
    if (event.event === 'approval') {
      const state = (event as { data?: unknown }).data
      if (!isRecord(state) || typeof state.pending !== 'boolean') return
      for (const listener of [...this.#listeners.approval]) listener(state as ApprovalState)
      return
    }
    if (event.event === 'exportClosed') for (const listener of [...this.#listeners.exportClosed]) listener()
  }
}
