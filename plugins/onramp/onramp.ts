import { definePlugin, PluginNotLoadedError, version, type Plugin, type PluginContext } from '../../kernel/index.js'
import { meta } from './meta.js'

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

let setupOnramp: typeof import('./setup/setupOnramp.js').setupOnramp | undefined
/** The plugin's English strings, loaded with its setup (`load()`). */
let englishMessages: Readonly<Record<string, string>> | undefined

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
  return definePlugin({
    name: 'onramp',
    kind: 'feature',
    version,
    meta,
    // The English strings come with the setup: only the plugin's views, which load with the kernel, show them.
    get messages() {
      return englishMessages
    },
    // Other locales load only when a site asks for one (`<PorticoProvider locale>`).
    locales: () => import('./locales/index.js').then((m) => m.locales),
    options,
    // The plugin's code loads with the kernel, not with the page (issue 44).
    async load() {
      if (setupOnramp) return
      const loaded = await import('./setup/setupOnramp.js')
      setupOnramp = loaded.setupOnramp
      englishMessages = loaded.messages
    },
    setup(portico) {
      if (!setupOnramp) throw new PluginNotLoadedError({ plugin: 'onramp' })
      return setupOnramp(portico, options)
    },
  })
}
