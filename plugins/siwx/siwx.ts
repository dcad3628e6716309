import { definePlugin, PluginNotLoadedError, version, type Plugin, type PluginContext } from '../../kernel/index.js'
import { meta } from './meta.js'
import type { SiwxOptions } from './types.js'

let setupSiwx: typeof import('./setup/setupSiwx.js').setupSiwx | undefined
/** The plugin's English strings, loaded with its setup (`load()`). */
let englishMessages: Readonly<Record<string, string>> | undefined

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
  return definePlugin({
    name: 'siwx',
    kind: 'feature',
    version,
    meta,
    // The English strings come with the setup: only the plugin's views, which load with the kernel, show them.
    get messages() {
      return englishMessages
    },
    // Other locales load only when a site asks for them (`<PorticoProvider locale="fr">`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code (the flow, its MobX store, the verifier) loads with the kernel, not with the page (issue 44).
    async load() {
      if (setupSiwx) return
      const loaded = await import('./setup/setupSiwx.js')
      setupSiwx = loaded.setupSiwx
      englishMessages = loaded.messages
    },
    setup(portico) {
      if (!setupSiwx) throw new PluginNotLoadedError({ plugin: 'siwx' })
      return setupSiwx(portico, options)
    },
  })
}
