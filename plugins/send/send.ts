import { accountActionOrder, definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import { messages } from './messages.js'
import { meta } from './meta.js'
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

const views = { form: 'WalletSend', preview: 'WalletSendPreview' } as const

/**
 * The send feature plugin: a "Send" action on the Account view (last, spec order) for every
 * namespace whose chain plugin taps `send`, opening the send form and its review, loaded with
 * `await import()` the first time. The form sends through `portico.send(...)`, which stays in the
 * kernel: a page calls it without this plugin. After a send the toast follows the transaction to
 * its receipt (the chain plugin's `waitForTransaction` tap) and the balances refresh. The
 * `features.send` option still hides the action.
 *
 * @example
 * import { send } from 'portico/send'
 * createPortico({ networks, plugins: [eip155(), send()] })
 */
export function send(options: SendOptions = {}): Plugin<PluginContext> {
  return definePlugin({
    name: 'send',
    kind: 'feature',
    version,
    meta,
    messages,
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    setup(portico) {
      const store: SendPluginStore = { context: portico, form: undefined }
      portico.registerStore('send', store)
      portico.hooks.registerViews.tap('send', (registry) => {
        if (!registry.has(views.form)) registry.register({ id: views.form, title: 'send.form.title', owner: 'send', load: () => import('./views/WalletSendView.js').then((m) => m.WalletSendView) })
        if (!registry.has(views.preview)) registry.register({ id: views.preview, title: 'send.preview.title', owner: 'send', load: () => import('./views/WalletSendPreviewView.js').then((m) => m.WalletSendPreviewView) })
      })
      portico.accountActions.register({
        id: 'send',
        owner: 'send',
        label: 'send.action',
        view: views.form,
        icon: 'send',
        order: accountActionOrder.send,
        // Where the namespace's chain plugin can send, unless the site turned the feature off.
        shows: (account) => portico.stores.options.features.send && Boolean(portico.hooks.send.get(account.namespace)?.isUsed()),
      })
      // A form filled on one network is not sent on another.
      const stopWatching = portico.watch(
        () => portico.stores.networks.activeNetwork?.caipNetworkId,
        () => store.form?.reset(),
      )
      return () => {
        stopWatching()
        portico.accountActions.remove('send')
      }
    },
  })
}
