import { PluginHooksDeclaredError, PluginHooksNotFoundError } from '../errors/plugin.js'

/** Anything with a tapable `tap` (a hook) or `for` (a HookMap). */
export type HookLike = { tap: (...args: never[]) => unknown } | { for: (...args: never[]) => unknown }

/** A plugin's own hooks: one plain object of hook instances, by hook name. */
export type DeclaredHooks = Record<string, HookLike>

/**
 * The hooks plugins declare of their own (webpack's hooks-registry pattern): a plugin declares
 * them once in `setup` (`context.declareHooks({...})`), and other plugins find them by the
 * plugin's name (`context.pluginHooks<SignInHooks>('siwx', ['authenticateParameters'])`),
 * typed by the shape the asking plugin expects and checked by name at run time.
 */
export class PluginHookRegistry {
  readonly #declared = new Map<string, DeclaredHooks>()
  readonly #installed: ReadonlySet<string>

  constructor(installed: Iterable<string>) {
    this.#installed = new Set(installed)
  }

  /** Declares `plugin`'s hooks (once); returns them frozen. */
  declare<H extends DeclaredHooks>(plugin: string, hooks: H): Readonly<H> {
    if (this.#declared.has(plugin)) throw new PluginHooksDeclaredError({ plugin })
    const frozen = Object.freeze({ ...hooks })
    this.#declared.set(plugin, frozen)
    return frozen
  }

  /** Whether a plugin of that name is installed. */
  isInstalled(plugin: string): boolean {
    return this.#installed.has(plugin)
  }

  /**
   * The hooks `plugin` declared, as the shape `H` the requester expects.
   *
   * @param plugin - the declaring plugin's name
   * @param requester - the asking plugin's name (for the error)
   * @param names - the hook names the requester needs; each must be declared
   * @throws PluginHooksNotFoundError when the plugin is not installed, declares no hooks, or lacks one of `names`
   */
  get<H extends DeclaredHooks>(plugin: string, requester: string, names: readonly (keyof H & string)[] = []): H {
    const installed = this.#installed.has(plugin)
    const hooks = this.#declared.get(plugin)
    if (!installed || !hooks) throw new PluginHooksNotFoundError({ plugin, requester, installed })
    const missing = names.filter((name) => !(name in hooks))
    if (missing.length > 0) throw new PluginHooksNotFoundError({ plugin, requester, installed, missing })
    return hooks as H
  }

  /** Every declaring plugin with its hook names (the docs generator reads this). */
  list(): { plugin: string; hooks: string[] }[] {
    return [...this.#declared].map(([plugin, hooks]) => ({ plugin, hooks: Object.keys(hooks) }))
  }
}
