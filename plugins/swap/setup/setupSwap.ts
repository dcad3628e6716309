import { accountActionOrder, type Disposer, type PluginContext } from '../../../kernel/kernel.js'
import type { SwapOptions, SwapSettings } from '../swap.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const view = 'Swap'

/**
 * The swap plugin's `setup`, loaded with the kernel (`swap().load()`), not with the page: its
 * settings store, the Swap view's descriptor (the view itself loads on the first press of Swap) and
 * the Account view's Swap action on eip155 accounts, while the `swaps` feature is on.
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link SwapOptions}
 * @returns the disposer
 * @example
 * const dispose = setupSwap(context, { slippage: 0.5 })
 */
export function setupSwap(portico: PluginContext, options: SwapOptions): Disposer {
  portico.registerStore('swap', Object.freeze({ ...options }) satisfies SwapSettings)
  portico.hooks.registerViews.tap('swap', (registry) => {
    if (!registry.has(view)) registry.register({ id: view, title: 'swap.title', owner: 'swap', load: () => import('../views/SwapView.js').then((m) => m.SwapView) })
  })
  // Swaps are eip155 only (spec §9): the button shows there; the view says so if opened elsewhere.
  // The `swaps` feature (`features.swaps`, or the project configuration's `swap` entry) turns it off.
  portico.accountActions.register({
    id: 'swaps',
    owner: 'swap',
    label: 'swap.action',
    view,
    icon: 'swap',
    order: accountActionOrder.swaps,
    namespaces: ['eip155'],
    shows: () => portico.stores.options.remoteFeatures.swaps !== false,
  })
  return () => portico.accountActions.remove('swaps')
}
