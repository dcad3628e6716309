import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'

export type SwapOptions = {
  /** The default slippage tolerance in percent (default 1, spec §9); the visitor can change it. */
  slippage?: number
  /** A server speaking the swap API (`/v1/convert/*`); default the instance's blockchain API. */
  apiUrl?: string
}

/** What the view reads back (`portico.getStore('swap')`). */
export type SwapSettings = Readonly<SwapOptions>

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupSwap.js'))

/**
 * The swap feature plugin: a "Swap" action on the Account view (before Receive and Send, spec
 * order) opening the Swap view, loaded with `await import()` the first time. Quotes, approvals and
 * swaps come from the swap API (`/v1/convert/*`) of the instance's blockchain API or `apiUrl`; the
 * wallet sends them through the chain plugin's `sendTransaction`. Its setup loads with the kernel
 * (`load()`), not with the page.
 *
 * @param options see {@link SwapOptions}
 * @example
 * import { swap } from 'portico/swap'
 * createPortico({ networks, plugins: [eip155(), swap()] })
 */
export function swap(options: SwapOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'swap',
    kind: 'feature',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupSwap(portico, options),
  })
}
