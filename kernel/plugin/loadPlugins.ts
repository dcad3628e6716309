import type { Plugin } from '../types/plugin.js'

/**
 * Loads the code of every plugin that keeps it behind a `load` (in parallel); resolves when all
 * can `setup`. `createPortico`'s `load()` calls it before creating the kernel.
 *
 * @param plugins - the site's plugins
 * @example
 * await loadPlugins([eip155(), solana()]); const portico = createPorticoKernel(options)
 */
export async function loadPlugins(plugins: readonly Pick<Plugin, 'load'>[]): Promise<void> {
  await Promise.all(plugins.map((plugin) => plugin.load?.()))
}
