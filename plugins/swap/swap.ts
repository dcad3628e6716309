import { accountActionOrder, definePlugin, version, type Plugin, type PluginContext } from '../../kernel/kernel.js'
import { messages } from './messages.js'
import { meta } from './meta.js'

export type SwapOptions = {
  /** The default slippage tolerance in percent (default 1, spec §9); the visitor can change it. */
  slippage?: number
  /** A server speaking the swap API (`/v1/convert/*`); default the instance's blockchain API. */
  apiUrl?: string
}

/** What the view reads back (`portico.getStore('swap')`). */
export type SwapSettings = Readonly<SwapOptions>

const view = 'Swap'

/**
 * The swap feature plugin: a "Swap" action on the Account view (before Receive and Send, spec
 * order) opening the Swap view, loaded with `await import()` the first time. Quotes, approvals and
 * swaps come from the swap API (`/v1/convert/*`) of the instance's blockchain API or `apiUrl`; the
 * wallet sends them through the chain plugin's `sendTransaction`.
 *
 * @param options see {@link SwapOptions}
 * @example
 * import { swap } from 'portico/swap'
 * createPortico({ networks, plugins: [eip155(), swap()] })
 */
export function swap(options: SwapOptions = {}): Plugin<PluginContext> {
  return definePlugin({
    name: 'swap',
    kind: 'feature',
    version,
    meta,
    messages,
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    setup(portico) {
      portico.registerStore('swap', Object.freeze({ ...options }) satisfies SwapSettings)
      portico.hooks.registerViews.tap('swap', (registry) => {
        if (!registry.has(view)) registry.register({ id: view, title: 'swap.title', owner: 'swap', load: () => import('./views/SwapView.js').then((m) => m.SwapView) })
      })
      // Swaps are eip155 only (spec §9): the button shows there; the view says so if opened elsewhere.
      portico.accountActions.register({ id: 'swaps', owner: 'swap', label: 'swap.action', view, icon: 'swap', order: accountActionOrder.swaps, namespaces: ['eip155'] })
      return () => portico.accountActions.remove('swaps')
    },
  })
}
