import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'

export type OnrampOptions = {
  /** A server speaking the on-ramp API; default the instance's blockchain API. */
  apiUrl?: string
  /** The fiat currency the view starts with (default `USD`). */
  defaultFiatCurrency?: string
  /** An amount to start with, in that currency (e.g. `"50"`). */
  defaultFiatAmount?: string
  /** IANA time zones where buying is not available (default: spec §9's restricted regions). */
  restrictedTimeZones?: string[]
  /** How often the order's status is polled while the checkout is open, in ms (default 1000). */
  pollIntervalMs?: number
}

/** What the view reads back (`portico.getStore('onramp')`). */
export type OnrampSettings = Readonly<OnrampOptions>

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupOnramp.js'))

/**
 * The on-ramp feature plugin: a "Buy" action on the Account view (first, spec order) of eip155
 * and solana accounts, opening the on-ramp view (`OnRampProviders`, loaded with `await import()`
 * the first time). Options, quotes, checkout URLs and order status come from the on-ramp API of
 * the instance's blockchain API or `apiUrl`; the checkout is the provider's own page. Its setup
 * loads with the kernel (`load()`), not with the page.
 *
 * @param options see {@link OnrampOptions}
 * @example
 * import { onramp } from 'portico/onramp'
 * createPortico({ networks, plugins: [eip155(), solana(), onramp()] })
 */
export function onramp(options: OnrampOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'onramp',
    kind: 'feature',
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    code,
    setup: (loaded, portico) => loaded.setupOnramp(portico, options),
  })
}
