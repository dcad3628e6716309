import { BaseError } from './BaseError.js'

// Its own module: a plugin's factory (page-start code) names it, so it is in a page's first bytes;
// the kernel's other plugin errors (./plugin.ts) are not.

/** A plugin's `setup` ran before its code was loaded (`await loadPlugins(plugins)` first; `createPortico` does it). */
export class PluginNotLoadedError extends BaseError {
  override name = 'PluginNotLoadedError'
  override code = 'PLUGIN_NOT_LOADED'
  constructor({ plugin }: { plugin: string }) {
    super(`The "${plugin}" plugin's code is not loaded`, {
      docsPath: '/kernel/errors.md#pluginnotloadederror',
      metaMessages: ['Create the instance with createPortico (its load() loads every plugin), or await loadPlugins(plugins) before createPorticoKernel.'],
    })
  }
}
