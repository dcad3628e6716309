import { definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import { createSiwxFlow, siwxView } from './createSiwxFlow.js'
import { createSiwxHooks } from './hooks.js'
import { messages } from './messages.js'
import { meta } from './meta.js'
import type { SiwxOptions } from './types.js'
import { createEip155SignInVerifier } from './verifiers/createEip155SignInVerifier.js'

/**
 * Sign-in with X (CAIP-122): after connecting — and when the account or network changes — a
 * visitor without a valid session is asked to sign a message (EIP-4361 text on eip155) in the
 * SIWXSignMessage view. Sessions are verified by the chain plugin's verifier, kept in the browser
 * (or your backend, `sessionStore`), re-verified when read, and ended on disconnect.
 *
 * @param options - see {@link SiwxOptions}; none are needed
 * @example
 * import { siwx } from 'portico/siwx'
 * createPortico({ networks, plugins: [eip155(), siwx({ required: true })] })
 */
export function siwx(options: SiwxOptions = {}): Plugin<PluginContext> {
  return definePlugin({
    name: 'siwx',
    kind: 'feature',
    version,
    meta,
    messages,
    // Other locales load only when a site asks for them (`<PorticoProvider locale="fr">`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    setup(portico) {
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
        if (!registry.has(siwxView)) registry.register({ id: siwxView, title: 'siwx.title', owner: 'siwx', load: () => import('./views/SIWXSignMessageView.js').then((m) => m.SIWXSignMessageView) })
      })
      // The Account view says so while the connected account holds a verified session.
      portico.accountBadges.register({ id: 'siwx', owner: 'siwx', label: 'siwx.signedIn', icon: 'check', shows: (account) => flow.store.isSigned(account.caipNetworkId, account.address) })
      return () => {
        portico.accountBadges.remove('siwx')
        flow.dispose()
      }
    },
  })
}
