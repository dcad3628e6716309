/**
 * Whether the wallet origin serves a path: only the auth service (`/auth/v1/…`), the RPC
 * proxy the frame reads chains through (`/v1`, `/v1/`) and the bundler route its smart account
 * sends user operations through (`/v1/bundler`). Everything else the server serves (the
 * sandbox's pages and scripts, the other APIs) would be same-origin with the frame and its device
 * share, so the wallet origin answers it 404.
 *
 * @param url - the request URL (path and query)
 * @example
 * isWalletOriginPath('/auth/v1/frame?projectId=demo') // true
 * isWalletOriginPath('/wallet') // false
 */
export function isWalletOriginPath(url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return path.startsWith('/auth/v1/') || path === '/v1' || path === '/v1/' || path === '/v1/bundler'
}
