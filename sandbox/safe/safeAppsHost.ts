/**
 * The host side of the Safe Apps messaging protocol (as `@safe-global/safe-apps-sdk` 9.x speaks it):
 * the app posts `{ id, method, params, env: { sdkVersion } }` to its parent; the host answers
 * `{ id, success: true, version, data }` or `{ id, success: false, version, error }` to the app's
 * origin. Messages from any other window or origin, or of another shape, are ignored.
 */

/** The version the host reports in every answer (the SDK accepts major ≥ 1). */
export const safeAppsHostVersion = '1.28.0'

/** The methods the sandbox host answers (docs/guides/smart-accounts.md §5). */
export const safeAppsMethods = ['getSafeInfo', 'getChainInfo', 'getEnvironmentInfo', 'rpcCall', 'sendTransactions', 'getTxBySafeTxHash', 'signMessage', 'signTypedMessage'] as const
export type SafeAppsMethod = (typeof safeAppsMethods)[number]

/** One request of the app, once its shape was checked. */
export type SafeAppsRequest = { id: string; method: SafeAppsMethod; params: unknown }

/** What a handler throws to answer `success: false` with its message. */
export class SafeAppsHostError extends Error {
  override name = 'SafeAppsHostError'
}

/**
 * The request in `data`, or `undefined` when it is not one: an `id` string of 1–64 characters, a
 * known `method`, and `env.sdkVersion` a string.
 *
 * @example
 * parseSafeAppsRequest({ id: 'a1b2c3d4e5', method: 'getSafeInfo', params: undefined, env: { sdkVersion: '9.1.0' } })
 */
export function parseSafeAppsRequest(data: unknown): SafeAppsRequest | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { id, method, params, env } = data as Record<string, unknown>
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) return undefined
  if (typeof method !== 'string' || !(safeAppsMethods as readonly string[]).includes(method)) return undefined
  if (typeof env !== 'object' || env === null || typeof (env as { sdkVersion?: unknown }).sdkVersion !== 'string') return undefined
  return { id, method: method as SafeAppsMethod, params }
}

export type SafeAppsHostParameters = {
  /** The app's window (the iframe's `contentWindow`): only its messages are read. */
  appWindow: () => Window | null
  /** The app's origin: messages from another origin are ignored, answers go only there. */
  appOrigin: string
  /** Answers one request; throwing `SafeAppsHostError` (or any error) answers `success: false`. */
  handle: (request: SafeAppsRequest) => Promise<unknown>
  /** Where messages arrive (default `window`). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>
}

/**
 * Listens for the app's Safe Apps requests and answers them.
 *
 * @returns a function that stops listening
 * @example
 * const stop = listenSafeApps({ appWindow: () => iframe.contentWindow, appOrigin: 'http://localhost:4700', handle })
 */
export function listenSafeApps({ appWindow, appOrigin, handle, target = window }: SafeAppsHostParameters): () => void {
  const onMessage = (event: MessageEvent) => {
    const app = appWindow()
    if (!app || event.source !== app || event.origin !== appOrigin) return
    const request = parseSafeAppsRequest(event.data)
    if (!request) return
    handle(request).then(
      (data) => app.postMessage({ id: request.id, success: true, version: safeAppsHostVersion, data }, appOrigin),
      (error: unknown) => app.postMessage({ id: request.id, success: false, version: safeAppsHostVersion, error: error instanceof Error ? error.message : String(error) }, appOrigin),
    )
  }
  target.addEventListener('message', onMessage as EventListener)
  return () => target.removeEventListener('message', onMessage as EventListener)
}
