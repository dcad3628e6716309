// Page-start code (the handle lends the actions before the kernel loads): an options error, whose module a page has anyway.
import { InvalidPluginError } from '../errors/options.js'
import type { Plugin } from '../types/plugin.js'

/**
 * Puts on `target` (the kernel, or `createPortico`'s handle) each action a plugin names in
 * `actions`: calling one runs the member of that name in the plugin's store
 * (`registerStore(plugin.name, …)`), so the kernel lends a plugin's actions without knowing them.
 *
 * @param target - the object that gets the actions
 * @param plugins - the instance's plugins
 * @param run - runs the named action of the plugin (the kernel reads the plugin's store; the handle loads the kernel first)
 * @throws InvalidPluginError when an action's name is taken (by the instance or another plugin)
 * @example
 * lendPluginActions(handle, options.plugins, async (plugin, name, args) => (await load())[name](...args))
 */
export function lendPluginActions(target: object, plugins: readonly Plugin<unknown>[], run: (plugin: string, name: string, args: unknown[]) => unknown): void {
  plugins.forEach((plugin, index) => {
    for (const name of plugin.actions ?? []) {
      if (name in target) throw new InvalidPluginError({ index, reason: `"${plugin.name}" lends the action "${name}", which the instance has or another plugin lends` })
      Object.defineProperty(target, name, { value: (...args: unknown[]) => run(plugin.name, name, args), enumerable: true })
    }
  })
}

