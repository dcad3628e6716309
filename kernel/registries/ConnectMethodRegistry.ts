import { makeAutoObservable } from 'mobx'
import { BaseError } from '../errors/BaseError.js'
import type { ConnectMethod } from '../options/defaults.js'

/** A connect-method section is malformed, or a second plugin offers the same method. */
export class InvalidConnectMethodError extends BaseError {
  override name = 'InvalidConnectMethodError'
  override code = 'INVALID_CONNECT_METHOD'
  constructor({ method, reason }: { method: string; reason: string }) {
    super(`Invalid connect method "${String(method).slice(0, 60)}"`, { docsPath: '/kernel/errors.md#invalidconnectmethoderror', metaMessages: [reason] })
  }
}

/** The connect methods a plugin may add a section for (`wallet` is the UI's own wallet list). */
export type PluginConnectMethod = Exclude<ConnectMethod, 'wallet'>

/**
 * A section a plugin adds to the Connect view for one connect method (an email field, a row of
 * social buttons). The UI shows it in the site's connect-method order when the remote feature of
 * that method (`email`, `socials`) is on, loading its component on first show.
 */
export type ConnectMethodSection = {
  method: PluginConnectMethod
  /** The plugin that offers it. */
  owner: string
  /** Loads the section's component (a React component, as for a view's `load`). */
  load: () => Promise<unknown>
}

const methods: readonly PluginConnectMethod[] = ['email', 'social']

/**
 * The Connect view's sections that plugins add per connect method
 * (`context.connectMethods.register({ method, owner, load })`): at most one per method.
 *
 * @example
 * portico.connectMethods.register({ method: 'email', owner: 'auth', load: () => import('./EmailSection.js').then((m) => m.EmailSection) })
 */
export class ConnectMethodRegistry {
  sections = new Map<PluginConnectMethod, ConnectMethodSection>()

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /**
   * Adds a section.
   *
   * @throws InvalidConnectMethodError for an unknown method, a missing owner or loader, or a second section for a method
   */
  register(section: ConnectMethodSection): void {
    const method = section?.method as string
    if (!methods.includes(method as PluginConnectMethod)) throw new InvalidConnectMethodError({ method, reason: `"method" must be one of ${methods.join(', ')}.` })
    if (typeof section.owner !== 'string' || section.owner.length === 0 || section.owner.length > 100) throw new InvalidConnectMethodError({ method, reason: '"owner" must be a non-empty string of at most 100 characters.' })
    if (typeof section.load !== 'function') throw new InvalidConnectMethodError({ method, reason: '"load" must be a function resolving to the component.' })
    const existing = this.sections.get(section.method)
    if (existing) throw new InvalidConnectMethodError({ method, reason: `Plugin "${existing.owner}" already offers it; plugin "${section.owner}" cannot.` })
    this.sections.set(section.method, { method: section.method, owner: section.owner, load: section.load })
  }

  /** The section for a method, if a plugin offers one. */
  get(method: PluginConnectMethod): ConnectMethodSection | undefined {
    return this.sections.get(method)
  }

  /** Removes a method's section (its plugin's disposer calls this). */
  remove(method: PluginConnectMethod): void {
    this.sections.delete(method)
  }
}
