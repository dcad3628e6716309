import { defineLazyPlugin, lazyCode, type Plugin, type PluginContext } from '../../kernel/index.js'
import type { SafeConnection } from './host/startSafe.js'
import { isFramed } from './host/isFramed.js'

/** The safe plugin takes no options: `safe()`. */
export type SafeOptions = Record<string, never>

/**
 * What the plugin registers (`portico.getStore('safe')`), read by the eip155 plugin when the page
 * is framed: `start` loads the Safe Apps code and looks for a Safe host around the page.
 */
export type SafeHost = {
  start(target: unknown, options: { chainIds: readonly number[] }): Promise<SafeConnection | undefined>
}

// The plugin's code, meta and views' strings: one import, with the kernel, shared by every instance.
const code = /* @__PURE__ */ lazyCode(() => import('./setup/setupSafe.js'))

/**
 * The Safe{Wallet} host plugin: a site that runs as a Safe App adds it beside `eip155()`. In a page
 * framed by a Safe host, the eip155 plugin then finds the Safe (Safe Apps protocol, at most
 * 500 ms) and connects it as the connector `safe` with no prompt (docs/guides/smart-accounts.md
 * §5). The Safe Apps code loads with `await import()`, only in a framed page. Without this plugin
 * a framed page asks its parent nothing. `eip155({ safe: false })` still turns detection off.
 *
 * @example
 * import { safe } from 'portico/safe'
 * createPortico({ networks, plugins: [eip155(), safe()] })
 */
export function safe(options: SafeOptions = {}): Plugin<PluginContext> {
  return defineLazyPlugin({
    name: 'safe',
    kind: 'feature',
    options,
    // Start-time duty (docs/architecture.md): a framed page may be a Safe App in its host, which
    // expects it connected with no click, so the kernel loads at once and eip155 asks the parent.
    startup: ({ window }) => isFramed(window),
    // Its setup (a store whose `start` imports the Safe Apps code, only in a framed page) loads with the kernel.
    code,
    setup: (loaded, portico) => loaded.setupSafe(portico),
  })
}
