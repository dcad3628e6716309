import { InvalidPluginError, InvalidPluginOptionsError } from '../errors/options.js'
import { validateSchema } from '../plugin/validateSchema.js'
import type { Plugin } from '../types/plugin.js'

export type ValidatePluginsErrorType = InvalidPluginError | InvalidPluginOptionsError

/**
 * Checks what each plugin declares in its `meta`, once its code is loaded (a plugin may fill `meta`
 * in `load()`, to keep it out of the page's first bytes): a description, a well-formed
 * `meta.sendMemo` on a chain plugin only, and the plugin's options against `meta.optionsSchema`.
 * The kernel runs it before any plugin's `setup`; `validateOptions` checked the rest at page start.
 * A lazy plugin not loaded yet is skipped (its `setup` then refuses with `PluginNotLoadedError`).
 *
 * @param plugins - the site's plugins, loaded (`await loadPlugins(plugins)`)
 * @throws {InvalidPluginError} a plugin without `meta.description` or with a malformed `meta.sendMemo`
 * @throws {InvalidPluginOptionsError} options that break the plugin's schema
 * @example
 * await loadPlugins(plugins)
 * validatePlugins(plugins) // throws InvalidPluginOptionsError for siwx({ statment: 'typo' })
 */
export function validatePlugins(plugins: readonly Plugin[]): void {
  plugins.forEach((plugin, index) => {
    const meta = plugin.meta
    // A lazy plugin whose code was not loaded has no meta yet: its setup refuses (PluginNotLoadedError,
    // reported as PluginSetupError) as before, and options it never runs with are not checked.
    if (meta === undefined && plugin.load) return
    if (!meta || typeof meta.description !== 'string') throw new InvalidPluginError({ index, reason: `"${plugin.name}" has no meta.description` })
    const memo = meta.sendMemo as { maxBytes?: unknown } | undefined
    if (memo !== undefined && (plugin.kind !== 'chain' || typeof memo !== 'object' || memo === null || !Number.isSafeInteger(memo.maxBytes) || (memo.maxBytes as number) < 1 || (memo.maxBytes as number) > 1024)) {
      throw new InvalidPluginError({ index, reason: `"${plugin.name}" declares meta.sendMemo, which needs a chain plugin and { maxBytes: 1…1024 }` })
    }
    if (meta.optionsSchema) {
      const issues = validateSchema(meta.optionsSchema, plugin.options ?? {}, 'options')
      if (issues.length) throw new InvalidPluginOptionsError({ plugin: plugin.name, issues })
    }
  })
}
