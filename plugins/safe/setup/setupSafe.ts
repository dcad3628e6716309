import type { PluginContext } from '../../../kernel/kernel.js'
import type { SafeHost } from '../safe.js'
// The plugin's meta loads with its code (defineLazyPlugin): its docs text is not in a page's first bytes.
export { meta } from '../meta.js'

/**
 * Registers the Safe host store (`portico.getStore('safe')`) that the eip155 plugin reads when the
 * page is framed: `start` loads the Safe Apps code and looks for a Safe host around the page.
 *
 * @param portico - the plugin context
 * @example
 * setupSafe(portico) // then portico.getStore<SafeHost>('safe').start(window.parent, { chainIds: [1] })
 */
export function setupSafe(portico: PluginContext): void {
  portico.registerStore('safe', {
    start: (target, { chainIds }) => import('../host/startSafe.js').then(({ startSafe }) => startSafe(target as never, { chainIds })),
  } satisfies SafeHost)
}
