import { accountActionOrder, type Disposer, type PluginContext } from '../../../kernel/kernel.js'
import type { OnrampOptions, OnrampSettings } from '../onramp.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

// The English strings load with the setup; the factory's `messages` reads them after `load()`.
export { messages } from '../messages.js'

const view = 'OnRampProviders'

/**
 * The onramp plugin's `setup`, loaded with the kernel (`onramp().load()`), not with the page: its
 * settings store, the on-ramp view's descriptor (the view itself loads on the first press of Buy)
 * and the Account view's Buy action on eip155 and solana accounts, while the `onramp` feature is on.
 *
 * @param portico - the plugin's context
 * @param options - the site's {@link OnrampOptions}
 * @returns the disposer
 * @example
 * const dispose = setupOnramp(context, { defaultFiatCurrency: 'EUR' })
 */
export function setupOnramp(portico: PluginContext, options: OnrampOptions): Disposer {
  portico.registerStore('onramp', Object.freeze({ ...options }) satisfies OnrampSettings)
  portico.hooks.registerViews.tap('onramp', (registry) => {
    if (!registry.has(view)) registry.register({ id: view, title: 'onramp.title', owner: 'onramp', load: () => import('../views/OnrampView.js').then((m) => m.OnrampView) })
  })
  // Spec §9: on-ramp chains are eip155 and solana. The `onramp` feature (`features.onramp`, or the
  // project configuration's `onramp` entry) turns the action off.
  portico.accountActions.register({
    id: 'onramp',
    owner: 'onramp',
    label: 'onramp.action',
    view,
    icon: 'wallet',
    order: accountActionOrder.onramp,
    namespaces: ['eip155', 'solana'],
    shows: () => portico.stores.options.remoteFeatures.onramp !== false,
  })
  return () => portico.accountActions.remove('onramp')
}
