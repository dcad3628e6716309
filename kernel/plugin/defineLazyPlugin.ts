import { PluginNotLoadedError } from '../errors/pluginNotLoaded.js'
import type { Disposer, Plugin, PluginMeta } from '../types/plugin.js'
import { version as kernelVersion } from '../version.js'
import type { PluginContext } from './createPluginContext.js'

/** What a lazy plugin's code module exports besides its setup: its meta and, optionally, the English strings its views show. */
export type LazyPluginModule = {
  /** The plugin's meta (description, options schema, hooks, views, errors), read by the kernel after `load()`. */
  meta: PluginMeta
  /** English strings that only the plugin's lazily loaded views show (keys under the plugin's name). */
  messages?: Readonly<Record<string, string>>
}

/** A plugin's code module behind one `import()`, loaded once for every instance of the plugin. */
export type LazyCode<Module extends LazyPluginModule> = {
  /** The module, once loaded (`undefined` before). */
  readonly module: Module | undefined
  /** Imports it once; a failed import may be retried. */
  load(): Promise<Module>
}

/**
 * A plugin's code module, imported at most once however many instances the factory makes: made at
 * the top of the factory's module, so once any instance has loaded, every instance (a test's, a
 * host's `createPorticoKernel`) sets up at once.
 *
 * @param importer - `() => import('./setup/setupMyPlugin.js')`; the module exports `meta` (and `messages`)
 * @returns `{ module, load }`, for {@link defineLazyPlugin}'s `code`
 * @example
 * const code = lazyCode(() => import('./setup/setupSwap.js'))
 */
export function lazyCode<Module extends LazyPluginModule>(importer: () => Promise<Module>): LazyCode<Module> {
  let module: Module | undefined
  let loading: Promise<Module> | undefined
  return {
    get module() {
      return module
    },
    load() {
      if (module) return Promise.resolve(module)
      loading ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}

export type DefineLazyPluginParameters<Module extends LazyPluginModule, Context = PluginContext> = Omit<Plugin<Context>, 'meta' | 'load' | 'setup' | 'messages' | 'version'> & {
  /** Default: the kernel's version (a first-party plugin ships with it). */
  version?: string
  /** The plugin's code module ({@link lazyCode}): its setup, `meta` and English strings, loaded with the kernel. */
  code: LazyCode<Module>
  /** Sets the plugin up from its loaded module (`(loaded, context) => loaded.setupSwap(context, options)`). */
  setup(module: Module, context: Context): Disposer | void
  /** English strings a page shows before the kernel loads (a chain's name on the page's buttons); merged under the loaded ones. */
  messages?: Readonly<Record<string, string>>
}

/**
 * The plugin shape every first-party plugin uses: at page start a plugin is a name, the options
 * and, at most, a start-time probe; its setup, its `meta` (the docs text and the options schema)
 * and its English strings load together with the kernel, from one `import()`, so a site pays for a
 * plugin only when the visitor reaches for the modal. The kernel checks `meta` and the options
 * after `load()` (`validatePlugins`). Third-party plugins may use it too, or write `definePlugin`
 * with `meta` and `setup` given at once.
 *
 * @param plugin - `{ name, kind, namespace?, options?, locales?, startup?, messages?, code, setup }`
 * @returns the plugin; `meta` and the loaded `messages` are `undefined` until its code has loaded
 * @example
 * const code = lazyCode(() => import('./setup/setupSwap.js'))
 * export function swap(options: SwapOptions = {}) {
 *   return defineLazyPlugin({ name: 'swap', kind: 'feature', options, code, setup: (loaded, portico) => loaded.setupSwap(portico, options) })
 * }
 */
export function defineLazyPlugin<Module extends LazyPluginModule, Context = PluginContext>({
  code,
  setup,
  messages: pageMessages,
  version,
  ...plugin
}: DefineLazyPluginParameters<Module, Context>): Plugin<Context> {
  return {
    ...plugin,
    version: version ?? kernelVersion,
    get meta() {
      return code.module?.meta
    },
    get messages() {
      const loaded = code.module?.messages
      if (!loaded) return pageMessages
      return pageMessages ? { ...pageMessages, ...loaded } : loaded
    },
    async load() {
      await code.load()
    },
    setup(context) {
      if (!code.module) throw new PluginNotLoadedError({ plugin: plugin.name })
      return setup(code.module, context)
    },
  }
}
