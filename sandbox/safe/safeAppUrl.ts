import { SafeAppsHostError } from './safeAppsHost.js'

/** The loopback hosts the Safe host page frames a Safe App from (nothing in the sandbox leaves the machine). */
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The Safe App the sandbox's Safe host frames: the demo (`http://localhost:<PORT>/?safeApp=1`, another
 * origin than the host's) unless `?app=` names a page of your own, which must be http(s) on a
 * loopback host (127.0.0.1, localhost or [::1]).
 *
 * @param app - the host page's `app` query parameter, if any
 * @param host - the host page's location
 * @returns the URL to frame; its origin is the one the host answers
 * @throws SafeAppsHostError for anything but an http(s) loopback URL
 * @example
 * safeAppUrl('http://127.0.0.1:5173/', location).origin // 'http://127.0.0.1:5173'
 */
export function safeAppUrl(app: string | null, host: { protocol: string; port: string }): URL {
  if (app === null || app === '') return new URL(`${host.protocol}//localhost:${host.port}/?safeApp=1`)
  let url: URL
  try {
    url = new URL(app)
  } catch {
    throw new SafeAppsHostError(`app=${app.slice(0, 80)} is not a URL`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !loopbackHosts.has(url.hostname) || url.username || url.password) {
    throw new SafeAppsHostError(`app=${app.slice(0, 80)} is not an http(s) page on 127.0.0.1, localhost or [::1]`)
  }
  return url
}
