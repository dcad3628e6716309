import type { Plugin, StartupProbeContext } from '../types/plugin.js'

export type RunStartupProbesReturnType = {
  /** The plugins whose probe asked for the kernel now, by name. */
  wanted: string[]
  /** Probes that threw: each counts as `false`, and is reported (a `StartupProbeError`) once the kernel loads. */
  failures: { plugin: string; cause: unknown }[]
}

/**
 * Runs every plugin's start-time probe ({@link Plugin.startup}) at page start, before the kernel
 * loads: `createPortico` loads the kernel at once when any asks for it. All run, in the site's
 * order, even after one said yes; one that throws is kept as a failure and does not stop the others.
 *
 * @param plugins - the site's plugins
 * @param context - what a probe may read
 * @returns which plugins want the kernel now, and the probes that failed
 * @example
 * const { wanted } = runStartupProbes(options.plugins, { options, storage, window, now: Date.now })
 * if (wanted.length) void handle.load()
 */
export function runStartupProbes(plugins: readonly Pick<Plugin, 'name' | 'startup'>[], context: StartupProbeContext): RunStartupProbesReturnType {
  const wanted: string[] = []
  const failures: { plugin: string; cause: unknown }[] = []
  for (const plugin of plugins) {
    if (typeof plugin.startup !== 'function') continue
    try {
      if (plugin.startup(context) === true) wanted.push(plugin.name)
    } catch (cause) {
      failures.push({ plugin: plugin.name, cause })
    }
  }
  return { wanted, failures }
}
