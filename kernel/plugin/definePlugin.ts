import type { PluginContext } from './createPluginContext.js'
import type { Plugin } from '../types/plugin.js'

export type DefinePluginParameters = Plugin<PluginContext>
export type DefinePluginReturnType = Plugin<PluginContext>

/**
 * Types a plugin object; it returns the plugin unchanged.
 *
 * @param plugin - `{ name, kind, namespace?, version, meta, options?, setup }`
 * @returns the same plugin
 * @example
 * export function myChain(options = {}) {
 *   return definePlugin({ name: 'mychain', kind: 'chain', namespace: 'mychain', version: '1.0.0', options,
 *     meta: { description: 'Connect MyChain wallets.' },
 *     setup(context) { context.hooks.connect.for('mychain').tapPromise('mychain', connect); return () => {} } })
 * }
 */
export function definePlugin(plugin: DefinePluginParameters): DefinePluginReturnType {
  return plugin
}
