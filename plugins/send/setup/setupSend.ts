import { accountActionOrder, type Disposer, type PluginContext } from '../../../kernel/kernel.js'
import type { SendPluginStore } from '../send.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const views = { form: 'WalletSend', preview: 'WalletSendPreview', success: 'WalletSendSuccess', receive: 'WalletReceive' } as const

/**
 * The send plugin's `setup`, loaded with the kernel (`send().load()`), not with the page: its
 * store, the send form's, review's, success screen's and Receive view's descriptors (each view loads when first
 * opened), the Account view's Send action where the namespace's chain plugin can send and its
 * Receive action, and the form's reset when the network changes.
 *
 * @param portico - the plugin's context
 * @returns the disposer
 * @example
 * const dispose = setupSend(context)
 */
export function setupSend(portico: PluginContext): Disposer {
  const store: SendPluginStore = { context: portico, form: undefined }
  portico.registerStore('send', store)
  portico.hooks.registerViews.tap('send', (registry) => {
    if (!registry.has(views.form)) registry.register({ id: views.form, title: 'send.form.title', owner: 'send', load: () => import('../views/WalletSendView.js').then((m) => m.WalletSendView) })
    if (!registry.has(views.preview)) registry.register({ id: views.preview, title: 'send.preview.title', owner: 'send', load: () => import('../views/WalletSendPreviewView.js').then((m) => m.WalletSendPreviewView) })
    if (!registry.has(views.success)) registry.register({ id: views.success, title: 'send.form.title', owner: 'send', load: () => import('../views/WalletSendSuccessView.js').then((m) => m.WalletSendSuccessView) })
    if (!registry.has(views.receive)) registry.register({ id: views.receive, title: 'send.receive.title', owner: 'send', load: () => import('../views/WalletReceiveView.js').then((m) => m.WalletReceiveView) })
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
  // The connected address as a QR code to receive funds on, unless the site turned the feature off.
  portico.accountActions.register({
    id: 'receive',
    owner: 'send',
    label: 'send.receive.action',
    view: views.receive,
    icon: 'arrowDown',
    order: accountActionOrder.receive,
    shows: () => portico.stores.options.features.receive,
  })
  // A form filled on one network is not sent on another.
  const stopWatching = portico.watch(
    () => portico.stores.networks.activeNetwork?.caipNetworkId,
    () => store.form?.reset(),
  )
  return () => {
    stopWatching()
    portico.accountActions.remove('send')
    portico.accountActions.remove('receive')
  }
}
