import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { SendStore } from './stores/SendStore.js'

/** The send plugin takes no options: `send()`. */
export type SendOptions = Record<string, never>

/**
 * What the views read back (`portico.getStore('send')`): the plugin's context (the views move
 * through its `pushView` / `resetView`) and the form's store, made by the views' chunk the first
 * time the form opens.
 */
export type SendPluginStore = {
  readonly context: PluginContext
  form: SendStore | undefined
}

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupSend.js'))

/**
 * The send feature plugin: a "Send" action on the Account view (last, spec order) for every
 * namespace whose chain plugin taps `send`, opening the send form and its review, loaded with
 * `await import()` the first time. The form sends through `portico.send(...)`, which stays in the
 * kernel: a page calls it without this plugin. After a send its success screen follows the
 * transaction to its receipt (the chain adapter's `waitForTransaction`; the toast once the visitor
 * left the screen) and the balances refresh. The
 * `features.send` option still hides the action. Its setup loads with the kernel (`load()`), not
 * with the page.
 *
 * @example
 * import { send } from 'portico/send'
 * createPortico({ networks, plugins: [eip155(), send()] })
 */
export function send(options: SendOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'send',
    kind: 'feature',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupSend(portico),
  })
}
