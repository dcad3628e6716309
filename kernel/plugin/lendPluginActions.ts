import { BaseError } from '../errors/BaseError.js'
import { PluginSetupError } from '../errors/plugin.js'
import type { Plugin } from '../types/plugin.js'

/**
 * Puts on `target` (the kernel, or `createPortico`'s handle) each action a plugin names in
 * `meta.actions`: calling one runs the member of that name in the plugin's store
 * (`registerStore(plugin.name, …)`), so the kernel lends a plugin's actions without knowing them.
 *
 * @param target - the object that gets the actions
 * @param plugins - the instance's plugins
 * @param run - runs the named action of the plugin (the kernel reads the plugin's store; the handle loads the kernel first)
 * @throws PluginSetupError when an action's name is taken (by the instance or another plugin)
 * @example
 * lendPluginActions(handle, options.plugins, async (plugin, name, args) => (await load())[name](...args))
 */
export function lendPluginActions(target: object, plugins: readonly Plugin<unknown>[], run: (plugin: string, name: string, args: unknown[]) => unknown): void {
  for (const plugin of plugins) {
    for (const name of plugin.meta.actions ?? []) {
      if (name in target) throw new PluginSetupError({ plugin: plugin.name, cause: new BaseError(`The action "${name}" is taken: the instance has one of that name, or another plugin lends it`) })
      Object.defineProperty(target, name, { value: (...args: unknown[]) => run(plugin.name, name, args), enumerable: true })
    }
  }
}

