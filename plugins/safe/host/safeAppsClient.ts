import { SafeRpcError } from './safeRpcError.js'

/** The SDK version this client reports in `env.sdkVersion` (the Safe Apps protocol of `@safe-global/safe-apps-sdk` 9.x). */
export const safeAppsSdkVersion = '9.1.0'

/** The window the client talks through: its parent (the Safe host) and its own message events. */
export type SafeAppsWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & { parent: { postMessage(message: unknown, targetOrigin: string): void } | null }

export type SafeAppsClient = {
  /**
   * Asks the host `method` and resolves with its `data`; rejects with a `SafeRpcError` when
   * the host answers `success: false` (-32603, its message), or when no answer came in `timeoutMs`.
   */
  request<T = unknown>(method: string, params?: unknown, options?: { timeoutMs?: number }): Promise<T>
  dispose(): void
}

/** A 10-hex-character request id, as the SDK makes them. */
function requestId(): string {
  const bytes = new Uint8Array(5)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Whether `version` is a semver string of major ≥ 1 (the SDK refuses older hosts). */
export function isSupportedHostVersion(version: unknown): boolean {
  if (typeof version !== 'string') return false
  const match = /^(\d{1,4})\.\d{1,4}\.\d{1,4}/.exec(version)
  return match !== null && Number(match[1]) >= 1
}

/**
 * The app side of the Safe Apps messaging protocol: each request goes to `window.parent` as
 * `{ id, method, params, env: { sdkVersion } }`; an answer counts only when it comes from
 * `window.parent` itself, carries the id asked, a host version of major ≥ 1 and `success` a
 * boolean. Everything else on the message channel is ignored.
 *
 * @example
 * const client = createSafeAppsClient(window)
 * const info = await client.request('getSafeInfo', undefined, { timeoutMs: 500 })
 */
export function createSafeAppsClient(target: SafeAppsWindow, { defaultTimeoutMs = 120_000 }: { defaultTimeoutMs?: number } = {}): SafeAppsClient {
  const pending = new Map<string, { resolve: (data: unknown) => void; reject: (error: Error) => void }>()
  const onMessage = (event: MessageEvent) => {
    if (!target.parent || event.source !== (target.parent as unknown)) return
    const message = event.data as { id?: unknown; success?: unknown; version?: unknown; data?: unknown; error?: unknown } | null
    if (typeof message !== 'object' || message === null || typeof message.id !== 'string') return
    const waiter = pending.get(message.id)
    if (!waiter || typeof message.success !== 'boolean' || !isSupportedHostVersion(message.version)) return
    pending.delete(message.id)
    if (message.success) waiter.resolve(message.data)
    else waiter.reject(new SafeRpcError(-32603, typeof message.error === 'string' ? message.error.slice(0, 500) : 'The Safe refused the request'))
  }
  target.addEventListener('message', onMessage as EventListener)
  return {
    request<T>(method: string, params?: unknown, { timeoutMs = defaultTimeoutMs } = {}) {
      const parent = target.parent
      if (!parent) return Promise.reject(new SafeRpcError(4900, 'The page is not inside a Safe'))
      const id = requestId()
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new SafeRpcError(-32603, `The Safe did not answer ${method} in ${timeoutMs} ms`))
        }, timeoutMs)
        pending.set(id, {
          resolve: (data) => {
            clearTimeout(timer)
            resolve(data as T)
          },
          reject: (error) => {
            clearTimeout(timer)
            reject(error)
          },
        })
        parent.postMessage({ id, method, params, env: { sdkVersion: safeAppsSdkVersion } }, '*')
      })
    },
    dispose() {
      target.removeEventListener('message', onMessage as EventListener)
      for (const { reject } of pending.values()) reject(new SafeRpcError(4900, 'The Safe connection was closed'))
      pending.clear()
    },
  }
}
