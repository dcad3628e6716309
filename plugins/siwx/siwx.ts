import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { SiwxOptions } from './types.js'

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupSiwx.js'))

/**
 * Sign-in with X (CAIP-122): after connecting — and when the account or network changes — a
 * visitor without a valid session is asked to sign a message (EIP-4361 text on eip155) in the
 * SIWXSignMessage view. Sessions are verified by the chain plugin's verifier, kept in the browser
 * (or your backend, `sessionStore`), re-verified when read, and ended on disconnect. Its setup loads
 * with the kernel (`load()`), not with the page.
 *
 * @param options - see {@link SiwxOptions}; none are needed
 * @example
 * import { siwx } from 'portico/siwx'
 * createPortico({ networks, plugins: [eip155(), siwx({ required: true })] })
 */
export function siwx(options: SiwxOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'siwx',
    kind: 'feature',
    // Other locales load only when a site asks for them (`<PorticoProvider locale="fr">`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code (the flow, its MobX store, the verifier) loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupSiwx(portico, options),
  })
}
