import { observable, runInAction } from 'mobx'
import { BaseError } from '../errors/BaseError.js'

/** Loads a plugin's strings in one locale, e.g. `() => import('./locales/fr.js').then((m) => m.fr)`. */
export type PluginLocaleLoader = () => Promise<Readonly<Record<string, string>>>

/** A locale tag as BCP 47 spells the common ones: `fr`, `pt-BR`, `zh-Hant`. */
const localeTag = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** A plugin's messages broke the rules (a key outside its prefix, a value that is not text). */
export class InvalidPluginMessagesError extends BaseError {
  override name = 'InvalidPluginMessagesError'
  override code = 'INVALID_PLUGIN_MESSAGES'
  constructor({ plugin, reason }: { plugin: string; reason: string }) {
    super(`Invalid messages of plugin "${plugin}"`, { docsPath: '/kernel/errors.md#invalidpluginmessageserror', metaMessages: [reason] })
  }
}

/**
 * The English defaults of every plugin's strings (`definePlugin({ messages })`), each key under
 * its plugin's name (`siwx.title`). The UI's translator reads them after the site's own strings
 * and the UI's English: a site translates a plugin like anything else, by key.
 */
export class MessageRegistry {
  readonly #messages = new Map<string, string>()
  /** Per plugin, its locale loaders (`definePlugin({ locales })`), or the import of them; called only by {@link load}. */
  readonly #loaders = new Map<string, Readonly<Record<string, PluginLocaleLoader>> | (() => Promise<unknown>)>()
  /** Loaded strings per locale (observable: a view re-renders when its locale arrives). */
  readonly #localized = observable.map<string, ReadonlyMap<string, string>>({}, { deep: false })
  readonly #loading = new Map<string, Promise<void>>()

  /**
   * Adds a plugin's English defaults.
   *
   * @throws InvalidPluginMessagesError for a key outside `<plugin>.`, a non-string or overlong value
   */
  register(plugin: string, messages: Readonly<Record<string, unknown>>): void {
    for (const [key, value] of checkMessages(plugin, messages)) this.#messages.set(key, value)
  }

  /**
   * Adds a plugin's other locales as loaders (`{ fr: () => import('./locales/fr.js') … }`), or as
   * one function that imports that map; none runs until a site asks for a locale with {@link load}
   * (a lazily imported map is checked then, and a bad one is reported as that plugin's failure).
   *
   * @throws InvalidPluginMessagesError for a malformed locale tag or a loader that is not a function
   */
  registerLocales(plugin: string, locales: unknown): void {
    if (typeof locales === 'function') {
      this.#loaders.set(plugin, locales as () => Promise<unknown>)
      return
    }
    this.#loaders.set(plugin, checkLoaders(plugin, locales))
  }

  /**
   * Loads every plugin's strings in `locale` (once; later calls share the first): each plugin's
   * loader for that exact tag, else for its language (`pt` for `pt-BR`). A plugin without the
   * locale keeps its English; a loader that fails or returns bad strings is skipped and reported
   * in the result, and the other plugins' strings still load.
   *
   * @returns the plugins whose strings could not be loaded, with why
   */
  async load(locale: string): Promise<{ plugin: string; error: unknown }[]> {
    const failures: { plugin: string; error: unknown }[] = []
    const pending = this.#loading.get(locale)
    if (pending) {
      await pending
      return failures
    }
    const run = (async () => {
      const strings = new Map<string, string>()
      const language = locale.split('-')[0] ?? locale
      for (const [plugin, registered] of this.#loaders) {
        try {
          const loaders = typeof registered === 'function' ? checkLoaders(plugin, await registered()) : registered
          const loader = Object.hasOwn(loaders, locale) ? loaders[locale] : Object.hasOwn(loaders, language) ? loaders[language] : undefined
          if (!loader) continue
          for (const [key, value] of checkMessages(plugin, await loader())) strings.set(key, value)
        } catch (error) {
          failures.push({ plugin, error })
        }
      }
      runInAction(() => this.#localized.set(locale, strings))
    })()
    this.#loading.set(locale, run)
    await run
    return failures
  }

  /** Whether {@link load} has finished for `locale` (its strings, or the plugins' English, are ready to show). */
  isLoaded(locale: string): boolean {
    return this.#localized.has(locale)
  }

  /** The plugin key's text in `locale` when loaded, else its English default, if a plugin gave one. */
  get(key: string, locale?: string): string | undefined {
    return (locale === undefined ? undefined : this.#localized.get(locale)?.get(key)) ?? this.#messages.get(key)
  }

  /** Every registered key and its English default. */
  entries(): [string, string][] {
    return [...this.#messages.entries()]
  }
}

/** A plugin's locale loaders checked: an object of locale tags to functions. */
function checkLoaders(plugin: string, locales: unknown): Readonly<Record<string, PluginLocaleLoader>> {
  if (!locales || typeof locales !== 'object' || Array.isArray(locales)) throw new InvalidPluginMessagesError({ plugin, reason: 'locales must be an object of locale → loader' })
  for (const [locale, loader] of Object.entries(locales)) {
    if (!localeTag.test(locale) || locale.length > 35) throw new InvalidPluginMessagesError({ plugin, reason: `"${locale.slice(0, 40)}" is not a locale tag (e.g. "fr", "pt-BR").` })
    if (typeof loader !== 'function') throw new InvalidPluginMessagesError({ plugin, reason: `The locale "${locale}" must be a function that loads its strings.` })
  }
  return locales as Readonly<Record<string, PluginLocaleLoader>>
}

/** A plugin's strings checked: an object of keys under `<plugin>.` to texts of at most 2,000 characters. */
function checkMessages(plugin: string, messages: unknown): [string, string][] {
  if (!messages || typeof messages !== 'object' || Array.isArray(messages)) throw new InvalidPluginMessagesError({ plugin, reason: 'messages must be an object of key → text' })
  const prefix = `${plugin}.`
  const entries = Object.entries(messages as Record<string, unknown>)
  for (const [key, value] of entries) {
    if (!key.startsWith(prefix) || key.length > 200) throw new InvalidPluginMessagesError({ plugin, reason: `The key "${key.slice(0, 80)}" must start with "${prefix}".` })
    if (typeof value !== 'string' || value.length > 2_000) throw new InvalidPluginMessagesError({ plugin, reason: `The value of "${key}" must be a string of at most 2000 characters.` })
  }
  return entries as [string, string][]
}
