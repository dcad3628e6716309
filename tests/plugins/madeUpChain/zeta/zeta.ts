import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../../../kernel/index.js'
import { zetaNamespace } from './constants.js'

// The plugin's setup and meta: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupZeta.js'))

/**
 * The zeta chain plugin, written as a third party would (this folder imports Portico only through
 * its public entries): it has no wallet of its own; a connector that carries requests
 * (WalletConnect) connects, and the plugin encodes zeta's requests over that connection.
 *
 * @example
 * createPortico({ networks: [zetaTestnet], plugins: [zeta(), walletConnect()] })
 */
export function zeta(): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: zetaNamespace,
    kind: 'chain',
    namespace: zetaNamespace,
    version: '0.1.0',
    // The chain's name on the page's buttons, before the kernel loads.
    messages: { [`${zetaNamespace}.chainName`]: 'Zeta' },
    code,
    setup: (loaded, context) => loaded.setupZeta(context),
  })
}
