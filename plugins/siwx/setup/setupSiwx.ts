import type { Disposer, PluginContext } from '../../../kernel/kernel.js'
import { createSiwxFlow, siwxView } from '../createSiwxFlow.js'
import { createSiwxHooks } from '../hooks.js'
import type { SiwxOptions } from '../types.js'
import { createEip155SignInVerifier } from '../verifiers/createEip155SignInVerifier.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

/**
 * The siwx plugin's `setup`, loaded with the kernel (`siwx().load()`), not with the page: the
 * built-in EIP-4361 verifier, the sign-in flow and its MobX store, the hooks siwx declares for
 * other plugins (`authenticateParameters`, `addSession`), the SIWXSignMessage view's descriptor
 * and the Account view's "Signed in" badge.
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link SiwxOptions}
 * @returns the disposer
 * @example
 * const dispose = setupSiwx(context, { required: true })
 */
export function setupSiwx(portico: PluginContext, options: SiwxOptions): Disposer {
  // EIP-4361 is built in, as in createSiwxServer: eip155 signatures are verified here (viem loaded
  // on the first check), so a site without siwx never ships that code. A plugin's own verifier wins.
  if (!portico.signInVerifiers.has('eip155')) portico.signInVerifiers.register('eip155', createEip155SignInVerifier())
  const flow = createSiwxFlow(portico, options)
  portico.registerStore('siwx', flow.store)
  // Other plugins (walletconnect's one-click sign-in) reach siwx through its declared hooks.
  const hooks = portico.declareHooks(createSiwxHooks())
  hooks.authenticateParameters.tapPromise('siwx', (chains) => flow.store.authenticateParameters(chains))
  hooks.addSession.tapPromise('siwx', (session) => flow.store.addSession(session))
  portico.hooks.registerViews.tap('siwx', (registry) => {
    if (!registry.has(siwxView)) registry.register({ id: siwxView, title: 'siwx.title', owner: 'siwx', load: () => import('../views/SIWXSignMessageView.js').then((m) => m.SIWXSignMessageView) })
  })
  // The Account view says so while the connected account holds a verified session.
  portico.accountBadges.register({ id: 'siwx', owner: 'siwx', label: 'siwx.signedIn', icon: 'check', shows: (account) => flow.store.isSigned(account.caipNetworkId, account.address) })
  return () => {
    portico.accountBadges.remove('siwx')
    flow.dispose()
  }
}
