import type { ConnectMethod, PluginConnectMethod, RemoteFeatures } from '../../../kernel/kernel.js'

export type ShownConnectMethodsParameters = {
  /** The site's connect-method order (`getConnectMethodsOrder`). */
  order: readonly ConnectMethod[]
  remoteFeatures: Pick<RemoteFeatures, 'email' | 'socials'>
  /** Whether a plugin registered a section for the method. */
  registered: (method: PluginConnectMethod) => boolean
}

/**
 * The connect methods the Connect view shows, in order: `wallet` always; `email` when the remote
 * feature `email` is on and a plugin offers an email section; `social` when the remote feature
 * `socials` lists at least one provider and a plugin offers a social section. Unknown or repeated
 * entries of a site's order are skipped, and `wallet` is added last when the order left it out.
 *
 * @example
 * shownConnectMethods({ order: ['email', 'social', 'wallet'], remoteFeatures: { email: true, socials: false }, registered: () => true }) // ['email', 'wallet']
 */
export function shownConnectMethods({ order, remoteFeatures, registered }: ShownConnectMethodsParameters): ConnectMethod[] {
  const on: Record<ConnectMethod, boolean> = {
    wallet: true,
    email: remoteFeatures.email === true && registered('email'),
    social: Array.isArray(remoteFeatures.socials) && remoteFeatures.socials.length > 0 && registered('social'),
  }
  const shown: ConnectMethod[] = []
  for (const method of order) if (Object.prototype.hasOwnProperty.call(on, method) && on[method] && !shown.includes(method)) shown.push(method)
  if (!shown.includes('wallet')) shown.push('wallet')
  return shown
}
